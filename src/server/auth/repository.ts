import { and, asc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { authTempTokens, oauthFlows, signInIdentities } from "../db/schema/oauth.js";
import { passwordTokens } from "../db/schema/password-tokens.js";
import { sessions } from "../db/schema/sessions.js";
import { knownDevices, passwordResetRequests, signInThrottles } from "../db/schema/sign-in-throttles.js";
import type { SessionRow } from "../db/types.js";
import { findUserById } from "../users/repository.js";

export async function insertSession(
  db: Db,
  values: {
    userId: number;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string | null;
    ipAddress: string | null;
    signInMethod: SessionRow["signInMethod"];
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** How and when the live session with this token hash began, read from the database (not the cache). */
export async function findSessionSignIn(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: sessions.userId, method: sessions.signInMethod, at: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row;
}

/**
 * The live session for a token hash and its user. The user is read through the users repository
 * (the users domain owns that table), one more round trip on a session-cache miss; a session whose
 * account is gone is none (deleting an account deletes its sessions too).
 */
export async function findSessionWithUser(db: Db, tokenHash: string, now: Date) {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  if (!session) return undefined;
  const user = await findUserById(db, session.userId);
  return user ? { session, user } : undefined;
}

/**
 * Slides a session's expiry to `expiresAt`, unless it already ends after `unlessAfter`: another
 * instance wrote it back moments ago, and one write a minute per session is enough.
 */
export async function extendSession(db: Db, sessionId: number, expiresAt: Date, unlessAfter: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, sessionId), lt(sessions.expiresAt, unlessAfter)));
}

/** Ends one session; the id of its user, when there was one. */
export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId });
  return row?.userId;
}

/**
 * Ends every session of the user, or every one but the session with `keepTokenHash`, and every
 * sign-in hand-over token not yet redeemed: a token is a session about to start, and one kept back
 * would otherwise outlive whatever ended the sessions (a proof of the address, a promotion, a new
 * password, a deactivation; issue 35).
 */
export async function deleteSessionsOfUser(db: Db, userId: number, keepTokenHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepTokenHash}`)
        : eq(sessions.userId, userId),
    );
  await db.delete(authTempTokens).where(eq(authTempTokens.userId, userId));
}

export async function sessionsOfUser(db: Db, userId: number) {
  return db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sessions.createdAt);
}

export async function insertOauthFlow(db: Db, values: typeof oauthFlows.$inferInsert): Promise<void> {
  await db.insert(oauthFlows).values(values);
}

/** Removes and returns a live sign-in flow: a state works once. */
export async function takeOauthFlow(db: Db, stateHash: string, now: Date) {
  const [flow] = await db
    .delete(oauthFlows)
    .where(and(eq(oauthFlows.stateHash, stateHash), gt(oauthFlows.expiresAt, now)))
    .returning();
  return flow;
}

export async function insertTempToken(db: Db, values: typeof authTempTokens.$inferInsert): Promise<void> {
  await db.insert(authTempTokens).values(values);
}

/** Removes and returns a live temp token: it is spent by the first attempt. */
export async function takeTempToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(authTempTokens)
    .where(and(eq(authTempTokens.tokenHash, tokenHash), gt(authTempTokens.expiresAt, now)))
    .returning();
  return row;
}

export async function insertPasswordToken(db: Db, values: typeof passwordTokens.$inferInsert): Promise<void> {
  await db.insert(passwordTokens).values(values);
}

type PasswordTokenPurpose = (typeof passwordTokens.$inferSelect)["purpose"];

const livePasswordToken = (tokenHash: string, purpose: PasswordTokenPurpose, now: Date) =>
  and(eq(passwordTokens.tokenHash, tokenHash), eq(passwordTokens.purpose, purpose), gt(passwordTokens.expiresAt, now));

/** Removes and returns a live e-mailed token: one statement, so only one of two racing uses gets it. */
export async function takePasswordToken(db: Db, tokenHash: string, purpose: PasswordTokenPurpose, now: Date) {
  const [row] = await db
    .delete(passwordTokens)
    .where(livePasswordToken(tokenHash, purpose, now))
    .returning();
  return row;
}

/** A live e-mailed token, left in place. */
export async function findPasswordToken(db: Db, tokenHash: string, purpose: PasswordTokenPurpose, now: Date) {
  const [row] = await db
    .select({ userId: passwordTokens.userId })
    .from(passwordTokens)
    .where(livePasswordToken(tokenHash, purpose, now));
  return row;
}

/** Spends every e-mailed token of the user: a password set through one link ends the others. */
export async function deletePasswordTokensOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
}

/** Removes the account's bindings to one provider's identities (e.g. the demo provider's). */
export async function unbindIdentities(db: Db, userId: number, issuer: string): Promise<number> {
  const deleted = await db
    .delete(signInIdentities)
    .where(and(eq(signInIdentities.userId, userId), eq(signInIdentities.issuer, issuer)))
    .returning({ subject: signInIdentities.subject });
  return deleted.length;
}

/**
 * Counts one wrong password against a key, in a window that starts with the first failure: one
 * statement, so the instances' counts add up whatever order they arrive in. The count after it.
 */
export async function countSignInFailure(db: Db, keyHash: string, windowEnds: Date, now: Date): Promise<number> {
  const [row] = await db
    .insert(signInThrottles)
    .values({ keyHash, failures: 1, expiresAt: windowEnds })
    .onConflictDoUpdate({
      target: signInThrottles.keyHash,
      set: {
        failures: sql`case when ${signInThrottles.expiresAt} <= ${now} then 1 else ${signInThrottles.failures} + 1 end`,
        expiresAt: sql`case when ${signInThrottles.expiresAt} <= ${now} then ${windowEnds} else ${signInThrottles.expiresAt} end`,
      },
    })
    .returning({ failures: signInThrottles.failures });
  return row?.failures ?? 1;
}

/** The failures counted against a key in its current window, and when the window ends. */
export async function findSignInThrottle(db: Db, keyHash: string, now: Date) {
  const [row] = await db
    .select({ failures: signInThrottles.failures, expiresAt: signInThrottles.expiresAt })
    .from(signInThrottles)
    .where(and(eq(signInThrottles.keyHash, keyHash), gt(signInThrottles.expiresAt, now)));
  return row;
}

export async function clearSignInThrottle(db: Db, keyHash: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.keyHash, keyHash));
}

/** The account a live known-device token belongs to. */
export async function findKnownDevice(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, tokenHash), gt(knownDevices.expiresAt, now)));
  return row?.userId;
}

/** Records a browser as known to the account, or moves the end of one already known. */
export async function rememberKnownDevice(db: Db, tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
  await db
    .insert(knownDevices)
    .values({ tokenHash, userId, expiresAt })
    .onConflictDoUpdate({ target: knownDevices.tokenHash, set: { expiresAt }, where: eq(knownDevices.userId, userId) });
}

export async function deleteKnownDevicesOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}

/** Records a "Forgot password?" request to be handled off the request path. */
export async function insertPasswordResetRequest(db: Db, email: string, now: Date, expiresAt: Date): Promise<void> {
  await db.insert(passwordResetRequests).values({ email, requestedAt: now, expiresAt });
}

/**
 * Takes the oldest reset request nobody is handling (or whose handler's hold has passed), holding
 * it until `holdUntil`: FOR UPDATE SKIP LOCKED, so two workers never take the same one.
 */
export async function claimPasswordResetRequest(db: Db, now: Date, holdUntil: Date, maxAttempts: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResetRequests.id })
      .from(passwordResetRequests)
      .where(
        and(
          isNull(passwordResetRequests.handledAt),
          lt(passwordResetRequests.attempts, maxAttempts),
          gt(passwordResetRequests.expiresAt, now),
          or(isNull(passwordResetRequests.claimedUntil), lte(passwordResetRequests.claimedUntil, now)),
        ),
      )
      .orderBy(asc(passwordResetRequests.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return undefined;
    const [claimed] = await tx
      .update(passwordResetRequests)
      .set({ claimedUntil: holdUntil, attempts: sql`${passwordResetRequests.attempts} + 1` })
      .where(eq(passwordResetRequests.id, row.id))
      .returning({
        id: passwordResetRequests.id,
        email: passwordResetRequests.email,
        attempts: passwordResetRequests.attempts,
      });
    return claimed;
  });
}

/** Marks a reset request handled (its `mailed` says whether an e-mail went out for it). */
export async function finishPasswordResetRequest(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(passwordResetRequests)
    .set({ handledAt: now, claimedUntil: null })
    .where(eq(passwordResetRequests.id, id));
}

/** Lets another attempt take a request whose handling failed (an SMTP outage, say), from `retryAt` on. */
export async function holdPasswordResetRequest(db: Db, id: number, retryAt: Date): Promise<void> {
  await db.update(passwordResetRequests).set({ claimedUntil: retryAt }).where(eq(passwordResetRequests.id, id));
}

/** The advisory lock class of the reset e-mails per address (any fixed 31-bit number, the same everywhere). */
const RESET_MAILS_LOCK = 0x52_4d_41; // "RMA"

/**
 * Reserves one of the address's reset e-mails for this request, if it `wanted` one (the address
 * has an active account): true when fewer than `max` were
 * sent (or reserved) since `since`, and the request is then marked as mailed. Counted and marked
 * under a lock per address, so two workers handling two requests for one address at once never
 * both take the last one (a count and a mark apart let four e-mails through where three may go).
 */
export async function reserveResetMail(
  db: Db,
  request: { id: number; email: string; wanted: boolean },
  since: Date,
  max: number,
): Promise<boolean> {
  const { id, email, wanted } = request;
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RESET_MAILS_LOCK}::int, hashtext(${address}))`);
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(passwordResetRequests)
      .where(
        and(
          sql`lower(${passwordResetRequests.email}) = ${address}`,
          eq(passwordResetRequests.mailed, true),
          gt(passwordResetRequests.requestedAt, since),
        ),
      );
    // Counted for every request alike; only an account's own request takes one.
    if (!wanted || (row?.count ?? 0) >= max) return false;
    await tx.update(passwordResetRequests).set({ mailed: true }).where(eq(passwordResetRequests.id, id));
    return true;
  });
}

/** Gives a reserved e-mail back when it could not be sent (the request will be tried again). */
export async function releaseResetMail(db: Db, id: number): Promise<void> {
  await db.update(passwordResetRequests).set({ mailed: false }).where(eq(passwordResetRequests.id, id));
}

/** The tables whose rows carry an expiry and are worthless after it. */
const EXPIRING = {
  sessions,
  passwordTokens,
  oauthFlows,
  authTempTokens,
  signInThrottles,
  knownDevices,
  passwordResetRequests,
};

/** Deletes the expired rows of the expiring tables (all, or those named); how many went from each. */
export async function deleteExpired(
  db: Db,
  now: Date,
  names = Object.keys(EXPIRING) as Array<keyof typeof EXPIRING>,
): Promise<Record<keyof typeof EXPIRING, number>> {
  const counts = {
    sessions: 0,
    passwordTokens: 0,
    oauthFlows: 0,
    authTempTokens: 0,
    signInThrottles: 0,
    knownDevices: 0,
    passwordResetRequests: 0,
  };
  for (const name of names) {
    const table = EXPIRING[name];
    const deleted = await db.delete(table).where(lt(table.expiresAt, now)).returning({ expiresAt: table.expiresAt });
    counts[name] = deleted.length;
  }
  return counts;
}

/** The account an OpenID identity is bound to, if any. */
export async function findIdentityUserId(db: Db, issuer: string, subject: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: signInIdentities.userId })
    .from(signInIdentities)
    .where(and(eq(signInIdentities.issuer, issuer), eq(signInIdentities.subject, subject)));
  return row?.userId;
}

/** Binds an identity to an account; an identity already bound keeps its account. */
export async function bindIdentity(db: Db, issuer: string, subject: string, userId: number): Promise<void> {
  await db.insert(signInIdentities).values({ issuer, subject, userId }).onConflictDoNothing();
}

/** The providers an account signs in with, for the data export. */
export async function identitiesOf(db: Db, userId: number) {
  return db
    .select({ issuer: signInIdentities.issuer, linkedAt: signInIdentities.createdAt })
    .from(signInIdentities)
    .where(eq(signInIdentities.userId, userId))
    .orderBy(signInIdentities.createdAt);
}
