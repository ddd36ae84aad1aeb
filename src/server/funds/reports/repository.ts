import { aliasedTable, and, count, desc, eq, gte, isNull } from "drizzle-orm";
import type { ReportField, ReportOutcome, ReportStatus } from "../../../shared/fund-report-texts.js";
import type { Db } from "../../db/client.js";
import { type FundReportRow, fundReports, funds, users } from "../../db/schema/index.js";

export type NewReport = { fundId: number; userId: number; field: ReportField; note: string };

export async function insertReport(db: Db, values: NewReport): Promise<FundReportRow> {
  const [row] = await db.insert(fundReports).values(values).returning();
  if (!row) throw new Error("insert into fund_reports returned no row");
  return row;
}

/** How many reports the account sent since the given moment (its own limit). */
export async function countReportsSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(fundReports)
    .where(and(eq(fundReports.userId, userId), gte(fundReports.createdAt, since)));
  return row?.value ?? 0;
}

const resolver = aliasedTable(users, "resolver");

/** The columns an admin sees: the report, its fund's name, the reporter's account and who closed it. */
const adminColumns = {
  id: fundReports.id,
  fundId: fundReports.fundId,
  field: fundReports.field,
  note: fundReports.note,
  status: fundReports.status,
  createdAt: fundReports.createdAt,
  resolvedAt: fundReports.resolvedAt,
  outcome: fundReports.outcome,
  changedFields: fundReports.changedFields,
  reply: fundReports.reply,
  reporterNotifiedAt: fundReports.reporterNotifiedAt,
  fundName: funds.name,
  reporterId: users.id,
  reporterName: users.displayName,
  reporterEmail: users.email,
  resolvedByName: resolver.displayName,
};

export type AdminReportRow = {
  id: number;
  fundId: number;
  field: ReportField;
  note: string;
  status: ReportStatus;
  createdAt: Date;
  resolvedAt: Date | null;
  outcome: ReportOutcome | null;
  changedFields: ReportField[];
  reply: string;
  reporterNotifiedAt: Date | null;
  fundName: string;
  reporterId: number;
  reporterName: string;
  reporterEmail: string;
  resolvedByName: string | null;
};

function adminQuery(db: Db) {
  return db
    .select(adminColumns)
    .from(fundReports)
    .innerJoin(funds, eq(funds.id, fundReports.fundId))
    .innerJoin(users, eq(users.id, fundReports.userId))
    .leftJoin(resolver, eq(resolver.id, fundReports.resolvedBy));
}

/** The newest reports of one status: open ones by when they came in, done ones by when they were closed. */
export async function listReports(db: Db, status: ReportStatus, limit: number): Promise<AdminReportRow[]> {
  return adminQuery(db)
    .where(eq(fundReports.status, status))
    .orderBy(status === "done" ? desc(fundReports.resolvedAt) : desc(fundReports.createdAt), desc(fundReports.id))
    .limit(limit);
}

export async function findReport(db: Db, id: number): Promise<AdminReportRow | undefined> {
  const [row] = await adminQuery(db).where(eq(fundReports.id, id));
  return row;
}

export async function countByStatus(db: Db): Promise<Record<ReportStatus, number>> {
  const rows = await db
    .select({ status: fundReports.status, value: count() })
    .from(fundReports)
    .groupBy(fundReports.status);
  const counts: Record<ReportStatus, number> = { open: 0, done: 0 };
  for (const row of rows) counts[row.status] = row.value;
  return counts;
}

export type Resolution = { outcome: ReportOutcome; changedFields: ReportField[]; reply: string };

/**
 * Marks an open report done (by this admin, now, with the answer); false when no open report has
 * that id. Only the request that moves it from open wins, so two admins closing it together do not
 * both answer.
 */
export async function markReportDone(
  db: Db,
  id: number,
  resolution: Resolution,
  adminId: number,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(fundReports)
    .set({ status: "done", resolvedAt: now, resolvedBy: adminId, ...resolution })
    .where(and(eq(fundReports.id, id), eq(fundReports.status, "open")))
    .returning({ id: fundReports.id });
  return updated.length > 0;
}

/** Opens a report again; its answer is cleared (a new one is given when it is done again). */
export async function reopenReport(db: Db, id: number): Promise<void> {
  await db
    .update(fundReports)
    .set({ status: "open", resolvedAt: null, resolvedBy: null, outcome: null, changedFields: [], reply: "" })
    .where(eq(fundReports.id, id));
}

/**
 * Claims the report's one e-mail to its reporter: true for the first caller only (the stamp stays
 * through a reopen, so the reporter is e-mailed once per report).
 */
export async function claimReporterNotification(db: Db, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(fundReports)
    .set({ reporterNotifiedAt: now })
    .where(and(eq(fundReports.id, id), isNull(fundReports.reporterNotifiedAt)))
    .returning({ id: fundReports.id });
  return updated.length > 0;
}

/** Gives the claim back after the e-mail could not be sent, so that closing it again can send it. */
export async function releaseReporterNotification(db: Db, id: number): Promise<void> {
  await db.update(fundReports).set({ reporterNotifiedAt: null }).where(eq(fundReports.id, id));
}

/**
 * The user's own reports with their fund's name and the admin's answer, newest first: all of them
 * for the data export, the newest `limit` for the profile.
 */
export async function reportsOfUser(db: Db, userId: number, limit?: number) {
  const query = db
    .select({
      id: fundReports.id,
      fundId: fundReports.fundId,
      fundName: funds.name,
      field: fundReports.field,
      note: fundReports.note,
      status: fundReports.status,
      createdAt: fundReports.createdAt,
      resolvedAt: fundReports.resolvedAt,
      outcome: fundReports.outcome,
      changedFields: fundReports.changedFields,
      reply: fundReports.reply,
    })
    .from(fundReports)
    .innerJoin(funds, eq(funds.id, fundReports.fundId))
    .where(eq(fundReports.userId, userId))
    .orderBy(desc(fundReports.createdAt), desc(fundReports.id));
  return limit === undefined ? query : query.limit(limit);
}
