import type { Logger } from "pino";
import { effectiveSubscriptionStatus, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from "../../shared/entitlements.js";
import { countOf } from "../../shared/inflect.js";
import {
  type LoginRequest,
  RESET_PASSWORD_LINK_INVALID,
  type RegisterRequest,
  type SessionUser,
} from "../../shared/schemas/auth.js";
import { SET_PASSWORD_LINK_INVALID } from "../../shared/schemas/billing.js";
import { graphemePrefix } from "../../shared/text-cut.js";
import type { Db } from "../db/client.js";
import type { SessionRow, UserRow } from "../db/types.js";
import { conflict, forbidden, invalid, rateLimited, unauthenticated } from "../errors.js";
import type { Mailer } from "../mail/mailer.js";
import { passwordResetEmail } from "../mail/templates.js";
import * as users from "../users/repository.js";
import { AttemptLimiter } from "./attempt-limiter.js";
import type { ClientInfo } from "./client-info.js";
import { revokeUnprovenAccess } from "./ownership.js";
import { hashPassword, verifyPassword } from "./password.js";
import {
  consumePasswordToken,
  type PasswordTokenPurpose,
  passwordTokenUsable,
  resetPasswordLink,
  storePasswordToken,
} from "./password-tokens.js";
import * as repository from "./repository.js";
import type { CachedSession, SessionCache } from "./session-cache.js";
import { hashToken, newSessionToken } from "./tokens.js";
import type { Viewer } from "./viewer.js";

/** A session ends after this long without use. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry moves with every use, but is written to the database at most this often per session. */
export const SESSION_WRITE_BACK_MS = 60 * 1000;
/** Messages of the auth API; the login page maps some of them. */
export const AUTH_MESSAGES = {
  emailInUse: "Email already in use",
  invalidCredentials: "Invalid email or password.",
  deactivated:
    "This account has been deactivated. To use it again, e-mail us at hello@fundmatch.example and we will reactivate it.",
  notAuthenticated: "Not authenticated",
  wrongPassword: "The password is not correct.",
  tooManyAttempts: (minutes: number) =>
    `Too many failed attempts for this account. Please wait ${countOf(minutes, "minute", "minutes")} and try again.`,
  /** Unknown browsers are held back from an account that strangers are guessing at; its owner is not. */
  tooManyAttemptsHere: (minutes: number) =>
    `Too many failed attempts for this account. Please wait ${countOf(minutes, "minute", "minutes")}, log in from a browser you have logged in with before, or reset your password by e-mail.`,
} as const;

export type { ClientInfo };
export type SignedIn = { user: UserRow; token: string; expiresAt: Date };
export type ResolvedSession = { user: UserRow; expiresAt: Date; renewed: boolean };

/**
 * What the password-reset e-mail needs: the mailer, and the configured origin its link points at
 * (never a request's Host header). Without it (tests of other domains) no reset mail is sent.
 */
export type AuthMail = { mailer: Mailer; logger: Pick<Logger, "info" | "error">; linkOrigin: string };

/** Reset e-mails per address per hour: enough for a person who mistyped, not a way to flood an inbox. */
const RESET_MAILS_PER_ADDRESS = 3;
/** A reset request is kept (and counts for the per-address limit) this long; its link lives as long. */
const RESET_REQUEST_LIFETIME_MS = 60 * 60 * 1000;
/** Attempts at one reset request's e-mail (an SMTP outage), each after a longer hold. */
const RESET_REQUEST_ATTEMPTS = 3;
const RESET_REQUEST_HOLD_MS = 60 * 1000;

/**
 * Wrong passwords before log-in holds back, per window (issue 35). Counted in the database, so
 * every instance counts against the same number, and never per client address, which a client
 * behind a proxy can choose: per account address for the browsers the account does not know, and
 * per browser for each browser it does (a known-device cookie from an earlier log-in). Strangers'
 * guesses hold back strangers only; the owner's own browsers and the e-mailed reset link still get in.
 */
export const SIGN_IN_FAILURES = { max: 10, windowMs: 15 * 60 * 1000 } as const;
/** How long a browser stays known after its last log-in with the password. */
export const KNOWN_DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

const accountThrottleKey = (email: string) => hashToken(`account:${email.trim().toLowerCase()}`);
const deviceThrottleKey = (deviceTokenHash: string) => hashToken(`device:${deviceTokenHash}`);

/** A log-in's outcome: the session, and the known-device token to keep in the browser. */
export type LoggedIn = SignedIn & { deviceToken: string; deviceExpiresAt: Date };

export class AuthService {
  /** Wrong current passwords when confirming a change, per account (only its session holder can fail it). */
  private readonly failures = new AttemptLimiter(10, 15 * 60 * 1000);
  /** Reset requests being handled by this process; `drain` waits for them. */
  private readonly handling = new Set<Promise<boolean>>();
  /** Tells the job queue's workers that a reset request waits (set by the job registry). */
  private resetRequested: () => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionCache,
    private readonly mail?: AuthMail,
  ) {}

  /** The job registry wires the queue's wake-up here (jobs/registry.ts). */
  onResetRequested(notify: () => void): void {
    this.resetRequested = notify;
  }

  async register(input: RegisterRequest, client: ClientInfo): Promise<SignedIn> {
    const user = await users.insertUser(this.db, {
      email: input.email,
      displayName: input.displayName,
      passwordHash: await hashPassword(input.password),
    });
    if (!user) throw conflict(AUTH_MESSAGES.emailInUse);
    return this.startSession(user, client);
  }

  /**
   * Log-in with a password. `deviceToken` is the browser's known-device cookie, if it has one: a
   * browser that logged in to this account before has a failure count of its own, and every other
   * browser shares the account's (SIGN_IN_FAILURES). An unknown address goes through the same
   * steps and counts, so neither the answers nor their timing tell which addresses have accounts.
   */
  async login(input: LoginRequest, client: ClientInfo, deviceToken?: string, now = new Date()): Promise<LoggedIn> {
    const user = await users.findUserByEmail(this.db, input.email);
    const deviceHash = deviceToken ? hashToken(deviceToken) : undefined;
    const deviceOwner = deviceHash ? await repository.findKnownDevice(this.db, deviceHash, now) : undefined;
    const knownHere = deviceHash !== undefined && user !== undefined && deviceOwner === user.id;
    const key = knownHere ? deviceThrottleKey(deviceHash) : accountThrottleKey(input.email);
    const throttle = await repository.findSignInThrottle(this.db, key, now);
    if (throttle && throttle.failures >= SIGN_IN_FAILURES.max) {
      const minutes = Math.max(1, Math.ceil((throttle.expiresAt.getTime() - now.getTime()) / 60_000));
      throw rateLimited(
        knownHere ? AUTH_MESSAGES.tooManyAttempts(minutes) : AUTH_MESSAGES.tooManyAttemptsHere(minutes),
      );
    }
    // Always verify, even without a user, so that timing does not reveal which e-mails exist.
    const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !valid) {
      await repository.countSignInFailure(this.db, key, new Date(now.getTime() + SIGN_IN_FAILURES.windowMs), now);
      throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
    }
    if (user.accountStatus === "deactivated") throw forbidden(AUTH_MESSAGES.deactivated);
    if (knownHere) await repository.clearSignInThrottle(this.db, key);
    // The browser is known to the account from now on: a token of its own, or the one it has, renewed.
    const device = knownHere && deviceToken ? deviceToken : newSessionToken();
    const deviceExpiresAt = new Date(now.getTime() + KNOWN_DEVICE_LIFETIME_MS);
    await repository.rememberKnownDevice(this.db, hashToken(device), user.id, deviceExpiresAt);
    return { ...(await this.startSession(user, client)), deviceToken: device, deviceExpiresAt };
  }

  /**
   * Checks the password of a signed-in user before a sensitive change, under the same per-account
   * limit as log-in. Throws 401 when it is wrong.
   */
  async confirmPassword(user: UserRow, password: string): Promise<void> {
    // Only a holder of the account's session can fail this check: counted per account.
    const key = `confirm:${user.id}`;
    const wait = this.failures.retryAfter(key);
    if (wait > 0) throw rateLimited(AUTH_MESSAGES.tooManyAttempts(Math.ceil(wait / 60_000)));
    if (!(await verifyPassword(user.passwordHash, password))) {
      this.failures.recordFailure(key);
      throw unauthenticated(AUTH_MESSAGES.wrongPassword);
    }
    this.failures.reset(key);
  }

  /** A new password ends every other session and gives this browser a new token. */
  async changePassword(user: UserRow, newPassword: string, client: ClientInfo): Promise<SignedIn> {
    const updated = await users.updateUser(this.db, user.id, { passwordHash: await hashPassword(newPassword) });
    await repository.deleteSessionsOfUser(this.db, user.id);
    // A reset link asked for before the change must not undo it.
    await repository.deletePasswordTokensOfUser(this.db, user.id);
    // A browser that knew the old password is a stranger to the new one.
    await repository.deleteKnownDevicesOfUser(this.db, user.id);
    await this.userChanged(user.id);
    return this.startSession(updated ?? user, client);
  }

  /**
   * Sets the password of the account an e-mailed link was issued for (after a guest checkout) and
   * signs this browser in: the link proves the e-mail address. The token is spent whatever follows.
   */
  setPasswordWithToken(input: { token: string; password: string }, client: ClientInfo, now = new Date()) {
    return this.passwordThroughLink("set_password", SET_PASSWORD_LINK_INVALID, input, client, now);
  }

  /** The same through a password-reset link (one hour; "Forgot password?"). */
  resetPassword(input: { token: string; password: string }, client: ClientInfo, now = new Date()) {
    return this.passwordThroughLink("reset_password", RESET_PASSWORD_LINK_INVALID, input, client, now);
  }

  /** Whether an e-mailed link would still work for its purpose; it is not spent. */
  passwordLinkUsable(token: string, purpose: PasswordTokenPurpose, now = new Date()): Promise<boolean> {
    return passwordTokenUsable(this.db, token, purpose, now);
  }

  /**
   * "Forgot password?". The request path does the same for every address: it records the request
   * (one insert) and wakes the job queue's workers. Looking the account up, issuing the link,
   * rendering and sending the e-mail all happen in a worker (handleResetRequest), on whichever
   * instance takes it, so neither the answer, nor its timing, nor the next request's tells whether
   * the address has an account (issue 35: running that work right after the answer made the next
   * request measurably slower for a known address).
   */
  async requestPasswordReset(email: string, now = new Date()): Promise<void> {
    if (!this.mail) return;
    await repository.insertPasswordResetRequest(
      this.db,
      email.trim(),
      now,
      new Date(now.getTime() + RESET_REQUEST_LIFETIME_MS),
    );
    this.resetRequested();
  }

  /**
   * Takes one waiting reset request and handles it; false when none waits. Every request goes
   * through the same steps: the account is looked up, a token made and the e-mail rendered; only
   * for an active account is the token stored and the e-mail sent, and at most
   * RESET_MAILS_PER_ADDRESS an hour per address (counted across instances). A deactivated account
   * gets no link: a reset does not reactivate it. A failed send is tried again after a hold.
   */
  handleResetRequest(now = new Date()): Promise<boolean> {
    const work = this.handleOneResetRequest(now);
    this.handling.add(work);
    void work.finally(() => this.handling.delete(work)).catch(() => {});
    return work;
  }

  private async handleOneResetRequest(now: Date): Promise<boolean> {
    const mail = this.mail;
    if (!mail) return false;
    const request = await repository.claimPasswordResetRequest(
      this.db,
      now,
      new Date(now.getTime() + RESET_REQUEST_HOLD_MS),
      RESET_REQUEST_ATTEMPTS,
    );
    if (!request) return false;
    let reserved = false;
    try {
      const user = await users.findUserByEmail(this.db, request.email);
      const token = newSessionToken();
      const message = await passwordResetEmail({
        to: user?.email ?? request.email,
        link: resetPasswordLink(mail.linkOrigin, token),
      });
      reserved = await repository.reserveResetMail(
        this.db,
        { id: request.id, email: request.email, wanted: user?.accountStatus === "active" },
        new Date(now.getTime() - RESET_REQUEST_LIFETIME_MS),
        RESET_MAILS_PER_ADDRESS,
      );
      if (user && reserved) {
        await storePasswordToken(this.db, user.id, token, now, "reset_password");
        await mail.mailer.send(message);
      }
      await repository.finishPasswordResetRequest(this.db, request.id, now);
    } catch (error) {
      // Tried again after the hold (RESET_REQUEST_ATTEMPTS in all); the person can also ask again.
      const retryAt = new Date(now.getTime() + RESET_REQUEST_HOLD_MS * 2 ** request.attempts);
      if (reserved) await repository.releaseResetMail(this.db, request.id).catch(() => {});
      await repository.holdPasswordResetRequest(this.db, request.id, retryAt).catch(() => {});
      mail.logger.error({ err: error, attempt: request.attempts }, "could not send a password-reset e-mail");
    }
    return true;
  }

  /** Handles every reset request waiting now, and waits for those this process is handling (tests, shutdown). */
  async drain(): Promise<void> {
    while (await this.handleResetRequest()) {}
    while (this.handling.size > 0) await Promise.allSettled([...this.handling]);
  }

  /**
   * Spends an e-mailed token, sets the password and signs this browser in. Using the link proves
   * the address: the account records it, and every other way in that did not prove it ends (all
   * other sessions, demo-provider bindings, other e-mailed links; docs/security.md).
   */
  private async passwordThroughLink(
    purpose: PasswordTokenPurpose,
    invalidMessage: string,
    input: { token: string; password: string },
    client: ClientInfo,
    now: Date,
  ): Promise<SignedIn> {
    const userId = await consumePasswordToken(this.db, input.token, now, purpose);
    const user = userId === undefined ? undefined : await users.findUserById(this.db, userId);
    if (!user) throw invalid(invalidMessage);
    if (user.accountStatus === "deactivated") throw forbidden(AUTH_MESSAGES.deactivated);
    const passwordHash = await hashPassword(input.password);
    const updated = await this.db.transaction(async (tx) => {
      await revokeUnprovenAccess(tx, user.id);
      return users.updateUser(tx, user.id, { passwordHash, emailVerifiedAt: now });
    });
    await this.userChanged(user.id);
    // The owner proved the address: strangers' guesses no longer hold back any browser of theirs.
    await repository.clearSignInThrottle(this.db, accountThrottleKey(user.email));
    return this.startSession(updated ?? user, client);
  }

  /** The user's sessions as the data export lists them: dates and client, never the token. */
  sessionsOf(userId: number) {
    return repository.sessionsOfUser(this.db, userId);
  }

  /** The OpenID providers the account signs in with (issuer and since when), for the data export. */
  identitiesOf(userId: number) {
    return repository.identitiesOf(this.db, userId);
  }

  async endAllSessions(userId: number): Promise<void> {
    await repository.deleteSessionsOfUser(this.db, userId);
    await this.userChanged(userId);
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const userId = await repository.deleteSessionByTokenHash(this.db, hashToken(token));
    if (userId !== undefined) await this.userChanged(userId);
  }

  /**
   * To be called once a write that changes what the user's requests see (account, role,
   * subscription, sessions) has committed: every instance drops the sessions it holds for the user
   * before the writer answers. The database triggers notify the other instances whatever wrote;
   * this makes it immediate here too.
   */
  userChanged(userId: number): Promise<void> {
    return this.sessions.userChanged(userId);
  }

  /**
   * The user behind a session cookie, if the session is live and the account active: from this
   * instance's session cache when it holds it, else from the database (then cached). Sliding
   * expiry: every use moves the end to a full lifetime from now; the new end is written back at
   * most once a minute per session, and the cookie renewed with it.
   */
  async resolve(token: string, now = new Date()): Promise<ResolvedSession | undefined> {
    const tokenHash = hashToken(token);
    await this.sessions.settle();
    const cached = this.sessions.lookup(tokenHash, now.getTime());
    if (cached) return this.slide(cached, now);
    const ticket = this.sessions.ticket();
    const found = await repository.findSessionWithUser(this.db, tokenHash, now);
    if (found?.user.accountStatus !== "active") return undefined;
    const entry: CachedSession = {
      user: Object.freeze(found.user),
      sessionId: found.session.id,
      expiresAt: found.session.expiresAt,
      storedExpiresAt: found.session.expiresAt,
      loadedAt: now.getTime(),
    };
    this.sessions.store(ticket, tokenHash, entry);
    return this.slide(entry, now);
  }

  private slide(entry: CachedSession, now: Date): ResolvedSession {
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    if (expiresAt > entry.expiresAt) entry.expiresAt = expiresAt;
    const user = entry.user as UserRow;
    if (expiresAt.getTime() - entry.storedExpiresAt.getTime() < SESSION_WRITE_BACK_MS) {
      return { user, expiresAt: entry.expiresAt, renewed: false };
    }
    entry.storedExpiresAt = expiresAt;
    // Not awaited: the request does not wait for the write; a failed one is retried when the session
    // is next read from the database.
    const unlessAfter = new Date(expiresAt.getTime() - SESSION_WRITE_BACK_MS);
    this.sessions.track(repository.extendSession(this.db, entry.sessionId, expiresAt, unlessAfter));
    return { user, expiresAt, renewed: true };
  }

  /**
   * Deletes what can no longer be used: expired sessions, sign-in flows, sign-in hand-over tokens
   * and set-password links. Nothing reads them once expired, but without this they would pile up.
   */
  purgeExpired(now = new Date()) {
    return repository.deleteExpired(this.db, now);
  }

  /** A session for a user whose identity was proven elsewhere (the OpenID provider). */
  signIn(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    return this.startSession(user, client, "provider");
  }

  /**
   * How and when the session behind a cookie token began, for the confirmation of a sensitive
   * change (AccountService). Read from the database rather than the session cache: it is asked
   * for seldom, and must see the stored truth. Undefined when the session is not live.
   */
  async sessionSignIn(
    token: string | undefined,
    now = new Date(),
  ): Promise<{ userId: number; method: SessionRow["signInMethod"]; at: Date } | undefined> {
    if (!token) return undefined;
    return repository.findSessionSignIn(this.db, hashToken(token), now);
  }

  private async startSession(
    user: UserRow,
    client: ClientInfo,
    signInMethod: NonNullable<SessionRow["signInMethod"]> = "password",
  ): Promise<SignedIn> {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    await repository.insertSession(this.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      userAgent: client.userAgent === null ? null : graphemePrefix(client.userAgent, 500),
      ipAddress: client.ipAddress,
      signInMethod,
    });
    return { user, token, expiresAt };
  }
}

const STATUS_SET = new Set<string>(SUBSCRIPTION_STATUSES);
const TYPE_SET = new Set<string>(SUBSCRIPTION_TYPES);

export function toSessionUser(user: UserRow): SessionUser {
  const status = effectiveSubscriptionStatus(user);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    avatarUrl: user.avatarUrl,
    role: user.role,
    stripeCustomerId: user.stripeCustomerId,
    subscriptionStatus: STATUS_SET.has(status ?? "") ? (status as SessionUser["subscriptionStatus"]) : null,
    subscriptionType: TYPE_SET.has(user.subscriptionType ?? "")
      ? (user.subscriptionType as SessionUser["subscriptionType"])
      : null,
    subscriptionEndDate: user.subscriptionEndDate?.toISOString() ?? null,
    subscriptionCancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
  };
}

export function viewerOf(user: UserRow): Viewer {
  const session = toSessionUser(user);
  return {
    kind: "user",
    userId: user.id,
    role: user.role,
    subscriptionStatus: session.subscriptionStatus,
    subscriptionType: session.subscriptionType,
  };
}
