import { and, count, desc, eq, gte, isNull } from "drizzle-orm";
import type { ReportField, ReportOutcome, ReportStatus } from "../../../shared/fund-report-texts.js";
import type { Db } from "../../db/client.js";
import { type FundReportRow, fundReports } from "../../db/schema/fund-reports.js";
import { findUsersByIds, lockUser } from "../../users/repository.js";
import { fundNamesByIds } from "../repository.js";

export type NewReport = { fundId: number; userId: number; field: ReportField; note: string };

async function insertReport(db: Db, values: NewReport): Promise<FundReportRow> {
  const [row] = await db.insert(fundReports).values(values).returning();
  if (!row) throw new Error("insert into fund_reports returned no row");
  return row;
}

/**
 * Stores a report unless the account sent `max` since `since`: undefined then. The account's row is
 * locked for the count and the insert, as saved searches do, so that parallel reports on any number
 * of instances cannot all pass the same count.
 */
export async function insertReportWithinLimit(
  db: Db,
  values: NewReport,
  since: Date,
  max: number,
): Promise<FundReportRow | undefined> {
  return db.transaction(async (tx) => {
    await lockUser(tx, values.userId);
    if ((await countReportsSince(tx, values.userId, since)) >= max) return undefined;
    return insertReport(tx, values);
  });
}

/** How many reports the account sent since the given moment (its own limit). */
export async function countReportsSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(fundReports)
    .where(and(eq(fundReports.userId, userId), gte(fundReports.createdAt, since)));
  return row?.value ?? 0;
}

/** What an admin sees: the report, its fund's name, the reporter's account and who closed it. */

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

/**
 * The reports as an admin sees them, in the given order. The funds' names and the accounts are read
 * through their owners' repositories (this one owns fund_reports only); a report whose fund or
 * reporter is gone is left out, as deleting either deletes its reports.
 */
async function withNames(db: Db, reports: readonly FundReportRow[]): Promise<AdminReportRow[]> {
  const fundIds = [...new Set(reports.map((report) => report.fundId))];
  const userIds = [
    ...new Set(
      reports.flatMap((report) => (report.resolvedBy === null ? [report.userId] : [report.userId, report.resolvedBy])),
    ),
  ];
  const [fundNames, userRows] = await Promise.all([fundNamesByIds(db, fundIds), findUsersByIds(db, userIds)]);
  const accounts = new Map(userRows.map((user) => [user.id, user]));
  return reports.flatMap((report) => {
    const fundName = fundNames.get(report.fundId);
    const reporter = accounts.get(report.userId);
    if (fundName === undefined || reporter === undefined) return [];
    return [
      {
        id: report.id,
        fundId: report.fundId,
        field: report.field,
        note: report.note,
        status: report.status,
        createdAt: report.createdAt,
        resolvedAt: report.resolvedAt,
        outcome: report.outcome,
        changedFields: report.changedFields as ReportField[],
        reply: report.reply,
        reporterNotifiedAt: report.reporterNotifiedAt,
        fundName,
        reporterId: reporter.id,
        reporterName: reporter.displayName,
        reporterEmail: reporter.email,
        resolvedByName: report.resolvedBy === null ? null : (accounts.get(report.resolvedBy)?.displayName ?? null),
      },
    ];
  });
}

/** The newest reports of one status: open ones by when they came in, done ones by when they were closed. */
export async function listReports(db: Db, status: ReportStatus, limit: number): Promise<AdminReportRow[]> {
  const reports = await db
    .select()
    .from(fundReports)
    .where(eq(fundReports.status, status))
    .orderBy(status === "done" ? desc(fundReports.resolvedAt) : desc(fundReports.createdAt), desc(fundReports.id))
    .limit(limit);
  return withNames(db, reports);
}

export async function findReport(db: Db, id: number): Promise<AdminReportRow | undefined> {
  const reports = await db.select().from(fundReports).where(eq(fundReports.id, id));
  const [row] = await withNames(db, reports);
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
 * The user's own reports with their fund's name (through the funds' repository) and the admin's
 * answer, newest first: all of them for the data export, the newest `limit` for the profile.
 */
export async function reportsOfUser(db: Db, userId: number, limit?: number) {
  const query = db
    .select()
    .from(fundReports)
    .where(eq(fundReports.userId, userId))
    .orderBy(desc(fundReports.createdAt), desc(fundReports.id));
  const reports = await (limit === undefined ? query : query.limit(limit));
  const fundNames = await fundNamesByIds(db, [...new Set(reports.map((report) => report.fundId))]);
  return reports.flatMap((report) => {
    const fundName = fundNames.get(report.fundId);
    if (fundName === undefined) return [];
    const { id, fundId, field, note, status, createdAt, resolvedAt, outcome, reply } = report;
    return [
      {
        id,
        fundId,
        fundName,
        field,
        note,
        status,
        createdAt,
        resolvedAt,
        outcome,
        changedFields: report.changedFields as ReportField[],
        reply,
      },
    ];
  });
}
