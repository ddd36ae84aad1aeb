import { CheckCheck, ExternalLink, Pencil, RotateCcw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { fundPath } from "../../../shared/fund-page.js";
import {
  FUND_REPORT_TEXTS,
  REPORT_OUTCOME_LABELS,
  type ReportStatus,
  reportFieldLabel,
} from "../../../shared/fund-report-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { AdminFundReport } from "../../../shared/schemas/fund-reports.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { messageOr } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { cn } from "../../lib/utils.js";
import { useFundReportAction, useFundReports } from "./api/use-fund-reports.js";
import { AdminPageHeader } from "./components/admin-page-header.js";
import { type ReportAnswer, ReportDoneDialog } from "./components/report-done-dialog.js";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Fund Reports (/admin/fund-reports): the corrections users sent, open ones first; the admin guard already ran. */
export function FundReportsPage() {
  usePageMeta(PAGE_META["/admin/fund-reports"]);
  const [status, setStatus] = useState<ReportStatus>("open");
  const reports = useFundReports(status);
  const action = useFundReportAction();
  const counts = reports.data?.counts;
  // The report whose answer is being written (the Mark done dialog), if any.
  const [closing, setClosing] = useState<AdminFundReport | undefined>(undefined);

  const reopen = (report: AdminFundReport) =>
    action.mutate(
      { reportId: report.id, action: "reopen" },
      {
        onSuccess: () => toast.success(FUND_REPORT_TEXTS.reopened),
        onError: (error) => toast.error(messageOr(error, FUND_REPORT_TEXTS.markDoneFailed)),
      },
    );
  const markDone = (report: AdminFundReport, answer: ReportAnswer) =>
    action.mutate(
      { reportId: report.id, action: "mark_done", ...answer },
      {
        onSuccess: () => {
          setClosing(undefined);
          toast.success(FUND_REPORT_TEXTS.markedDone);
        },
        onError: (error) => toast.error(messageOr(error, FUND_REPORT_TEXTS.markDoneFailed)),
      },
    );

  return (
    <section aria-labelledby="fund-reports-title" className="flex flex-col gap-6">
      <AdminPageHeader
        titleId="fund-reports-title"
        title={FUND_REPORT_TEXTS.adminTitle}
        description={FUND_REPORT_TEXTS.adminDescription}
      />
      <fieldset className="flex gap-2">
        <legend className="sr-only">Show reports</legend>
        {(["open", "done"] as const).map((option) => (
          <Button
            key={option}
            variant={status === option ? "default" : "outline"}
            size="sm"
            aria-pressed={status === option}
            onClick={() => setStatus(option)}
          >
            {option === "open" ? FUND_REPORT_TEXTS.adminOpen : FUND_REPORT_TEXTS.adminDone}
            {counts && <span className="tabular-nums">({counts[option]})</span>}
          </Button>
        ))}
      </fieldset>
      {reports.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-28 rounded-2xl" />
          ))}
        </div>
      ) : reports.isError ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {FUND_REPORT_TEXTS.adminLoadFailed}: {messageOr(reports.error, "Request failed")}
        </p>
      ) : reports.data.reports.length === 0 ? (
        <p role="status" className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {status === "open" ? FUND_REPORT_TEXTS.adminEmptyOpen : FUND_REPORT_TEXTS.adminEmptyDone}
        </p>
      ) : (
        <ul aria-label={`${status === "open" ? "Open" : "Done"} reports`} className="flex flex-col gap-3">
          {reports.data.reports.map((report) => (
            <li key={report.id}>
              <article
                aria-labelledby={`report-${report.id}-fund`}
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:flex-row md:items-start md:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 id={`report-${report.id}-fund`} className="text-base font-semibold text-slate-900">
                      <Link
                        to={fundPath({ id: report.fundId, name: report.fundName })}
                        target="_blank"
                        className="inline-flex items-center gap-1 underline-offset-4 hover:text-indigo-700 hover:underline"
                      >
                        {report.fundName}
                        <ExternalLink className="size-3.5" aria-hidden="true" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </Link>
                    </h2>
                    <Badge variant="secondary">{reportFieldLabel(report.field)}</Badge>
                  </div>
                  <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{report.note}</p>
                  <p className="mt-2 text-xs text-slate-600">
                    From {report.reporter.displayName} ({report.reporter.email}) on{" "}
                    {dateTime.format(new Date(report.createdAt))}
                    {report.resolvedAt &&
                      ` · done ${dateTime.format(new Date(report.resolvedAt))}${report.resolvedByName ? ` by ${report.resolvedByName}` : ""}`}
                  </p>
                  {report.status === "done" && report.outcome && (
                    <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                      <p className="font-medium">
                        {REPORT_OUTCOME_LABELS[report.outcome]}
                        {report.changedFields.length > 0 &&
                          `: ${report.changedFields.map((field) => reportFieldLabel(field)).join(", ")}`}
                      </p>
                      {report.reply && <p className="mt-1 break-words whitespace-pre-line">{report.reply}</p>}
                      <p className="mt-1 text-xs text-slate-600">
                        {report.reporterNotifiedAt ? "Reporter e-mailed." : "Reporter not e-mailed."}
                      </p>
                    </div>
                  )}
                </div>
                <div className="flex shrink-0 flex-wrap gap-2 self-start">
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to={`/admin/funds?edit=${report.fundId}`}
                      aria-label={`${FUND_REPORT_TEXTS.editFund} ${report.fundName}`}
                    >
                      <Pencil aria-hidden="true" />
                      {FUND_REPORT_TEXTS.editFund}
                    </Link>
                  </Button>
                  <Button
                    variant={report.status === "open" ? "default" : "outline"}
                    size="sm"
                    className={cn("shrink-0 self-start")}
                    disabled={action.isPending && action.variables?.reportId === report.id}
                    onClick={() => (report.status === "open" ? setClosing(report) : reopen(report))}
                    aria-describedby={`report-${report.id}-fund`}
                  >
                    {report.status === "open" ? <CheckCheck aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
                    {report.status === "open" ? FUND_REPORT_TEXTS.markDone : FUND_REPORT_TEXTS.reopen}
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <ReportDoneDialog
        report={closing}
        pending={action.isPending}
        onOpenChange={(open) => {
          if (!open) setClosing(undefined);
        }}
        onSubmit={(answer) => closing && markDone(closing, answer)}
      />
    </section>
  );
}
