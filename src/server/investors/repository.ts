import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { MembershipVia } from "../../shared/fund-team.js";
import type { Db } from "../db/client.js";
import { type FundClaimRow, type FundMemberRow, fundClaims, fundMembers } from "../db/schema/fund-teams.js";

/**
 * The investors domain owns the fund teams: `fund_members` and `fund_claims`. Other domains ask its
 * service who belongs to which fund. It reads its own tables only: the service adds the funds' names
 * and websites (from the funds domain) and the accounts' names and addresses (from the users repository).
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

export type NewClaim = {
  fundId: number;
  userId: number;
  email: string;
  note: string | null;
  status: "verification_sent" | "pending_review";
  tokenHash: string | null;
  expiresAt: Date | null;
  createdAt: Date;
};

export async function insertClaim(db: Db, values: NewClaim): Promise<FundClaimRow> {
  const [row] = await db.insert(fundClaims).values(values).returning();
  if (!row) throw new Error("insert into fund_claims returned no row");
  return row;
}

export async function deleteClaim(db: Db, claimId: number): Promise<void> {
  await db.delete(fundClaims).where(eq(fundClaims.id, claimId));
}

/** A claim that went to the admins stays one whatever they decide; a domain claim never is one. */
const REVIEW_STATUSES = ["pending_review", "approved", "refused"] as const;

/**
 * Claims made since the moment: every claim of the account (its limit), or the fund's claims for
 * review (the fund's limit, which claims at the fund's own domain neither count towards nor meet).
 */
export async function countClaimsSince(db: Db, by: { userId: number } | { fundId: number }, since: Date) {
  const owner =
    "userId" in by
      ? eq(fundClaims.userId, by.userId)
      : and(eq(fundClaims.fundId, by.fundId), inArray(fundClaims.status, [...REVIEW_STATUSES]));
  const [row] = await db
    .select({ value: count() })
    .from(fundClaims)
    .where(and(owner, gte(fundClaims.createdAt, since)));
  return row?.value ?? 0;
}

/** The advisory lock classes of the claim limits (any fixed 31-bit numbers, the same on every instance). */
const CLAIMS_OF_ACCOUNT_LOCK = 0x46_43_41; // "FCA"
const CLAIMS_OF_FUND_LOCK = 0x46_43_46; // "FCF"

/**
 * Takes, for the caller's transaction, the locks a claim's count and insert happen under: the
 * account's, then the fund's (always in that order, so two claims never wait on each other in a
 * circle). A second claim of the same account or fund waits until the first commits, then counts
 * it: without them, parallel claims on PostgreSQL each counted before any inserted. Advisory locks
 * rather than row locks: the fund's row is the funds domain's, and its editor and imports need not
 * wait on claims.
 */
export async function lockClaimLimits(db: Db, userId: number, fundId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CLAIMS_OF_ACCOUNT_LOCK}::int, ${userId}::int)`);
  await db.execute(sql`select pg_advisory_xact_lock(${CLAIMS_OF_FUND_LOCK}::int, ${fundId}::int)`);
}

/**
 * Removes the claims whose link expired unused: they can never be verified, and an hour-old claim no
 * longer counts against any limit.
 */
export async function deleteExpiredLinks(db: Db, now: Date): Promise<void> {
  await db.delete(fundClaims).where(and(eq(fundClaims.status, "verification_sent"), lte(fundClaims.expiresAt, now)));
}

/** A live verification link's claim, left in place. */
export async function findLiveLink(db: Db, tokenHash: string, now: Date): Promise<FundClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(fundClaims)
    .where(
      and(
        eq(fundClaims.tokenHash, tokenHash),
        eq(fundClaims.status, "verification_sent"),
        gt(fundClaims.expiresAt, now),
      ),
    );
  return row;
}

/**
 * Spends a live link for its own account: one statement, so only one of two racing uses gets the
 * row. The hash is cleared with it, so the link can never match again.
 */
export async function spendLink(
  db: Db,
  tokenHash: string,
  userId: number,
  now: Date,
): Promise<FundClaimRow | undefined> {
  const [row] = await db
    .update(fundClaims)
    .set({ status: "verified", tokenHash: null, decidedAt: now })
    .where(
      and(
        eq(fundClaims.tokenHash, tokenHash),
        eq(fundClaims.userId, userId),
        eq(fundClaims.status, "verification_sent"),
        gt(fundClaims.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Adds the account to the fund's team; already a member: nothing changes. */
export async function addMember(
  db: Db,
  values: { fundId: number; userId: number; via: MembershipVia; email: string; joinedAt?: Date },
): Promise<void> {
  await db.insert(fundMembers).values(values).onConflictDoNothing();
}

/** Whether a row was removed. */
export async function removeMember(db: Db, fundId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(fundMembers)
    .where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.userId, userId)))
    .returning({ userId: fundMembers.userId });
  return rows.length > 0;
}

/** The claims waiting for an admin, newest first. */
export async function listPendingClaims(db: Db, limit: number): Promise<FundClaimRow[]> {
  return db
    .select()
    .from(fundClaims)
    .where(eq(fundClaims.status, "pending_review"))
    .orderBy(desc(fundClaims.createdAt), desc(fundClaims.id))
    .limit(limit);
}

export async function findClaim(db: Db, claimId: number): Promise<FundClaimRow | undefined> {
  const [row] = await db.select().from(fundClaims).where(eq(fundClaims.id, claimId));
  return row;
}

/** Records an admin's decision on a claim still under review; undefined when it no longer is. */
export async function decideClaim(
  db: Db,
  claimId: number,
  decision: { status: "approved" | "refused"; adminId: number; note: string | null; now: Date },
): Promise<FundClaimRow | undefined> {
  const [row] = await db
    .update(fundClaims)
    .set({ status: decision.status, decidedAt: decision.now, decidedBy: decision.adminId, decisionNote: decision.note })
    .where(and(eq(fundClaims.id, claimId), eq(fundClaims.status, "pending_review")))
    .returning();
  return row;
}

export type MemberRow = Pick<FundMemberRow, "fundId" | "userId" | "email" | "via" | "joinedAt">;

/**
 * Every fund's team member, by fund id, then by who joined first: the admins' list, which the
 * service orders by the funds' names (the funds domain holds them) before it takes its page.
 */
export async function listMembers(db: Db): Promise<MemberRow[]> {
  return db
    .select({
      fundId: fundMembers.fundId,
      userId: fundMembers.userId,
      email: fundMembers.email,
      via: fundMembers.via,
      joinedAt: fundMembers.joinedAt,
    })
    .from(fundMembers)
    .orderBy(asc(fundMembers.fundId), asc(fundMembers.joinedAt), asc(fundMembers.userId));
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

/** A fund's members: each account and the work address its membership was proven with. */
export async function membersOfFund(db: Db, fundId: number): Promise<Array<{ userId: number; email: string }>> {
  return db
    .select({ userId: fundMembers.userId, email: fundMembers.email })
    .from(fundMembers)
    .where(eq(fundMembers.fundId, fundId))
    .orderBy(asc(fundMembers.joinedAt), asc(fundMembers.userId));
}
