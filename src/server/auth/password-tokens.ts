import type { Db } from "../db/client.js";
import * as repository from "./repository.js";
import { hashToken, newSessionToken } from "./tokens.js";

/**
 * What an e-mailed link is for: choosing the first password of the account a guest checkout
 * created, or resetting a forgotten one. A token only works for the purpose it was issued for.
 */
export type PasswordTokenPurpose = "set_password" | "reset_password";

/** How long an e-mailed set-password link works. */
export const PASSWORD_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a password-reset link works: shorter, since anyone can ask for one. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const LIFETIMES: Record<PasswordTokenPurpose, number> = {
  set_password: PASSWORD_TOKEN_LIFETIME_MS,
  reset_password: RESET_TOKEN_LIFETIME_MS,
};

/**
 * A single-use token for the user (256 random bits, URL-safe), valid for 24 hours (set-password)
 * or one hour (reset). Only its hash is stored; the raw token goes into the e-mailed link and
 * nowhere else.
 */
export async function issuePasswordToken(
  db: Db,
  userId: number,
  now = new Date(),
  purpose: PasswordTokenPurpose = "set_password",
): Promise<string> {
  const token = newSessionToken();
  await storePasswordToken(db, userId, token, now, purpose);
  return token;
}

/** Stores the hash of a token made beforehand (the reset worker makes one for every request). */
export async function storePasswordToken(
  db: Db,
  userId: number,
  token: string,
  now: Date,
  purpose: PasswordTokenPurpose,
): Promise<void> {
  await repository.insertPasswordToken(db, {
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + LIFETIMES[purpose]),
    createdAt: now,
  });
}

/**
 * Spends the token: the user it was issued for, or undefined when it is unknown, expired, was
 * already used or is for another purpose. The row is deleted in the same statement that reads it,
 * so a token works once even under concurrent requests. Expired tokens of anyone are swept on the way.
 */
export async function consumePasswordToken(
  db: Db,
  token: string,
  now = new Date(),
  purpose: PasswordTokenPurpose = "set_password",
): Promise<number | undefined> {
  const row = await repository.takePasswordToken(db, hashToken(token), purpose, now);
  await repository.deleteExpired(db, now, ["passwordTokens"]);
  return row?.userId;
}

/** Whether the token would still work for its purpose, without spending it (the page asks before its form). */
export async function passwordTokenUsable(
  db: Db,
  token: string,
  purpose: PasswordTokenPurpose,
  now = new Date(),
): Promise<boolean> {
  return (await repository.findPasswordToken(db, hashToken(token), purpose, now)) !== undefined;
}

/** The page that takes the token; `origin` is the app's public origin, without a trailing slash. */
export function setPasswordLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}/set-password?token=${encodeURIComponent(token)}`;
}

/** The page of a password-reset link. */
export function resetPasswordLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
}
