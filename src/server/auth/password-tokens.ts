import type { Db } from "../db/client.js";
import * as repository from "./repository.js";
import { hashToken, newSessionToken } from "./tokens.js";

/** How long an e-mailed set-password link works. */
export const PASSWORD_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A single-use set-password token for the user (256 random bits, URL-safe), valid for 24 hours.
 * Only its hash is stored; the raw token goes into the e-mailed link and nowhere else.
 */
export async function issuePasswordToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = newSessionToken();
  await repository.insertPasswordToken(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + PASSWORD_TOKEN_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

/**
 * Spends the token: the user it was issued for, or undefined when it is unknown, expired or was
 * already used. The row is deleted in the same statement that reads it, so a token works once
 * even under concurrent requests. Expired tokens of anyone are swept on the way.
 */
export async function consumePasswordToken(db: Db, token: string, now = new Date()): Promise<number | undefined> {
  const row = await repository.takePasswordToken(db, hashToken(token), now);
  await repository.deleteExpired(db, now, ["passwordTokens"]);
  return row?.userId;
}

/** The page that takes the token; `origin` is the app's public origin, without a trailing slash. */
export function setPasswordLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}/set-password?token=${encodeURIComponent(token)}`;
}
