import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { EMAIL_KINDS, type EmailKind } from "../../shared/schemas/email-preferences.js";

/**
 * The signed token of a one-click unsubscribe link: who (userId), which kind of e-mail, until
 * when, and a random id (jti) so that each token can be spent once. Single-purpose: the purpose
 * is part of what is signed, so a token signed for anything else never verifies here.
 */
export type UnsubscribeClaims = { userId: number; kind: EmailKind; expiresAt: Date; jti: string };

const PURPOSE = "unsubscribe.v1";
/** Long enough for a message read weeks later; a newer e-mail always carries a fresh link. */
export const UNSUBSCRIBE_TOKEN_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;

const mac = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`${PURPOSE}.${payload}`).digest("base64url");

export function signUnsubscribeToken(
  secret: string,
  input: { userId: number; kind: EmailKind },
  now = new Date(),
): string {
  const payload = Buffer.from(
    JSON.stringify({
      u: input.userId,
      k: input.kind,
      e: Math.floor((now.getTime() + UNSUBSCRIBE_TOKEN_LIFETIME_MS) / 1000),
      j: randomBytes(16).toString("base64url"),
    }),
  ).toString("base64url");
  return `${payload}.${mac(secret, payload)}`;
}

export type TokenCheck = { ok: true; claims: UnsubscribeClaims } | { ok: false; reason: "invalid" | "expired" };

export function verifyUnsubscribeToken(secret: string, token: string, now = new Date()): TokenCheck {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const { u, k, e, j } = (claims ?? {}) as Record<string, unknown>;
  if (
    typeof u !== "number" ||
    !Number.isSafeInteger(u) ||
    typeof e !== "number" ||
    typeof j !== "string" ||
    !(EMAIL_KINDS as readonly unknown[]).includes(k)
  )
    return { ok: false, reason: "invalid" };
  const expiresAt = new Date(e * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims: { userId: u, kind: k as EmailKind, expiresAt, jti: j } };
}
