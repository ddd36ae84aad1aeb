import { and, count, desc, eq, gte } from "drizzle-orm";
import type { ReportField, ReportStatus } from "../../../shared/fund-report-texts.js";
import type { Db } from "../../db/client.js";
import { type FundReportRow, fundReports } from "../../db/schema/fund-reports.js";
import { findUsersByIds } from "../../users/repository.js";
import { fundNamesByIds } from "../repository.js";

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

/** What an admin sees: the report, its fund's name, the reporter's account and who closed it. */

export type AdminReportRow = {
  id: number;
  fundId: number;
  field: ReportField;
  note: string;
  status: ReportStatus;
  createdAt: Date;
  resolvedAt: Date | null;
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

/** Marks a report done (by this admin, now) or open again; false when no such report exists. */
export async function setReportStatus(
  db: Db,
  id: number,
  status: ReportStatus,
  adminId: number,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(fundReports)
    .set(
      status === "done"
        ? { status, resolvedAt: now, resolvedBy: adminId }
        : { status, resolvedAt: null, resolvedBy: null },
    )
    .where(eq(fundReports.id, id))
    .returning({ id: fundReports.id });
  return updated.length > 0;
}

/** The user's own reports, for their data export. */
export async function reportsOfUser(db: Db, userId: number) {
  const reports = await db
    .select()
    .from(fundReports)
    .where(eq(fundReports.userId, userId))
    .orderBy(desc(fundReports.createdAt), desc(fundReports.id));
  const fundNames = await fundNamesByIds(db, [...new Set(reports.map((report) => report.fundId))]);
  return reports.flatMap((report) => {
    const fundName = fundNames.get(report.fundId);
    if (fundName === undefined) return [];
    const { id, fundId, field, note, status, createdAt } = report;
    return [{ id, fundId, fundName, field, note, status, createdAt }];
  });
}
