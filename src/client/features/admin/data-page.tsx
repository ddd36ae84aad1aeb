import { CheckCheck, ExternalLink, Pencil, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ADMIN_TEXTS, DATA_ADMIN_TEXTS, INFORMATIVE_FACT_LABELS } from "../../../shared/admin-texts.js";
import { FUND_STATUS_LABELS, factKindLabel, formatAsOf } from "../../../shared/fund-facts.js";
import { reportFieldLabel } from "../../../shared/fund-report-texts.js";
import { formatFundSize } from "../../../shared/fund-size.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { AdminDataResponse } from "../../../shared/schemas/admin-data.js";
import { ScrollFrame } from "../../components/scroll-frame.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { messageOr } from "../../lib/api-client.js";
import { safeExternalUrl } from "../../lib/safe-url.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { cn } from "../../lib/utils.js";
import { useAdminData, useMarkReviewed } from "./api/use-admin-data.js";
import { AdminPageHeader } from "./components/admin-page-header.js";

const number = new Intl.NumberFormat("en-US");
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** The link that opens a fund's edit form on the funds page. */
export const editFundPath = (fundId: number) => `/admin/funds?edit=${fundId}`;

/** Fund Data (/admin/data): what the database holds and how good it is (issue 36); the admin guard already ran. */
export function DataPage() {
  usePageMeta(PAGE_META["/admin/data"]);
  const [page, setPage] = useState(1);
  const data = useAdminData(page);

  return (
    <section aria-labelledby="data-title" className="flex flex-col gap-8">
      <AdminPageHeader titleId="data-title" title={DATA_ADMIN_TEXTS.title} description={DATA_ADMIN_TEXTS.description} />
      {data.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-40 rounded-2xl" />
          ))}
        </div>
      ) : data.isError ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {DATA_ADMIN_TEXTS.loadFailed}: {messageOr(data.error, "Request failed")}
        </p>
      ) : (
        <>
          <Coverage stats={data.data.stats} coverage={data.data.coverage} />
          <FactAges ages={data.data.factAges} />
          <ReportedStatuses reported={data.data.reportedStatus} />
          <SourceHosts hosts={data.data.sourceHosts} />
          <CuratedOnly curated={data.data.curatedOnly} />
          <StaleFunds stale={data.data.stale} onPage={setPage} />
          <OpenReports reports={data.data.openReports} />
          <OldFundSizes old={data.data.oldFundSizes} />
        </>
      )}
    </section>
  );
}

/** One section of the page; a list's section says so in `emptyText` when `isEmpty`, instead of its list. */
function Panel({
  id,
  title,
  description,
  isEmpty = false,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  isEmpty?: boolean;
  emptyText?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {isEmpty ? (
        <p role="status" className="text-sm text-slate-600">
          {emptyText}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

/** A section's table: its head from `columns` (a column's class hides it on narrow screens), its rows as children. */
function DataTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: ReadonlyArray<{ label: string; className?: string }>;
  children: ReactNode;
}) {
  return (
    <ScrollFrame label={label} hint={ADMIN_TEXTS.scrollHint} frameClassName="rounded-xl">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn("px-3 py-2", column.className)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </ScrollFrame>
  );
}

/** A bar per fact; the numbers are text, the bars only draw them. Under each, how much of it is sourced and dated. */
function Coverage({ stats, coverage }: { stats: AdminDataResponse["stats"]; coverage: AdminDataResponse["coverage"] }) {
  return (
    <Panel
      id="coverage-title"
      title={DATA_ADMIN_TEXTS.coverageTitle}
      description={DATA_ADMIN_TEXTS.coverageDescription}
    >
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{number.format(stats.totalFunds)}</span> funds in all.
      </p>
      <ul aria-label={DATA_ADMIN_TEXTS.coverageTitle} className="flex flex-col gap-3" data-testid="coverage">
        {coverage.map(({ fact, funds, sourced, dated }) => {
          const share = percent(funds, stats.totalFunds);
          return (
            <li key={fact} className="grid gap-1 sm:grid-cols-[10rem_1fr_14rem] sm:items-center sm:gap-3">
              <span className="text-sm font-medium text-slate-800">{INFORMATIVE_FACT_LABELS[fact]}</span>
              <span aria-hidden="true" className="relative h-3 overflow-hidden rounded-full bg-slate-100">
                <span className="absolute inset-y-0 left-0 rounded-full bg-indigo-200" style={{ width: `${share}%` }} />
                <span
                  className="absolute inset-y-0 left-0 rounded-full bg-indigo-600"
                  style={{ width: `${percent(sourced, stats.totalFunds)}%` }}
                />
              </span>
              <span className="text-sm text-slate-700 tabular-nums sm:text-right">
                {number.format(funds)} of {number.format(stats.totalFunds)} ({share}%)
                <span className="block text-xs text-slate-600" data-testid={`coverage-${fact}`}>
                  {DATA_ADMIN_TEXTS.sourcedOf(number.format(sourced), number.format(dated))}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

function FactAges({ ages }: { ages: AdminDataResponse["factAges"] }) {
  const keys = ["underOneYear", "oneToThree", "threeToSix", "older", "undated"] as const;
  return (
    <Panel id="ages-title" title={DATA_ADMIN_TEXTS.agesTitle} description={DATA_ADMIN_TEXTS.agesDescription}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="fact-ages">
        {keys.map((key) => (
          <div key={key} className="rounded-xl border border-slate-200 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">{DATA_ADMIN_TEXTS.ages[key]}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{number.format(ages[key])}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** A source's name, linked when it has an address. */
function SourceLink({ name, url: address }: { name: string; url: string | null }) {
  const url = safeExternalUrl(address);
  if (!url) return <>{name}</>;
  return (
    <a
      href={url.href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-indigo-700 underline-offset-4 hover:underline"
    >
      <span className="min-w-0 break-all">{name}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function ReportedStatuses({ reported }: { reported: AdminDataResponse["reportedStatus"] }) {
  const columns = DATA_ADMIN_TEXTS.columns;
  return (
    <Panel
      id="status-title"
      title={`${DATA_ADMIN_TEXTS.statusTitle} (${number.format(reported.total)})`}
      description={DATA_ADMIN_TEXTS.statusDescription}
      isEmpty={reported.funds.length === 0}
      emptyText={DATA_ADMIN_TEXTS.statusEmpty}
    >
      <DataTable
        label={DATA_ADMIN_TEXTS.statusTitle}
        columns={[
          { label: columns.fund },
          { label: columns.status },
          { label: columns.source, className: "hidden md:table-cell" },
        ]}
      >
        {reported.funds.map((fund) => {
          const source = fund.sourceName ? (
            <>
              <SourceLink name={fund.sourceName} url={fund.sourceUrl} />
              {fund.asOf ? ` · ${formatAsOf(fund.asOf)}` : ""}
            </>
          ) : null;
          return (
            <tr key={fund.id}>
              <td className="px-3 py-2.5 break-words text-slate-900">
                <Link to={editFundPath(fund.id)} className="font-medium underline-offset-4 hover:underline">
                  {fund.name}
                </Link>
                <span className="mt-0.5 block text-xs text-slate-600">{fund.country}</span>
                <span className="mt-0.5 block text-xs text-slate-600 md:hidden">{source}</span>
              </td>
              <td className="px-3 py-2.5 text-slate-700">{FUND_STATUS_LABELS[fund.status]}</td>
              <td className="hidden px-3 py-2.5 text-slate-700 md:table-cell">{source}</td>
            </tr>
          );
        })}
      </DataTable>
    </Panel>
  );
}

function SourceHosts({ hosts }: { hosts: AdminDataResponse["sourceHosts"] }) {
  const columns = DATA_ADMIN_TEXTS.columns;
  return (
    <Panel
      id="hosts-title"
      title={`${DATA_ADMIN_TEXTS.hostsTitle} (${number.format(hosts.total)})`}
      description={DATA_ADMIN_TEXTS.hostsDescription}
      isEmpty={hosts.hosts.length === 0}
      emptyText={DATA_ADMIN_TEXTS.hostsEmpty}
    >
      {hosts.total > hosts.hosts.length && (
        <p className="text-xs text-slate-600">{DATA_ADMIN_TEXTS.hostsMore(hosts.hosts.length, hosts.total)}</p>
      )}
      <div className="max-h-96 overflow-y-auto rounded-xl">
        <DataTable
          label={DATA_ADMIN_TEXTS.hostsTitle}
          columns={[
            { label: columns.host },
            { label: columns.facts, className: "text-right" },
            { label: columns.funds, className: "text-right" },
          ]}
        >
          {hosts.hosts.map((host) => (
            <tr key={host.host} data-testid="source-host">
              <td className="px-3 py-2 break-all text-slate-900">
                {host.host}
                {host.refused && (
                  // On its own line: beside the host it would widen the column past a phone's width.
                  <Badge className="mt-1 flex w-fit whitespace-normal bg-red-50 text-red-800 ring-1 ring-red-200 ring-inset">
                    {DATA_ADMIN_TEXTS.hostRefused}
                  </Badge>
                )}
              </td>
              <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{number.format(host.facts)}</td>
              <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{number.format(host.funds)}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    </Panel>
  );
}

function CuratedOnly({ curated }: { curated: AdminDataResponse["curatedOnly"] }) {
  return (
    <Panel
      id="curated-title"
      title={`${DATA_ADMIN_TEXTS.curatedOnlyTitle} (${number.format(curated.total)})`}
      description={DATA_ADMIN_TEXTS.curatedOnlyDescription}
      isEmpty={curated.funds.length === 0}
      emptyText={DATA_ADMIN_TEXTS.curatedOnlyEmpty}
    >
      {curated.total > curated.funds.length && (
        <p className="text-xs text-slate-600">
          {DATA_ADMIN_TEXTS.curatedOnlyMore(curated.funds.length, curated.total)}
        </p>
      )}
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm" aria-label={DATA_ADMIN_TEXTS.curatedOnlyTitle}>
        {curated.funds.map((fund) => (
          <li key={fund.id}>
            <Link to={editFundPath(fund.id)} className="text-indigo-700 underline-offset-4 hover:underline">
              {fund.name}
            </Link>
            <span className="text-slate-500"> · {fund.country}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function StaleFunds({ stale, onPage }: { stale: AdminDataResponse["stale"]; onPage: (page: number) => void }) {
  const mark = useMarkReviewed();
  const pages = Math.max(1, Math.ceil(stale.total / stale.pageSize));
  const columns = DATA_ADMIN_TEXTS.columns;
  return (
    <Panel
      id="stale-title"
      title={`${DATA_ADMIN_TEXTS.staleTitle} (${number.format(stale.total)})`}
      description={DATA_ADMIN_TEXTS.staleDescription(stale.reviewedBefore)}
      // "Every fund was reviewed" only when no fund is left, never for a page past the last one.
      isEmpty={stale.total === 0}
      emptyText={DATA_ADMIN_TEXTS.staleEmpty}
    >
      {/* On a phone each row keeps the fund (its country and date under the name) and the actions. */}
      <DataTable
        label={DATA_ADMIN_TEXTS.staleTitle}
        columns={[
          { label: columns.fund },
          { label: columns.country, className: "hidden md:table-cell" },
          { label: columns.reviewed, className: "hidden md:table-cell" },
          { label: columns.actions, className: "text-right" },
        ]}
      >
        {stale.funds.map((fund) => {
          const reviewed = fund.lastReviewed ?? DATA_ADMIN_TEXTS.neverReviewed;
          return (
            <tr key={fund.id}>
              <td className="px-3 py-2.5 break-words text-slate-900">
                <span className="font-medium">{fund.name}</span>
                <span className="mt-0.5 block text-xs text-slate-600 md:hidden">
                  {fund.country} · {reviewed}
                </span>
              </td>
              <td className="hidden px-3 py-2.5 text-slate-700 md:table-cell">{fund.country}</td>
              <td className="hidden px-3 py-2.5 whitespace-nowrap text-slate-700 md:table-cell">{reviewed}</td>
              <td className="px-3 py-2.5">
                <div className="flex flex-wrap justify-end gap-1.5">
                  <Button asChild variant="outline" size="sm">
                    <Link to={editFundPath(fund.id)} aria-label={`${DATA_ADMIN_TEXTS.editFund} ${fund.name}`}>
                      <Pencil aria-hidden="true" />
                      <span className="max-sm:sr-only">{DATA_ADMIN_TEXTS.editFund}</span>
                    </Link>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${DATA_ADMIN_TEXTS.markReviewed}: ${fund.name}`}
                    disabled={mark.isPending && mark.variables === fund.id}
                    onClick={() =>
                      mark.mutate(fund.id, {
                        onSuccess: () => toast.success(DATA_ADMIN_TEXTS.markedReviewed),
                        onError: (error) => toast.error(messageOr(error, DATA_ADMIN_TEXTS.markFailed)),
                      })
                    }
                  >
                    <CheckCheck aria-hidden="true" />
                    <span className="max-sm:sr-only">{DATA_ADMIN_TEXTS.markReviewed}</span>
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <nav
        aria-label="Pages of funds not reviewed"
        className="flex items-center justify-between gap-4 text-sm text-slate-700"
      >
        <p>
          Page {stale.page} of {pages}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={stale.page <= 1} onClick={() => onPage(stale.page - 1)}>
            {DATA_ADMIN_TEXTS.previous}
          </Button>
          <Button variant="outline" size="sm" disabled={stale.page >= pages} onClick={() => onPage(stale.page + 1)}>
            {DATA_ADMIN_TEXTS.next}
          </Button>
        </div>
      </nav>
    </Panel>
  );
}

function OpenReports({ reports }: { reports: AdminDataResponse["openReports"] }) {
  return (
    <Panel
      id="reports-title"
      title={`${DATA_ADMIN_TEXTS.reportsTitle} (${number.format(reports.total)})`}
      isEmpty={reports.reports.length === 0}
      emptyText={DATA_ADMIN_TEXTS.reportsEmpty}
    >
      <ul className="flex flex-col divide-y divide-slate-200" aria-label={DATA_ADMIN_TEXTS.reportsTitle}>
        {reports.reports.map((report) => (
          <li key={report.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {report.fundName}{" "}
                <span className="text-sm font-normal text-slate-600">· {reportFieldLabel(report.field)}</span>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{report.note}</p>
            </div>
            <Button asChild variant="outline" size="sm" className="shrink-0 self-start">
              <Link to={editFundPath(report.fundId)} aria-label={`${DATA_ADMIN_TEXTS.editFund} ${report.fundName}`}>
                <Pencil aria-hidden="true" />
                {DATA_ADMIN_TEXTS.editFund}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function OldFundSizes({ old }: { old: AdminDataResponse["oldFundSizes"] }) {
  const columns = DATA_ADMIN_TEXTS.columns;
  return (
    <Panel
      id="old-sizes-title"
      title={`${DATA_ADMIN_TEXTS.oldFundSizesTitle} (${number.format(old.total)})`}
      description={DATA_ADMIN_TEXTS.oldFundSizesDescription(old.before)}
      isEmpty={old.facts.length === 0}
      emptyText={DATA_ADMIN_TEXTS.oldFundSizesEmpty}
    >
      {old.total > old.facts.length && (
        <p className="text-xs text-slate-600">{DATA_ADMIN_TEXTS.oldFundSizesMore(old.facts.length, old.total)}</p>
      )}
      <DataTable
        label={DATA_ADMIN_TEXTS.oldFundSizesTitle}
        columns={[
          { label: columns.fund },
          { label: columns.fundSize, className: "hidden sm:table-cell" },
          { label: columns.asOf },
          { label: columns.source, className: "hidden md:table-cell" },
        ]}
      >
        {old.facts.map((fact) => {
          const kind = factKindLabel(fact.kind);
          const size = `${formatFundSize(Number(fact.value), fact.currency)}${kind ? ` · ${kind}` : ""}`;
          const source = <SourceLink name={fact.sourceName} url={fact.sourceUrl} />;
          return (
            <tr key={fact.fundId} data-testid="old-fund-size">
              <td className="px-3 py-2.5 break-words text-slate-900">
                <Link to={editFundPath(fact.fundId)} className="font-medium underline-offset-4 hover:underline">
                  {fact.fundName}
                </Link>
                <span className="mt-0.5 block text-xs text-slate-600 sm:hidden">{size}</span>
                <span className="mt-0.5 block text-xs text-slate-600 md:hidden">{source}</span>
              </td>
              <td className="hidden px-3 py-2.5 text-slate-700 sm:table-cell">{size}</td>
              <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">{formatAsOf(fact.asOf)}</td>
              <td className="hidden px-3 py-2.5 text-slate-700 md:table-cell">{source}</td>
            </tr>
          );
        })}
      </DataTable>
    </Panel>
  );
}
