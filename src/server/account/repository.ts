import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { funds, savedFunds } from "../db/schema/index.js";

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

/** The user's saved funds with names and dates, for the data export. */
export async function savedFundsForExport(db: Db, userId: number) {
  return db
    .select({ fundId: savedFunds.fundId, name: funds.name, country: funds.country, savedAt: savedFunds.createdAt })
    .from(savedFunds)
    .innerJoin(funds, eq(funds.id, savedFunds.fundId))
    .where(eq(savedFunds.userId, userId))
    .orderBy(desc(savedFunds.createdAt));
}
