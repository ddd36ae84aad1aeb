import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { billingApplied, type UserRow, users } from "../db/schema/index.js";

export async function findUserByCustomerId(db: Db, customerId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
  return row;
}

/**
 * Records that an event or Checkout Session was applied; false when it already was. Run inside the
 * transaction that applies it: a concurrent duplicate blocks on the key and then sees the conflict.
 */
export async function markApplied(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .insert(billingApplied)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: billingApplied.key });
  return rows.length > 0;
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
