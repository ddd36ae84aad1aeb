import { BarChart3 } from "lucide-react";
import { AUDIENCE_TEXTS, audienceMonthLabel } from "../../../../shared/fund-signals.js";
import type { AudienceMonth } from "../../../../shared/schemas/fund-audience.js";
import { ScrollFrame } from "../../../components/scroll-frame.js";
import { Skeleton } from "../../../components/ui/skeleton.js";
import { ApiError } from "../../../lib/api-client.js";
import { useFundAudience } from "../api/use-fund-audience.js";

/**
 * The fund's team's view of founders' interest (issue 24, "What the fund sees"): per month, how many
 * founders opened the fund's page, saved it, and had it in a match shortlist. Counts only.
 */
export function AudienceCounts({ months }: { months: readonly AudienceMonth[] }) {
  const any = months.some((month) => month.pageViews + month.saves + month.shortlists > 0);
  return (
    <div className="flex flex-col gap-3">
      {!any && <p className="text-sm text-slate-600">{AUDIENCE_TEXTS.empty}</p>}
      {/* Focusable and named, so that a keyboard can scroll it where four columns do not fit (375 px). */}
      <ScrollFrame label="Founders' interest by month">
        <table data-testid="audience-counts" className="w-full min-w-[20rem] text-left text-sm">
          <caption className="sr-only">{AUDIENCE_TEXTS.heading}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {AUDIENCE_TEXTS.month}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {AUDIENCE_TEXTS.pageViews}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {AUDIENCE_TEXTS.saves}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {AUDIENCE_TEXTS.shortlists}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                  {audienceMonthLabel(month.month)}
                </th>
                <td className="px-3 py-2 text-right text-slate-800 tabular-nums">{month.pageViews}</td>
                <td className="px-3 py-2 text-right text-slate-800 tabular-nums">{month.saves}</td>
                <td className="px-3 py-2 text-right text-slate-800 tabular-nums">{month.shortlists}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
    </div>
  );
}

/**
 * The section the member's page (/investor/funds/:id) shows: heading, what the counts are, and the
 * table, fetched for this fund. Import it into the editor page as `<AudienceSection fundId={id} />`.
 */
export function AudienceSection({ fundId }: { fundId: number }) {
  const audience = useFundAudience(fundId);
  return (
    <section
      aria-labelledby="fund-audience-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="fund-audience-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BarChart3 className="size-5 text-indigo-600" aria-hidden="true" />
        {AUDIENCE_TEXTS.heading}
      </h2>
      <p className="text-sm text-slate-600">{AUDIENCE_TEXTS.intro}</p>
      <p data-testid="audience-estimates" className="text-sm text-slate-600">
        {AUDIENCE_TEXTS.estimates}
      </p>
      {audience.isPending ? (
        <div role="status" aria-label={AUDIENCE_TEXTS.loading} className="flex flex-col gap-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : audience.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {audience.error instanceof ApiError && audience.error.serverMessage
            ? audience.error.serverMessage
            : AUDIENCE_TEXTS.failed}
        </p>
      ) : (
        <AudienceCounts months={audience.data.months} />
      )}
    </section>
  );
}
