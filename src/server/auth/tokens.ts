import { hash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: the only copy is in the person's cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Every signed-in request hashes its cookie: the one-shot hash, without a Hash object per call. */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}
