import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { billingApplied, type UserRow, users } from "../db/schema/index.js";

/** A Drizzle handle or a transaction on it: both run the same queries. */
type Runner = Pick<Db, "select" | "insert" | "update">;

export async function findUserById(db: Runner, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByCustomerId(db: Runner, customerId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
  return row;
}

export async function findUserByEmail(db: Runner, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/**
 * Records that an event or Checkout Session was applied; false when it already was. Run inside the
 * transaction that applies it: a concurrent duplicate blocks on the key and then sees the conflict.
 */
export async function markApplied(db: Runner, key: string): Promise<boolean> {
  const rows = await db
    .insert(billingApplied)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: billingApplied.key });
  return rows.length > 0;
}

/** Links a Stripe customer to a user who has none yet; returns the id the user ends up with. */
export async function claimCustomerId(db: Runner, userId: number, customerId: string): Promise<string | null> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  const user = await findUserById(db, userId);
  return user?.stripeCustomerId ?? null;
}

/** An account made from a guest checkout's e-mail: no password until the person sets one. */
export async function insertGuestUser(db: Runner, email: string, displayName: string): Promise<UserRow> {
  const [row] = await db.insert(users).values({ email, displayName }).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export type SubscriptionState = {
  stripeCustomerId?: string;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  subscriptionType: string | null;
  subscriptionEndDate: Date | null;
  /** undefined = keep a pause already scheduled, else set or clear it. */
  subscriptionPauseAt?: Date | null;
};

/**
 * Writes a subscription state that was true at Stripe at `stateAt`, unless a newer one is stored:
 * events may arrive out of order, and the newest state wins. Returns whether it was written.
 */
export async function writeSubscriptionState(
  db: Runner,
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
