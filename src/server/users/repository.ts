import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type UserRow, users } from "../db/schema/users.js";

/**
 * The one owner of the `users` table: every read and write of an account row goes through here,
 * whichever domain asks (sign-in, account settings, billing, admin, the CLI). Each function takes
 * the database or a transaction as its first argument, so callers can compose them atomically.
 */
export type { UserRow };

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByCustomerId(db: Db, customerId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
  return row;
}

/** Inserts the user; undefined when the e-mail is taken (the unique index decides, not a prior read). */
export async function insertUser(
  db: Db,
  values: { email: string; displayName: string; passwordHash: string | null; avatarUrl?: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<Pick<UserRow, "displayName" | "email" | "passwordHash" | "accountStatus" | "emailVerifiedAt">>,
): Promise<UserRow | undefined> {
  // A changed address has not been proven by anyone yet, unless the caller says it has.
  const proof =
    values.email !== undefined && values.emailVerifiedAt === undefined
      ? {
          emailVerifiedAt: sql<Date | null>`case when lower(${users.email}) = ${values.email.trim().toLowerCase()} then ${users.emailVerifiedAt} else null end`,
        }
      : {};
  const [row] = await db
    .update(users)
    .set({ ...values, ...proof, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Deletes the user; their sessions, saved funds and tokens go with them (foreign keys cascade). */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

/** Every account, for the admin list (the account domain counts their saved funds). */
export async function listUsersForAdmin(db: Db) {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      role: users.role,
      accountStatus: users.accountStatus,
      subscriptionType: users.subscriptionType,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionPauseAt: users.subscriptionPauseAt,
      subscriptionEndDate: users.subscriptionEndDate,
      subscriptionCancelAtPeriodEnd: users.subscriptionCancelAtPeriodEnd,
      subscriptionStoppedOnDeactivation: users.subscriptionStoppedOnDeactivation,
      stripeSubscriptionId: users.stripeSubscriptionId,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.id));
}

/**
 * Locks the account's row until the transaction ends: writes that count what an account holds take
 * turns, and the account cannot be deleted meanwhile. False when there is no such account.
 */
export async function lockUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
  return rows.length > 0;
}

/** The accounts with these ids (unknown ids are left out). */
export async function findUsersByIds(db: Db, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** What the list mail (saved-search alerts, pipeline reminders) needs of an account. */
export type MailAccountRow = Pick<
  UserRow,
  "id" | "email" | "subscriptionStatus" | "subscriptionType" | "subscriptionPauseAt"
>;

/**
 * The active accounts among these ids, by id (deactivated and unknown ids are left out): one query
 * for a whole page of the list mail's accounts, with the ids as one array parameter.
 */
export async function activeAccountsByIds(db: Db, ids: readonly number[]): Promise<MailAccountRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionType: users.subscriptionType,
      subscriptionPauseAt: users.subscriptionPauseAt,
    })
    .from(users)
    .where(and(sql`${users.id} = any(${sql.param([...ids])}::int4[])`, eq(users.accountStatus, "active")))
    .orderBy(asc(users.id));
}

/** Creates the start-up admin account (ADMIN_EMAIL); undefined when the address is taken. */
export async function insertAdmin(db: Db, email: string, passwordHash: string): Promise<UserRow | undefined> {
  const normalised = email.trim();
  const [row] = await db
    .insert(users)
    .values({
      email: normalised,
      displayName: normalised.split("@")[0] || "Admin",
      passwordHash,
      role: "admin",
      // The operator named this address in the configuration: it is theirs.
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Makes the account an admin; the operator who named it vouches for its address (kept if proven before). */
export async function promoteToAdmin(db: Db, id: number, now = new Date()): Promise<void> {
  await db
    .update(users)
    .set({ role: "admin", emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
    .where(eq(users.id, id));
}

/** Links a Stripe customer to a user who has none yet; returns the id the user ends up with. */
export async function claimCustomerId(db: Db, userId: number, customerId: string): Promise<string | null> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  const [row] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}

export type SubscriptionState = {
  stripeCustomerId?: string;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  subscriptionType: string | null;
  subscriptionEndDate: Date | null;
  /** undefined = keep a pause already scheduled, else set or clear it. */
  subscriptionPauseAt?: Date | null;
  /** undefined = keep; the plan ends at its end date instead of renewing. */
  subscriptionCancelAtPeriodEnd?: boolean;
  /** undefined = keep; the renewal was stopped because the account was deactivated. */
  subscriptionStoppedOnDeactivation?: boolean;
};

/**
 * Writes a subscription state that was true at Stripe at `stateAt`, unless a newer one is stored:
 * events may arrive out of order, and the newest state wins. Returns whether it was written.
 */
export async function writeSubscriptionState(
  db: Db,
  userId: number,
  state: SubscriptionState,
  stateAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...state, subscriptionStateAt: stateAt, updatedAt: new Date() })
    .where(and(eq(users.id, userId), or(isNull(users.subscriptionStateAt), lte(users.subscriptionStateAt, stateAt))))
    .returning({ id: users.id });
  return rows.length > 0;
}
