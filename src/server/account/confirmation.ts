import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { countOf } from "../../shared/inflect.js";
import type { ConfirmationKind } from "../../shared/schemas/account.js";
import { CONFIRMATION_CODE_LENGTH } from "../../shared/schemas/account.js";
import { AttemptLimiter } from "../auth/attempt-limiter.js";
import type { AuthService } from "../auth/service.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { forbidden, invalid, rateLimited, unauthenticated, upstreamFailed } from "../errors.js";
import type { Mailer } from "../mail/mailer.js";
import { confirmationCodeEmail } from "../mail/templates.js";
import * as repository from "./repository.js";

/** A sign-in through the provider this recent confirms a change of an account without a password. */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;
/** An e-mailed code works this long, once. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong codes tried against one code before it stops working: 5 guesses in a million. */
export const CODE_MAX_ATTEMPTS = 5;
/** Codes e-mailed per account per hour (the route is limited per IP as well). */
const CODES_PER_HOUR = 5;

export const CONFIRMATION_MESSAGES = {
  codeNeeded:
    "Your account has no password, and your sign-in is more than 5 minutes old: confirm with the code we e-mail you. Ask for a code, then send it as code.",
  wrongCode: "The code is not correct.",
  wrongCodeLast: "The code is not correct, and it has been tried too many times: ask for a new one.",
  codeExpired: "This code has expired or was already used: ask for a new one.",
  hasPassword: "Your account has a password: confirm with it instead.",
  noPassword:
    "Your account has no password yet: confirm with a recent sign-in through your provider or an e-mailed code.",
  tooManyCodes: (minutes: number) =>
    `Too many codes asked for. Please wait ${countOf(minutes, "minute", "minutes")} and try again.`,
  mailFailed: "The e-mail with your code could not be sent. Please try again.",
  codeSent: (email: string) => `We sent a code to ${email}. It is valid for 10 minutes.`,
} as const;

/** What the request brought to confirm a change; the cookie's session token comes with it. */
export type ConfirmationInput = { password?: string | undefined; code?: string | undefined };

export type ConfirmationState = { kind: ConfirmationKind; recentSignInUntil: Date | null };

/** `<salt>:<hash>`: the code is short, so each one gets its own salt. */
function hashCode(code: string, salt = randomBytes(16).toString("hex")): string {
  return `${salt}:${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

function codeMatches(code: string, stored: string): boolean {
  const salt = stored.split(":")[0] ?? "";
  const given = Buffer.from(hashCode(code, salt));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * How a signed-in person confirms a sensitive change. An account with a password confirms with
 * it (AuthService's per-account limit applies). One without (made through a sign-in provider)
 * confirms with a sign-in through the provider within the last 5 minutes, or else with a
 * single-use code e-mailed to its address: stored hashed, valid 10 minutes, dead after 5 wrong
 * tries, at most 5 a person per hour.
 */
export class ChangeConfirmation {
  private readonly codeRequests = new AttemptLimiter(CODES_PER_HOUR, 60 * 60 * 1000);

  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
  ) {}

  /** Which confirmation applies to this session now. */
  async state(user: UserRow, sessionToken: string | undefined, now = new Date()): Promise<ConfirmationState> {
    if (user.passwordHash !== null) return { kind: "password", recentSignInUntil: null };
    const session = await this.auth.sessionSignIn(sessionToken, now);
    if (session?.userId === user.id && session.method === "provider") {
      const until = new Date(session.at.getTime() + RECENT_SIGN_IN_MS);
      if (until > now) return { kind: "recent_sign_in", recentSignInUntil: until };
    }
    return { kind: "email_code", recentSignInUntil: null };
  }

  /**
   * Throws unless the change is confirmed: the password (required, `passwordRequired` says so when
   * missing) for an account with one; else a correct code, or no field at all after a recent
   * sign-in. Without either the answer says a code is needed.
   */
  async confirm(
    user: UserRow,
    sessionToken: string | undefined,
    input: ConfirmationInput,
    passwordRequired: string,
    now = new Date(),
  ): Promise<void> {
    if (user.passwordHash !== null) {
      if (input.code !== undefined) throw invalid(CONFIRMATION_MESSAGES.hasPassword);
      if (input.password === undefined) throw invalid(passwordRequired);
      await this.auth.confirmPassword(user, input.password);
      return;
    }
    if (input.password !== undefined) throw invalid(CONFIRMATION_MESSAGES.noPassword);
    if (input.code !== undefined) {
      await this.checkCode(user, input.code, now);
      return;
    }
    if ((await this.state(user, sessionToken, now)).kind !== "recent_sign_in") {
      throw forbidden(CONFIRMATION_MESSAGES.codeNeeded);
    }
  }

  /** E-mails a new code to the account's address (replacing any earlier one); when it stops working. */
  async sendCode(user: UserRow, now = new Date()): Promise<{ message: string; expiresAt: Date }> {
    if (user.passwordHash !== null) throw invalid(CONFIRMATION_MESSAGES.hasPassword);
    const key = String(user.id);
    const wait = this.codeRequests.retryAfter(key, now.getTime());
    if (wait > 0) throw rateLimited(CONFIRMATION_MESSAGES.tooManyCodes(Math.ceil(wait / 60_000)));
    this.codeRequests.recordFailure(key, now.getTime());
    const code = String(randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)).padStart(CONFIRMATION_CODE_LENGTH, "0");
    const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS);
    await repository.replaceConfirmationCode(this.db, {
      userId: user.id,
      codeHash: hashCode(code),
      expiresAt,
      createdAt: now,
    });
    try {
      await this.mailer.send(
        await confirmationCodeEmail({ to: user.email, code, validMinutes: CODE_LIFETIME_MS / 60_000 }),
      );
    } catch {
      // The mailer has logged why; the stored code is useless without the e-mail, and replaced by the next.
      throw upstreamFailed(CONFIRMATION_MESSAGES.mailFailed);
    }
    return { message: CONFIRMATION_MESSAGES.codeSent(user.email), expiresAt };
  }

  private async checkCode(user: UserRow, code: string, now: Date): Promise<void> {
    const stored = await repository.tryConfirmationCode(this.db, user.id, now, CODE_MAX_ATTEMPTS);
    if (!stored) throw unauthenticated(CONFIRMATION_MESSAGES.codeExpired);
    if (!codeMatches(code, stored.codeHash)) {
      if (stored.attempts < CODE_MAX_ATTEMPTS) throw unauthenticated(CONFIRMATION_MESSAGES.wrongCode);
      await repository.spendConfirmationCode(this.db, user.id, stored.codeHash);
      throw unauthenticated(CONFIRMATION_MESSAGES.wrongCodeLast);
    }
    // Spent by its first correct use; a racing second use finds it gone.
    if (!(await repository.spendConfirmationCode(this.db, user.id, stored.codeHash))) {
      throw unauthenticated(CONFIRMATION_MESSAGES.codeExpired);
    }
  }
}
