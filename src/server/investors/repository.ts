import { and, asc, eq } from "drizzle-orm";
import type { MembershipVia } from "../../shared/fund-team.js";
import type { Db } from "../db/client.js";
import { type FundMemberRow, fundMembers } from "../db/schema/fund-teams.js";

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

/**
 * Adds an account to a fund's team. The claims flow and an admin's approval create memberships;
 * tests set one up directly. An existing membership is left as it is.
 */
export async function addMember(
  db: Db,
  member: { fundId: number; userId: number; via: MembershipVia; email: string },
): Promise<void> {
  await db.insert(fundMembers).values(member).onConflictDoNothing();
}

/** A member's own line on the fund's team page; undefined when the account is not on the team. */
export async function findListing(
  db: Db,
  fundId: number,
  userId: number,
): Promise<Pick<FundMemberRow, "listed" | "listedName" | "listedRole" | "listedLinkedin"> | undefined> {
  const [row] = await db
    .select({
      listed: fundMembers.listed,
      listedName: fundMembers.listedName,
      listedRole: fundMembers.listedRole,
      listedLinkedin: fundMembers.listedLinkedin,
    })
    .from(fundMembers)
    .where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.userId, userId)));
  return row;
}

/** Sets a member's own listing (opt-in; `listed` false hides it, the details are kept for next time). */
export async function updateListing(
  db: Db,
  fundId: number,
  userId: number,
  listing: Pick<FundMemberRow, "listed" | "listedName" | "listedRole" | "listedLinkedin">,
): Promise<boolean> {
  const rows = await db
    .update(fundMembers)
    .set(listing)
    .where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.userId, userId)))
    .returning({ fundId: fundMembers.fundId });
  return rows.length > 0;
}
