import type { Logger } from "pino";
import { fundPath } from "../../../shared/fund-page.js";
import {
  FUND_REPORT_TEXTS,
  REPORTS_PER_ACCOUNT_PER_HOUR,
  type ReportStatus,
} from "../../../shared/fund-report-texts.js";
import {
  ADMIN_REPORTS_LIMIT,
  type AdminFundReport,
  type AdminFundReportsResponse,
  type FundReportActionRequest,
  type FundReportRequest,
  type UserFundReportsResponse,
} from "../../../shared/schemas/fund-reports.js";
import type { Db } from "../../db/client.js";
import { notFound, rateLimited } from "../../errors.js";
import type { Mailer } from "../../mail/mailer.js";
import { reportClosedEmail } from "../../mail/templates.js";
import { findUserById } from "../../users/repository.js";
import type { FundsService } from "../service.js";
import * as repository from "./repository.js";

export type FundReportsOptions = {
  /** Where links in e-mails point (PUBLIC_ORIGIN, or this server's local address). */
  origin: string;
  logger: Pick<Logger, "info" | "error">;
};

const HOUR_MS = 60 * 60 * 1000;
/** The newest reports the profile lists; the data export has them all. */
const PROFILE_REPORTS_LIMIT = 200;

function withIsoDates<Row extends { createdAt: Date; resolvedAt: Date | null }>(row: Row) {
  return { ...row, createdAt: row.createdAt.toISOString(), resolvedAt: row.resolvedAt?.toISOString() ?? null };
}

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
    outcome: row.outcome,
    changedFields: row.changedFields,
    reply: row.reply,
    reporterNotifiedAt: row.reporterNotifiedAt?.toISOString() ?? null,
  };
}

/** "27 November 2026": the day a report was sent, as the e-mail names it (UTC, like every date we send). */
function dayOf(date: Date): string {
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
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
    private readonly mailer: Mailer,
    private readonly options: FundReportsOptions,
  ) {}

  async report(userId: number, fundId: number, input: FundReportRequest, now = new Date()) {
    if (!(await this.funds.exists(fundId))) throw notFound("Fund not found.");
    const row = await repository.insertReportWithinLimit(
      this.db,
      { userId, fundId, field: input.field, note: input.note },
      new Date(now.getTime() - HOUR_MS),
      REPORTS_PER_ACCOUNT_PER_HOUR,
    );
    if (!row) throw rateLimited(FUND_REPORT_TEXTS.tooMany);
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

  /**
   * Marks a report done with the admin's answer, or opens it again. Marking done what is already
   * done changes nothing (the first answer and who gave it stay) and sends nothing. The reporter is
   * e-mailed once per report, when it is first done.
   */
  async act(adminId: number, request: FundReportActionRequest, now = new Date()): Promise<AdminFundReport> {
    const current = await repository.findReport(this.db, request.reportId);
    if (!current) throw notFound("Report not found.");
    if (request.action === "reopen") {
      if (current.status !== "open") await repository.reopenReport(this.db, current.id);
    } else if (request.outcome) {
      const resolution = {
        outcome: request.outcome,
        changedFields: request.outcome === "updated" ? (request.changedFields ?? []) : [],
        reply: request.reply ?? "",
      };
      if (await repository.markReportDone(this.db, current.id, resolution, adminId, now)) {
        await this.notifyReporter(current, resolution, now);
      }
    }
    const updated = await repository.findReport(this.db, request.reportId);
    if (!updated) throw notFound("Report not found.");
    return toAdminReport(updated);
  }

  /**
   * The transactional e-mail to the reporter (no preference turns it off: it answers their own
   * request). Only to an account that still exists and is active; a deactivated one is not written
   * to. Claimed first, so two admins closing it together send one; given back if sending fails,
   * and the admin's action still succeeds (the answer is on the reporter's profile either way).
   */
  private async notifyReporter(
    report: repository.AdminReportRow,
    resolution: repository.Resolution,
    now: Date,
  ): Promise<void> {
    const reporter = await findUserById(this.db, report.reporterId);
    if (reporter?.accountStatus !== "active") return;
    if (!(await repository.claimReporterNotification(this.db, report.id, now))) return;
    const origin = this.options.origin;
    try {
      await this.mailer.send(
        await reportClosedEmail({
          to: reporter.email,
          fundName: report.fundName,
          fundUrl: `${origin}${fundPath({ id: report.fundId, name: report.fundName })}`,
          profileUrl: `${origin}/profile#your-reports`,
          field: report.field,
          note: report.note,
          reportedOn: dayOf(report.createdAt),
          ...resolution,
        }),
      );
      this.options.logger.info({ reportId: report.id, userId: reporter.id }, "reporter told the report is done");
    } catch (error) {
      await repository.releaseReporterNotification(this.db, report.id);
      this.options.logger.error({ err: error, reportId: report.id }, "the reporter could not be e-mailed");
    }
  }

  /** The signed-in user's own reports; the key is the session's user, never a parameter. */
  async reportsOf(userId: number): Promise<UserFundReportsResponse> {
    const rows = await repository.reportsOfUser(this.db, userId, PROFILE_REPORTS_LIMIT);
    return { reports: rows.map(withIsoDates) };
  }

  /** What the data export lists about the user's reports. */
  async reportsForExport(userId: number) {
    return (await repository.reportsOfUser(this.db, userId)).map(withIsoDates);
  }
}
