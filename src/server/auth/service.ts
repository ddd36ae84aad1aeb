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
  issuePasswordToken,
  type PasswordTokenPurpose,
  passwordTokenUsable,
  resetPasswordLink,
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
} as const;

export type { ClientInfo };
export type SignedIn = { user: UserRow; token: string; expiresAt: Date };
export type ResolvedSession = { user: UserRow; expiresAt: Date; renewed: boolean };

/** What the password-reset e-mail needs; without it (tests of other domains) no reset mail is sent. */
export type AuthMail = { mailer: Mailer; logger: Pick<Logger, "info" | "error"> };

/** Reset e-mails per address per hour: enough for a person who mistyped, not a way to flood an inbox. */
const RESET_MAILS_PER_ADDRESS = 3;

/**
 * The failure count of a log-in: per address and client IP pair. A count per address alone let
 * anyone keep the owner (an admin, say) out with ten wrong guesses; per pair, wrong guesses from
 * elsewhere never lock the owner's own client out. Guessing from many IPs is bounded by each IP's
 * route limit (ROUTE_LIMITS.passwordCheck) and argon2's cost.
 */
const loginKey = (email: string, client: ClientInfo) => `${email.trim().toLowerCase()}\n${client.ipAddress ?? ""}`;

export class AuthService {
  /** 10 wrong passwords per address and IP pair per 15 minutes. */
  private readonly failures = new AttemptLimiter(10, 15 * 60 * 1000);
  /** Reset e-mails per address (RESET_MAILS_PER_ADDRESS an hour); the route limits each IP too. */
  private readonly resetMails = new AttemptLimiter(RESET_MAILS_PER_ADDRESS, 60 * 60 * 1000);
  /** Reset e-mails being prepared and sent off the response path; `drain` waits for them. */
  private readonly pendingMail = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionCache,
    private readonly mail?: AuthMail,
  ) {}

  async register(input: RegisterRequest, client: ClientInfo): Promise<SignedIn> {
    const user = await users.insertUser(this.db, {
      email: input.email,
      displayName: input.displayName,
      passwordHash: await hashPassword(input.password),
    });
    if (!user) throw conflict(AUTH_MESSAGES.emailInUse);
    return this.startSession(user, client);
  }

  async login(input: LoginRequest, client: ClientInfo): Promise<SignedIn> {
    const key = loginKey(input.email, client);
    const wait = this.failures.retryAfter(key);
    if (wait > 0) throw rateLimited(AUTH_MESSAGES.tooManyAttempts(Math.ceil(wait / 60_000)));
    const user = await users.findUserByEmail(this.db, input.email);
    // Always verify, even without a user, so that timing does not reveal which e-mails exist.
    const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !valid) {
      this.failures.recordFailure(key);
      throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
    }
    if (user.accountStatus === "deactivated") throw forbidden(AUTH_MESSAGES.deactivated);
    this.failures.reset(key);
    return this.startSession(user, client);
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
   * "Forgot password?". Answers at once, the same way whether or not an account has the address:
   * looking the account up, issuing the link and sending the e-mail all happen after the answer,
   * so neither its content nor its timing tells whether the address is known. At most
   * RESET_MAILS_PER_ADDRESS e-mails an hour per address; requests beyond that are answered the
   * same and send nothing. A deactivated account gets no link: a reset does not reactivate it.
   */
  requestPasswordReset(email: string, linkOrigin: string): void {
    const key = email.trim().toLowerCase();
    if (!this.mail || this.resetMails.retryAfter(key) > 0) return;
    this.resetMails.recordFailure(key);
    const work = this.sendResetLink(email, linkOrigin, this.mail);
    this.pendingMail.add(work);
    void work.finally(() => this.pendingMail.delete(work));
  }

  private async sendResetLink(email: string, linkOrigin: string, mail: AuthMail): Promise<void> {
    try {
      const user = await users.findUserByEmail(this.db, email);
      if (user?.accountStatus !== "active") return;
      const token = await issuePasswordToken(this.db, user.id, new Date(), "reset_password");
      await mail.mailer.send(await passwordResetEmail({ to: user.email, link: resetPasswordLink(linkOrigin, token) }));
    } catch (error) {
      // Nobody waits for this answer; the person can ask again.
      mail.logger.error({ err: error }, "could not send a password-reset e-mail");
    }
  }

  /** Resolves once every reset e-mail asked for so far has been sent (or has failed). */
  async drain(): Promise<void> {
    while (this.pendingMail.size > 0) await Promise.allSettled([...this.pendingMail]);
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
    this.failures.reset(loginKey(user.email, client));
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
      userAgent: client.userAgent?.slice(0, 500) ?? null,
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
