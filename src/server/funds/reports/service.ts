import {
  FUND_REPORT_TEXTS,
  REPORTS_PER_ACCOUNT_PER_HOUR,
  type ReportStatus,
} from "../../../shared/fund-report-texts.js";
import {
  ADMIN_REPORTS_LIMIT,
  type AdminFundReport,
  type AdminFundReportsResponse,
  type FundReportRequest,
} from "../../../shared/schemas/fund-reports.js";
import type { Db } from "../../db/client.js";
import { notFound, rateLimited } from "../../errors.js";
import type { FundsService } from "../service.js";
import * as repository from "./repository.js";

const HOUR_MS = 60 * 60 * 1000;

function toAdminReport(row: repository.AdminReportRow): AdminFundReport {
  return {
    id: row.id,
    fundId: row.fundId,
    field: row.field,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    fundName: row.fundName,
    reporter: { id: row.reporterId, displayName: row.reporterName, email: row.reporterEmail },
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedByName: row.resolvedByName,
  };
}

/**
 * 'Report outdated info': signed-in users send corrections, admins work through them. A report
 * keeps the reporter's account id and nothing else about them; each account may send a limited
 * number per hour (on top of the per-address limit of the route).
 */
export class FundReportsService {
  constructor(
    private readonly db: Db,
    private readonly funds: Pick<FundsService, "exists">,
  ) {}

  async report(userId: number, fundId: number, input: FundReportRequest, now = new Date()) {
    if (!(await this.funds.exists(fundId))) throw notFound("Fund not found.");
    const recent = await repository.countReportsSince(this.db, userId, new Date(now.getTime() - HOUR_MS));
    if (recent >= REPORTS_PER_ACCOUNT_PER_HOUR) throw rateLimited(FUND_REPORT_TEXTS.tooMany);
    const row = await repository.insertReport(this.db, { userId, fundId, field: input.field, note: input.note });
    return {
      id: row.id,
      fundId: row.fundId,
      field: row.field,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async list(status: ReportStatus): Promise<AdminFundReportsResponse> {
    const [rows, counts] = await Promise.all([
      repository.listReports(this.db, status, ADMIN_REPORTS_LIMIT),
      repository.countByStatus(this.db),
    ]);
    return { reports: rows.map(toAdminReport), counts };
  }

  /** Marks a report done or open again; doing what is already done is harmless and keeps who did it first. */
  async setStatus(adminId: number, reportId: number, status: ReportStatus, now = new Date()): Promise<AdminFundReport> {
    const current = await repository.findReport(this.db, reportId);
    if (!current) throw notFound("Report not found.");
    if (current.status !== status) await repository.setReportStatus(this.db, reportId, status, adminId, now);
    const updated = await repository.findReport(this.db, reportId);
    if (!updated) throw notFound("Report not found.");
    return toAdminReport(updated);
  }

  /** What the data export lists about the user's reports. */
  async reportsForExport(userId: number) {
    const rows = await repository.reportsOfUser(this.db, userId);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}
