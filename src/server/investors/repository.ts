import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
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

/** The memberships of these accounts: each account's fund ids (accounts on no team are absent). */
export async function membershipsOf(db: Db, userIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const memberships = new Map<number, Set<number>>();
  if (userIds.length === 0) return memberships;
  const rows = await db
    .select({ userId: fundMembers.userId, fundId: fundMembers.fundId })
    .from(fundMembers)
    .where(inArray(fundMembers.userId, [...userIds]));
  for (const row of rows) {
    const funds = memberships.get(row.userId);
    if (funds) funds.add(row.fundId);
    else memberships.set(row.userId, new Set([row.fundId]));
  }
  return memberships;
}

/** A member listed on the fund page: what they chose to show, nothing else (no address, no account). */
export type ListedMemberRow = { fundId: number; name: string; role: string | null; linkedin: string | null };

/**
 * Every listed member of every fund, for the fund results (read with the funds' snapshot, in its
 * transaction). Only members who opted in and gave a name; earliest member first.
 */
export async function listedMembers(db: Db): Promise<ListedMemberRow[]> {
  const rows = await db
    .select({
      fundId: fundMembers.fundId,
      name: fundMembers.listedName,
      role: fundMembers.listedRole,
      linkedin: fundMembers.listedLinkedin,
    })
    .from(fundMembers)
    .where(and(eq(fundMembers.listed, true), isNotNull(fundMembers.listedName)))
    .orderBy(asc(fundMembers.fundId), asc(fundMembers.joinedAt), asc(fundMembers.userId));
  return rows.flatMap((row) => (row.name?.trim() ? [{ ...row, name: row.name.trim() }] : []));
}
