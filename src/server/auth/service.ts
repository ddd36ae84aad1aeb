import { effectiveSubscriptionStatus, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from "../../shared/entitlements.js";
import type { LoginRequest, RegisterRequest, SessionUser } from "../../shared/schemas/auth.js";
import { SET_PASSWORD_LINK_INVALID } from "../../shared/schemas/billing.js";
import type { Db } from "../db/client.js";
import type { SessionRow, UserRow } from "../db/types.js";
import { conflict, forbidden, invalid, rateLimited, unauthenticated } from "../errors.js";
import type { ClientInfo } from "../http/client-info.js";
import type { Viewer } from "../http/viewer.js";
import * as users from "../users/repository.js";
import { AttemptLimiter } from "./attempt-limiter.js";
import { hashPassword, verifyPassword } from "./password.js";
import { consumePasswordToken } from "./password-tokens.js";
import * as repository from "./repository.js";
import type { CachedSession, SessionCache } from "./session-cache.js";
import { hashToken, newSessionToken } from "./tokens.js";

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
    `Too many failed attempts for this account. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
} as const;

export type { ClientInfo };
export type SignedIn = { user: UserRow; token: string; expiresAt: Date };
export type ResolvedSession = { user: UserRow; expiresAt: Date; renewed: boolean };

export class AuthService {
  /** 10 wrong passwords per account per 15 minutes, whatever the number of IPs they come from. */
  private readonly failures = new AttemptLimiter(10, 15 * 60 * 1000);

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionCache,
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
    const key = input.email.toLowerCase();
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
    const key = user.email.toLowerCase();
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
    await this.userChanged(user.id);
    return this.startSession(updated ?? user, client);
  }

  /**
   * Sets the password of the account an e-mailed link was issued for (after a guest checkout) and
   * signs this browser in: the link proves the e-mail address. The token is spent whatever follows;
   * every other session of the account ends.
   */
  async setPasswordWithToken(
    input: { token: string; password: string },
    client: ClientInfo,
    now = new Date(),
  ): Promise<SignedIn> {
    const userId = await consumePasswordToken(this.db, input.token, now);
    const user = userId === undefined ? undefined : await users.findUserById(this.db, userId);
    if (!user) throw invalid(SET_PASSWORD_LINK_INVALID);
    if (user.accountStatus === "deactivated") throw forbidden(AUTH_MESSAGES.deactivated);
    const updated = await users.updateUser(this.db, user.id, { passwordHash: await hashPassword(input.password) });
    await repository.deleteSessionsOfUser(this.db, user.id);
    await this.userChanged(user.id);
    this.failures.reset(user.email.toLowerCase());
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
