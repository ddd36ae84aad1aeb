import { createHash, type KeyObject, sign, verify } from "node:crypto";

/**
 * Compact JWS with ES256 (P-256, SHA-256), as OpenID Connect providers sign ID tokens; node:crypto
 * only, so that the demo provider needs no library of its own.
 */

const encode = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const head = encode(JSON.stringify({ alg: "ES256", typ: "JWT", kid }));
  const body = encode(JSON.stringify(payload));
  const signature = sign("sha256", Buffer.from(`${head}.${body}`), { key, dsaEncoding: "ieee-p1363" });
  return `${head}.${body}.${encode(signature)}`;
}

/** The payload of a token this key signed, or null for anything else (any other alg included). */
export function verifyJwt(token: string, key: KeyObject): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: unknown };
    if (header.alg !== "ES256") return null;
    const valid = verify(
      "sha256",
      Buffer.from(`${head}.${body}`),
      { key, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    if (!valid) return null;
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
    return payload && typeof payload === "object" && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** PKCE's S256: BASE64URL(SHA256(verifier)). */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
