import { Link } from "react-router";
import { fundPath } from "../../../../shared/fund-page.js";
import { FUND_REPORT_TEXTS, REPORT_OUTCOME_LABELS, reportFieldLabel } from "../../../../shared/fund-report-texts.js";
import type { UserFundReport } from "../../../../shared/schemas/fund-reports.js";
import { Badge } from "../../../components/ui/badge.js";
import { Card, CardContent, CardHeader } from "../../../components/ui/card.js";
import { Skeleton } from "../../../components/ui/skeleton.js";
import { useHydrated } from "../../../lib/use-hydrated.js";
import { useMyReports } from "../api/use-account-queries.js";

const T = FUND_REPORT_TEXTS;
// The reader's own day once the app runs; in UTC in the server's render and the browser's first
// one, which must match (the server does not know the reader's time zone).
const localDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const utcDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * The profile's 'Your reports': each correction the person sent from a fund page, whether it is
 * still open or done, and once done what the data team answered. The e-mail about a closed report
 * links here (#your-reports).
 */
export function YourReportsCard() {
  const list = useMyReports(true);
  const items = list.data?.reports ?? [];
  return (
    <Card id="your-reports" role="region" aria-labelledby="your-reports-title" className="scroll-mt-24">
      <CardHeader className="pb-4">
        <h2 id="your-reports-title" className="text-lg font-semibold tracking-tight text-slate-900">
          {T.yourReports}
        </h2>
        <p className="text-sm text-slate-600">{T.yourReportsDescription}</p>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {T.reportsLoadFailed}
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{T.noReports}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200" aria-label={T.yourReports}>
            {items.map((report) => (
              <ReportItem key={report.id} report={report} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ReportItem({ report }: { report: UserFundReport }) {
  const done = report.status === "done";
  const day = useHydrated() ? localDay : utcDay;
  return (
    <li className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0" aria-label={`Report about ${report.fundName}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={fundPath({ id: report.fundId, name: report.fundName })}
          className="min-w-0 font-medium break-words text-slate-900 underline-offset-4 hover:text-indigo-700 hover:underline"
        >
          {report.fundName}
        </Link>
        <Badge
          variant="outline"
          className={
            done ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-amber-200 bg-amber-50 text-amber-900"
          }
        >
          {done ? T.stateDone : T.stateOpen}
        </Badge>
      </div>
      <p className="text-xs text-slate-600">
        {reportFieldLabel(report.field)} · {T.reportedLabel} {day.format(new Date(report.createdAt))}
        {report.resolvedAt && ` · ${T.doneOnLabel} ${day.format(new Date(report.resolvedAt))}`}
      </p>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700">{report.note}</p>
      {done && report.outcome && (
        <div className="mt-1 rounded-lg bg-slate-50 p-2.5 text-sm text-slate-800">
          <p className="font-medium">
            {REPORT_OUTCOME_LABELS[report.outcome]}
            {report.changedFields.length > 0 &&
              `: ${report.changedFields.map((field) => reportFieldLabel(field)).join(", ")}`}
          </p>
          {report.reply && (
            <p className="mt-1 break-words whitespace-pre-line">
              <span className="sr-only">{T.replyHeading}: </span>
              {report.reply}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
