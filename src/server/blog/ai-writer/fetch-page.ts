import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { countOf } from "../../../shared/inflect.js";
import { type AllowList, type CheckedAddress, checkAddress } from "./address-policy.js";
import { Unreadable } from "./unreadable.js";

export type PageLimits = {
  /** For the whole page: every DNS lookup, redirect, the headers and the body. */
  timeoutMs: number;
  /** Decoded body bytes; a bigger page is refused rather than cut, as half an article misleads. */
  maxBytes: number;
  maxRedirects: number;
};

export const PAGE_LIMITS: PageLimits = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 };

export type FetchedPage = {
  /** Where the body finally came from, after redirects. */
  url: string;
  kind: "html" | "text";
  body: string;
};

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const REQUEST_HEADERS = {
  "user-agent": "Mozilla/5.0 (compatible; FundMatch-AI-Writer/1.0; reads articles an admin asked to summarise)",
  accept: "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.1",
  "accept-language": "en-US,en;q=0.9",
  "accept-encoding": "gzip, deflate, br",
};

/**
 * Hands the connection the address the policy checked instead of asking DNS again, so that a
 * name cannot resolve to a public address for the check and a private one for the connection.
 * The URL keeps its hostname, so the Host header, TLS SNI and certificate check use the name.
 */
function pinnedLookup(target: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** One GET to the checked address, whatever DNS would say about the URL's name by now. */
export function requestPinned(url: URL, target: CheckedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: "GET",
      headers: REQUEST_HEADERS,
      // A fresh socket per hop: a pooled one could have been opened to an address checked for another URL.
      agent: false,
      lookup: pinnedLookup(target),
      signal,
    });
    request.once("response", resolve);
    // Kept for the request's whole life: a socket error after the answer began is no crash.
    request.on("error", reject);
    request.end();
  });
}

function contentTypeOf(response: IncomingMessage): { mediaType: string; charset: string | undefined } {
  const header = response.headers["content-type"] ?? "";
  const mediaType = (header.split(";")[0] ?? "").trim().toLowerCase();
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header)?.[1];
  return { mediaType, charset };
}

function decodedStream(response: IncomingMessage): Readable {
  const encoding = (response.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : encoding === "identity" || encoding === ""
            ? undefined
            : null;
  if (decoder === null) throw new Unreadable(`the page uses an unknown compression (${encoding.slice(0, 40)})`);
  if (!decoder) return response;
  response.once("error", (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

/** Reads the body up to the limit, counting decoded bytes so that a small compressed bomb is caught too. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const stream = decodedStream(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk as Buffer);
    }
  } finally {
    // Stops the download as soon as we leave, whether done, too large or failed.
    response.destroy();
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

const tooLarge = (maxBytes: number) =>
  new Unreadable(`the page is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);

function decode(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    // An unknown charset label: UTF-8 reads most of the web correctly.
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * Fetches one page the way the AI writer may: http(s) only, every hop's address checked before
 * anything is sent, redirects followed by hand, a time limit for the whole page and a size limit.
 * Only HTML and plain text come back; every failure is an Unreadable with the reason.
 */
export async function fetchPage(
  address: string,
  allowList: AllowList,
  limits: PageLimits = PAGE_LIMITS,
): Promise<FetchedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("page time limit")), limits.timeoutMs);
  const { signal } = controller;
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects++) {
      const viaRedirect = redirects > 0;
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new Unreadable("it redirected to an address that is not http or https");
      }
      const target = await checkAddress(
        url,
        allowList,
        signal,
        viaRedirect ? "it redirected to an address that is private or local" : undefined,
      );
      const response = await requestPinned(url, target, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= limits.maxRedirects) {
          throw new Unreadable(`it redirected more than ${limits.maxRedirects} times`);
        }
        try {
          url = new URL(location, url);
        } catch {
          throw new Unreadable("it redirected to an address that is not valid");
        }
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new Unreadable(`the page answered with status ${status}`);
      }
      const { mediaType, charset } = contentTypeOf(response);
      const kind = HTML_TYPES.has(mediaType) ? "html" : mediaType === "text/plain" ? "text" : undefined;
      if (!kind) {
        response.destroy();
        throw new Unreadable(
          `it is not a web page or text (its type is ${mediaType ? mediaType.slice(0, 80) : "not stated"})`,
        );
      }
      const body = decode(await readBody(response, limits.maxBytes), charset);
      return { url: url.href, kind, body };
    }
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    if (signal.aborted) {
      const seconds = Math.max(1, Math.round(limits.timeoutMs / 1000));
      throw new Unreadable(`the page did not load within ${countOf(seconds, "second", "seconds")}`);
    }
    throw new Unreadable(connectionReason(error));
  } finally {
    clearTimeout(timer);
  }
}

function connectionReason(error: unknown): string {
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === "string" ? raw : "";
  if (code === "ECONNREFUSED") return "the server refused the connection";
  if (code === "ECONNRESET" || code === "EPIPE") return "the server closed the connection";
  if (["ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL"].includes(code)) {
    return "the server could not be reached";
  }
  if (code.startsWith("Z_") || code.startsWith("ERR__ERROR")) return "the page's compressed body is damaged";
  if (code.startsWith("ERR_TLS") || /CERT|SSL/.test(code)) return "its secure connection could not be verified";
  return "the connection failed";
}
