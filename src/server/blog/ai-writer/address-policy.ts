import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { Unreadable } from "./unreadable.js";

/** An address the policy has approved: the only one the request may connect to. */
export type CheckedAddress = { address: string; family: 4 | 6 };

/** The allow list as a set of normalised "host:port" keys. */
export type AllowList = ReadonlySet<string>;

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/**
 * True only for ordinary public unicast addresses. Loopback, private, link-local (the cloud
 * metadata address 169.254.169.254 among them), unique-local, carrier-grade NAT, unspecified,
 * broadcast, multicast, documentation and other reserved blocks, and the translation prefixes
 * (6to4, Teredo, NAT64) are all refused: each can lead back into a private network.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    // Every IPv6 form that embeds an IPv4 address reaches (or may reach) the IPv4 host behind it:
    // no public site needs one, so each is refused outright rather than judged by the address it
    // hides. The URL parser writes [::127.0.0.1] as [::7f00:1], which ipaddr.js files under
    // "unicast", hence the explicit zero-prefix check: the first 80 bits zero covers the
    // IPv4-compatible (::/96, deprecated), IPv4-mapped (::ffff:0:0/96) and IPv4-translated
    // (::ffff:0:0:0/96) forms, as well as :: and ::1. NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4
    // (2002::/16) and Teredo (2001::/32) have ranges of their own below, none of them "unicast".
    const parts = (parsed as ipaddr.IPv6).parts;
    if (parts.slice(0, 5).every((part) => part === 0)) return false;
    return parsed.range() === "unicast";
  }
  return parsed.range() === "unicast";
}

/** "host:port" of a URL: lower-case host (IPv6 in brackets), the scheme's port when none is written. */
export function hostKey(url: URL): string {
  return `${url.hostname}:${url.port || DEFAULT_PORTS[url.protocol] || ""}`;
}

/**
 * The configured host:port entries, written the way URL parsing writes hosts, so that
 * "[0:0::1]:80" in the configuration matches a request to http://[::1]/ and "EXAMPLE.com:80"
 * matches example.com.
 */
export function allowListOf(entries: readonly string[]): AllowList {
  const keys = new Set<string>();
  for (const entry of entries) {
    const colon = entry.lastIndexOf(":");
    if (colon <= 0) continue;
    try {
      keys.add(`${new URL(`http://${entry.slice(0, colon)}/`).hostname}:${Number(entry.slice(colon + 1))}`);
    } catch {
      // The configuration schema already refuses malformed entries; one that still fails to parse allows nothing.
    }
  }
  return keys;
}

/** Resolves before the signal aborts, or rejects with the abort. */
function beforeAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Decides whether the URL's host may be contacted, and at which address. Hosts on the allow list
 * pass whatever they resolve to. Anything else must be a public address, and a name must resolve
 * to public addresses only: one private address among several is enough to refuse, because the
 * connection could land on any of them. Nothing is sent anywhere for a refused host; the caller
 * connects to the returned address only, so a second DNS answer cannot swap it for another.
 */
export async function checkAddress(
  url: URL,
  allowList: AllowList,
  signal: AbortSignal,
  refusal = "the address is private or local",
): Promise<CheckedAddress> {
  const allowed = allowList.has(hostKey(url));
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host);
  if (literal !== 0) {
    if (!allowed && !isPublicAddress(host)) throw new Unreadable(refusal);
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await beforeAbort(lookup(host, { all: true, verbatim: true }), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Unreadable("its host name could not be found");
  }
  const [first] = addresses;
  if (!first) throw new Unreadable("its host name could not be found");
  if (!allowed && addresses.some(({ address }) => !isPublicAddress(address))) throw new Unreadable(refusal);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
