import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: the only copy is in the person's cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
