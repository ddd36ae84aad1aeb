import { effectiveSubscriptionStatus, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from "../../shared/entitlements.js";
import type { LoginRequest, RegisterRequest, SessionUser } from "../../shared/schemas/auth.js";
import { SET_PASSWORD_LINK_INVALID } from "../../shared/schemas/billing.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { conflict, forbidden, invalid, rateLimited, unauthenticated } from "../errors.js";
import type { ClientInfo } from "../http/client-info.js";
import type { Viewer } from "../http/viewer.js";
import * as users from "../users/repository.js";
import { AttemptLimiter } from "./attempt-limiter.js";
import { hashPassword, verifyPassword } from "./password.js";
import { consumePasswordToken } from "./password-tokens.js";
import * as repository from "./repository.js";
import type { SessionCache } from "./session-cache.js";
import { hashToken, newSessionToken } from "./tokens.js";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Messages of the auth API; the login page maps some of them. */
export const AUTH_MESSAGES = {
  emailInUse: "Email already in use",
  invalidCredentials: "Invalid email or password.",
  deactivated: "This account has been deactivated. Contact support to reactivate it.",
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

  /** `sessions` keeps resolved sessions in memory (see SessionCache); without it every request reads them. */
  constructor(
    private readonly db: Db,
    private readonly sessions?: SessionCache,
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
    this.failures.reset(user.email.toLowerCase());
    return this.startSession(updated ?? user, client);
  }

  /** The user's sessions as the data export lists them: dates and client, never the token. */
  sessionsOf(userId: number) {
    return repository.sessionsOfUser(this.db, userId);
  }

  async endAllSessions(userId: number): Promise<void> {
    await repository.deleteSessionsOfUser(this.db, userId);
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await repository.deleteSessionByTokenHash(this.db, hashToken(token));
  }

  /**
   * The user behind a session cookie, if the session is live and the account active. Sliding
   * expiry: once half the lifetime has passed, the session is extended to a full lifetime again.
   */
  async resolve(token: string, now = new Date()): Promise<ResolvedSession | undefined> {
    const tokenHash = hashToken(token);
    const load = () => repository.findSessionWithUser(this.db, tokenHash, now);
    const found = this.sessions ? await this.sessions.get(tokenHash, now, load) : await load();
    if (found?.user.accountStatus !== "active") return undefined;
    const remaining = found.session.expiresAt.getTime() - now.getTime();
    if (remaining >= SESSION_LIFETIME_MS / 2)
      return { user: found.user, expiresAt: found.session.expiresAt, renewed: false };
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await repository.extendSession(this.db, found.session.id, expiresAt);
    return { user: found.user, expiresAt, renewed: true };
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
    return this.startSession(user, client);
  }

  private async startSession(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    await repository.insertSession(this.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ipAddress: client.ipAddress,
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
