import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { fundMembers } from "../db/schema/fund-teams.js";

/**
 * The investors domain owns the fund teams: `fund_members` and `fund_claims`. Other domains ask its
 * service who belongs to which fund.
 */

/** The funds an account is a member of, smallest id first. */
export async function memberFundIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ fundId: fundMembers.fundId })
    .from(fundMembers)
    .where(eq(fundMembers.userId, userId))
    .orderBy(asc(fundMembers.fundId));
  return rows.map((row) => row.fundId);
}
