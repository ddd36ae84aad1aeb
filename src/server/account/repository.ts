import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { savedFunds } from "../db/schema/index.js";

/** The user's saved fund ids, most recently saved first. */
export async function savedFundIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ fundId: savedFunds.fundId })
    .from(savedFunds)
    .where(eq(savedFunds.userId, userId))
    .orderBy(desc(savedFunds.createdAt), desc(savedFunds.fundId));
  return rows.map((row) => row.fundId);
}

/** Saving twice is harmless: the second insert does nothing. */
export async function saveFund(db: Db, userId: number, fundId: number): Promise<void> {
  await db.insert(savedFunds).values({ userId, fundId }).onConflictDoNothing();
}

export async function unsaveFund(db: Db, userId: number, fundId: number): Promise<void> {
  await db.delete(savedFunds).where(and(eq(savedFunds.userId, userId), eq(savedFunds.fundId, fundId)));
}
