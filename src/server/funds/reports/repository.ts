import { aliasedTable, and, count, desc, eq, gte } from "drizzle-orm";
import type { ReportField, ReportStatus } from "../../../shared/fund-report-texts.js";
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
  return db
    .select({
      id: fundReports.id,
      fundId: fundReports.fundId,
      fundName: funds.name,
      field: fundReports.field,
      note: fundReports.note,
      status: fundReports.status,
      createdAt: fundReports.createdAt,
    })
    .from(fundReports)
    .innerJoin(funds, eq(funds.id, fundReports.fundId))
    .where(eq(fundReports.userId, userId))
    .orderBy(desc(fundReports.createdAt), desc(fundReports.id));
}
