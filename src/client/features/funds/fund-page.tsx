import { useQuery } from "@tanstack/react-query";
import {
  ArrowLeft,
  Banknote,
  Building2,
  Check,
  ExternalLink,
  Flag,
  History,
  Lock,
  MapPin,
  RotateCcw,
  Sparkles,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { RATES_OF, toUsd, USD_PER_UNIT } from "../../../shared/currency-rates.js";
import { anyFundHas, type DataCounts } from "../../../shared/data-claims.js";
import { isOldFundSize } from "../../../shared/fact-age.js";
import {
  type FactField,
  NOT_DISCLOSED,
  oldFundSizeLabel,
  STAGES_NOT_DISCLOSED,
  usdEquivalentText,
} from "../../../shared/fund-facts.js";
import { fundLocation, fundPageMeta, fundPath, parseFundPath, reviewedText } from "../../../shared/fund-page.js";
import { FUND_REPORT_TEXTS } from "../../../shared/fund-report-texts.js";
import { PITCH_HEADING } from "../../../shared/fund-signals.js";
import { formatFundSize } from "../../../shared/fund-size.js";
import { estimatedChequeText } from "../../../shared/lead-rule.js";
import { chequeRangeInOneCurrency } from "../../../shared/money-range.js";
import { NOT_FOUND_META, type PageMeta } from "../../../shared/page-meta.js";
import type { FundProvenance, FundResponse, FundResult } from "../../../shared/schemas/funds.js";
import { stageLabel } from "../../../shared/stages.js";
import { FactSource, type ProvenanceItem, provenanceOf, TagSources } from "../../components/fact-source.js";
import { FundTags } from "../../components/fund-tags.js";
import {
  InvestingStatusBadge,
  ListedTeam,
  PitchRouteValue,
  ReportedStatus,
} from "../../components/fund-team-signals.js";
import { AcceptsPitches, PitchStatsLine } from "../../components/pitch-signals.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { UnlockPremiumDialog } from "../../components/unlock-premium-dialog.js";
import { ApiError, apiGet } from "../../lib/api-client.js";
import { lazyDialog } from "../../lib/lazy-dialog.js";
import { displayHost, safeExternalUrl } from "../../lib/safe-url.js";
import { useSavedFunds } from "../../lib/saved-funds.js";
import { useFundStats } from "../../lib/use-fund-stats.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { isSubscriber, useViewer } from "../../lib/viewer.js";
import { fundQueryKey, fundUrl } from "./api/page-queries.js";
import { useToggleSaveFund } from "./api/use-toggle-save-fund.js";
import { checkSizeText, FundCard, type FundLinkState, PremiumPlaceholder } from "./components/fund-card.js";
import { FundTeamBox } from "./components/fund-team-box.js";
import { SaveFundButton } from "./components/save-fund-button.js";

// The report form (react-hook-form, its schema, a Radix select) loads when a visitor opens it, not
// with every fund page.
const ReportDialog = lazyDialog(() => import("./components/report-dialog.js").then((module) => module.ReportDialog));

/**
 * What the upgrade prompt says Premium shows: only the details some fund has (LinkedIn and the fund
 * manager are known for no fund today, so they are not offered), counted from the data.
 */
function premiumDescription(counts: DataCounts | undefined): string {
  const details = [
    [anyFundHas(counts, "website"), "website"],
    [anyFundHas(counts, "linkedin"), "LinkedIn"],
    [anyFundHas(counts, "fundManager"), "fund manager"],
    [anyFundHas(counts, "chequeRange"), "cheque size"],
    [anyFundHas(counts, "leadsRounds"), "whether it leads rounds"],
    [anyFundHas(counts, "portfolio"), "portfolio"],
  ]
    .filter(([known]) => known)
    .map(([, what]) => what as string);
  const list = details.length > 1 ? `${details.slice(0, -1).join(", ")} and its ${details.at(-1)}` : details[0];
  return list
    ? `A fund's ${list}, where we know them, are part of Premium. Upgrade to see them for every fund.`
    : "Premium shows every match of every search. Upgrade to see them all.";
}

/** Match reasons handed over by the card the visitor came from, if any (history state is untrusted input). */
function reasonsFrom(state: unknown): string[] {
  const reasons = (state as Partial<FundLinkState> | null)?.matchReasons;
  return Array.isArray(reasons)
    ? reasons.filter((reason): reason is string => typeof reason === "string").slice(0, 10)
    : [];
}

/**
 * /funds/:id-:slug: a fund's public facts, its premium details (or what Premium would show), why
 * it matched the search the visitor came from, when its data was reviewed, similar funds, and a way
 * to report outdated information. The server already sent the page's head and status.
 */
export function FundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const subscriber = isSubscriber(viewer);
  const id = parseFundPath(location.pathname)?.id ?? 0;
  const fund = useQuery({
    queryKey: fundQueryKey(id, subscriber),
    // null: no such fund (a 404 is an answer, not a failure to retry).
    queryFn: ({ signal }) =>
      apiGet<FundResponse>(fundUrl(id), { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    enabled: id > 0 && viewer.status !== "loading",
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });

  // A renamed fund, or a link without its slug: show the canonical address.
  const data = fund.data;
  useEffect(() => {
    if (!data) return;
    const canonical = fundPath(data.fund);
    if (location.pathname !== canonical) {
      navigate({ pathname: canonical, search: location.search }, { replace: true, state: location.state });
    }
  }, [data, location.pathname, location.search, location.state, navigate]);

  if (id === 0 || data === null) return <FundNotFound />;
  if (fund.isError) return <FundError onRetry={() => void fund.refetch()} retrying={fund.isFetching} />;
  if (!data) return <FundSkeleton />;
  return (
    <FundDetails
      fund={data.fund}
      similar={data.similar}
      provenance={data.provenance ?? []}
      matchReasons={reasonsFrom(location.state)}
    />
  );
}

function PageHead({ meta }: { meta: PageMeta }) {
  usePageMeta(meta);
  return null;
}

/** The dollar equivalent of an amount in another currency, through the fixed rates; nothing for dollars. */
function UsdEquivalent({ amount, currency }: { amount: number; currency: string | null }) {
  const text = usdEquivalentText(amount, currency, USD_PER_UNIT);
  // The rate's date on hover: a converted amount always says what it was converted with.
  return text ? (
    <span
      className="block text-sm font-medium text-slate-600"
      title={`${formatFundSize(amount, currency)} converted to USD at the rate of ${RATES_OF}`}
    >
      {text}
    </span>
  ) : null;
}

function FundDetails({
  fund,
  similar,
  provenance,
  matchReasons,
}: {
  fund: FundResult;
  similar: FundResult[];
  provenance: FundProvenance;
  matchReasons: string[];
}) {
  const sourceOf = provenanceOf(provenance);
  const stats = useFundStats().data;
  const viewer = useViewer();
  const savedFunds = useSavedFunds(viewer.status === "member");
  const isSaved = savedFunds.data?.some((saved) => saved.id === fund.id) ?? false;
  const toggleSave = useToggleSaveFund();
  const [reportOpen, setReportOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const cameFromSearch = matchReasons.length > 0 && location.key !== "default";
  const meta = fundPageMeta(fund);
  const size = formatFundSize(fund.fundSize, fund.currency);
  const olderFund = fund.fundSize !== null ? oldFundSizeLabel(sourceOf("fundSize")?.asOf, new Date()) : undefined;

  return (
    <article aria-labelledby="fund-title" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <PageHead meta={{ ...meta, inSitemap: true }} />
      <nav aria-label="Breadcrumb" className="mb-6">
        {cameFromSearch ? (
          <Button variant="ghost" size="sm" className="-ml-3" onClick={() => navigate(-1)}>
            <ArrowLeft aria-hidden="true" />
            Back to your matches
          </Button>
        ) : (
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <Link to="/#find-investors">
              <ArrowLeft aria-hidden="true" />
              Search funds
            </Link>
          </Button>
        )}
      </nav>

      <header className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="mb-2 text-xs font-semibold tracking-wide text-indigo-700 uppercase">Venture capital fund</p>
          <h1 id="fund-title" className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {fund.name}
          </h1>
          <p className="mt-2 flex items-center gap-1.5 text-slate-600">
            <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {fundLocation(fund)}
          </p>
          <InvestingStatusBadge fund={fund} className="mt-3" />
          <ReportedStatus fund={fund} className="mt-3" />
          <AcceptsPitches fund={fund} viewer={viewer} className="mt-3" />
          <PitchStatsLine fund={fund} className="mt-2" />
        </div>
        <SaveFundButton
          fund={fund}
          viewer={viewer}
          isSaved={isSaved}
          onToggleSave={toggleSave}
          describedBy="fund-title"
          className="mt-0 mr-0"
        />
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <dl className="grid grid-cols-2 gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3">
            <Fact label="Fund size" icon={<Banknote className="size-4" aria-hidden="true" />}>
              {size}
              {olderFund && (
                <span
                  data-testid="older-fund"
                  className="ml-2 inline-block rounded-full bg-amber-50 px-2 py-0.5 align-middle text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset"
                >
                  {olderFund}
                </span>
              )}
              {fund.vehicleName && <span className="block text-xs text-slate-600">{fund.vehicleName}</span>}
              {fund.fundSize !== null && (
                <>
                  <UsdEquivalent amount={fund.fundSize} currency={fund.currency} />
                  <FactSource item={sourceOf("fundSize")} record={fund} testId="fund-size-source" />
                </>
              )}
            </Fact>
            {fund.aum !== null && (
              // Assets under management are the firm's, across its funds: never shown as a fund size.
              <Fact label="Assets under management" icon={<Banknote className="size-4" aria-hidden="true" />}>
                {formatFundSize(fund.aum, fund.aumCurrency)}
                <UsdEquivalent amount={fund.aum} currency={fund.aumCurrency} />
                <FactSource item={sourceOf("aum")} record={fund} testId="aum-source" />
              </Fact>
            )}
            <Fact label="Founded" icon={<Building2 className="size-4" aria-hidden="true" />}>
              {fund.foundedYear ?? NOT_DISCLOSED}
            </Fact>
            <Fact label="Invests from" icon={<Sparkles className="size-4" aria-hidden="true" />}>
              {fund.fundingStage ? stageLabel(fund.fundingStage) : STAGES_NOT_DISCLOSED}
            </Fact>
          </dl>

          <div>
            <dl className="grid gap-5 text-sm">
              <FundTags fund={fund} />
            </dl>
            <TagSources fund={fund} sourceOf={sourceOf} />
          </div>

          {fund.description && (
            <section aria-labelledby="fund-about">
              <h2 id="fund-about" className="text-lg font-semibold text-slate-900">
                About the fund
              </h2>
              <p className="mt-2 leading-relaxed text-slate-700">{fund.description}</p>
              <FactSource item={sourceOf("description")} record={fund} testId="description-source" />
            </section>
          )}

          <ListedTeam fund={fund} />

          {matchReasons.length > 0 && (
            <section aria-labelledby="fund-reasons">
              <h2 id="fund-reasons" className="text-lg font-semibold text-slate-900">
                Why it matches your search
              </h2>
              <ul className="mt-3 flex flex-wrap gap-1.5">
                {matchReasons.map((reason) => (
                  <li key={reason}>
                    <Badge variant="success">
                      <Check aria-hidden="true" />
                      {reason}
                    </Badge>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1.5">
              <History className="size-4 shrink-0" aria-hidden="true" />
              {reviewedText(fund)}
            </span>
            <Link to="/#about-our-data" className="text-indigo-700 underline-offset-4 hover:underline">
              About our data
            </Link>
            <button
              type="button"
              onClick={() => setReportOpen(true)}
              aria-haspopup="dialog"
              className="inline-flex items-center gap-1 rounded-sm text-indigo-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
            >
              <Flag className="size-3.5" aria-hidden="true" />
              {FUND_REPORT_TEXTS.link}
            </button>
          </p>

          <FundTeamBox fundId={fund.id} fundName={fund.name} signedIn={viewer.status === "member"} />
        </div>

        <aside aria-labelledby="fund-premium" className="self-start">
          <PremiumBlock fund={fund} sourceOf={sourceOf} stats={stats} />
        </aside>
      </div>

      {similar.length > 0 && (
        <section aria-labelledby="similar-funds" className="mt-14">
          <h2 id="similar-funds" className="text-2xl font-semibold tracking-tight text-slate-900">
            Similar funds
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Investing at the same stages and in the same industries, nearby first.
          </p>
          <ul aria-label="Similar funds" className="mt-6 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {similar.map((other) => (
              <li key={other.id} className="min-w-0">
                <FundCard fund={other} viewer={viewer} reasonsTitle="What it shares" />
              </li>
            ))}
          </ul>
        </section>
      )}

      <ReportDialog
        fundId={fund.id}
        fundName={fund.name}
        signedIn={viewer.status === "member"}
        open={reportOpen}
        onOpenChange={setReportOpen}
      />
    </article>
  );
}

/**
 * The cheque range in one currency (issue 36): as its sources stated it when they agree, else in the
 * fund's currency with each converted end's original and the rate's date on hover and in a quiet
 * line below (a phone has no hover); the dollar equivalent under a range in another currency.
 */
function ChequeRange({
  fund,
  sourceOf,
}: {
  fund: FundResult;
  sourceOf: (field: FactField) => ProvenanceItem | undefined;
}) {
  const end = (item: ProvenanceItem | undefined, usd: number | null | undefined) => ({
    amount: item?.amount ?? null,
    currency: item?.amount != null ? item.currency : null,
    usd,
  });
  const shown = chequeRangeInOneCurrency(
    end(sourceOf("checkSizeMinUsd"), fund.checkSizeMinUsd),
    end(sourceOf("checkSizeMaxUsd"), fund.checkSizeMaxUsd),
    fund.currency,
  );
  if (!shown.text) return null;
  const usd = shown.currency === "USD" ? null : checkSizeText(fund.checkSizeMinUsd, fund.checkSizeMaxUsd);
  return (
    <>
      <span
        data-testid="cheque-range"
        title={shown.title}
        className={shown.title ? "underline decoration-slate-400 decoration-dotted underline-offset-4" : undefined}
      >
        {shown.text}
      </span>
      {shown.title && (
        <span data-testid="cheque-converted" className="block text-xs font-normal text-slate-500">
          {shown.title}
        </span>
      )}
      {usd && <span className="block text-xs font-normal text-slate-600">≈ {usd}</span>}
    </>
  );
}

function Fact({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Contact details and investment criteria: the values for a subscriber (the server sent them),
 * a blurred stand-in and the upgrade prompt for everyone else (the server sent nothing to blur).
 */
function PremiumBlock({
  fund,
  sourceOf,
  stats,
}: {
  fund: FundResult;
  sourceOf: (field: FactField) => ProvenanceItem | undefined;
  /** The data's counts: a detail no fund has is not offered (a row that would only ever say "Not disclosed"). */
  stats: DataCounts | undefined;
}) {
  const [unlockOpen, setUnlockOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const heading = (
    <h2 id="fund-premium" className="flex items-center gap-2 text-base font-semibold text-slate-900">
      Contact and investment criteria
      {fund.isPremium && (
        <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800 ring-1 ring-indigo-100 ring-inset">
          <Lock className="size-3" aria-hidden="true" />
          Premium
        </span>
      )}
    </h2>
  );
  if (fund.isPremium) {
    return (
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        {heading}
        <PremiumPlaceholder facts={fund.premiumFacts} />
        <Button ref={buttonRef} onClick={() => setUnlockOpen(true)}>
          <Sparkles aria-hidden="true" />
          Unlock Premium Funds
        </Button>
        <UnlockPremiumDialog
          open={unlockOpen}
          onOpenChange={setUnlockOpen}
          returnFocusRef={buttonRef}
          description={premiumDescription(stats)}
        />
      </div>
    );
  }
  const website = safeExternalUrl(fund.website);
  const linkedin = safeExternalUrl(fund.linkedin);
  const withSource = (value: ReactNode, field: FactField, testId?: string) =>
    value ? (
      <>
        {value}
        <FactSource item={sourceOf(field)} record={fund} testId={testId} />
      </>
    ) : null;
  const hasCheque = fund.checkSizeMinUsd != null || fund.checkSizeMaxUsd != null;
  // Unknown cheque, known and recent fund size: the lead rule's estimate, never shown as the fund's fact.
  const sizeUsd = toUsd(fund.fundSize, fund.currency);
  const chequeEstimate =
    !hasCheque && sizeUsd !== null && !isOldFundSize(sourceOf("fundSize")?.asOf) ? estimatedChequeText(sizeUsd) : null;
  const rows: Array<{ label: string; value: ReactNode }> = [
    {
      label: "Website",
      value: withSource(
        website && <ExternalAnchor url={website} text={displayHost(website)} />,
        "website",
        "website-source",
      ),
    },
    // Next to the website, only when the fund's team has said (issue 24): never "Not disclosed".
    ...(fund.pitchRoute
      ? [{ label: PITCH_HEADING, value: withSource(<PitchRouteValue fund={fund} />, "pitchRoute") }]
      : []),
    // A detail no fund has (LinkedIn and the fund manager today) is not offered at all.
    ...(linkedin || anyFundHas(stats, "linkedin")
      ? [{ label: "LinkedIn", value: linkedin ? <ExternalAnchor url={linkedin} text="View profile" /> : null }]
      : []),
    ...(fund.fundManager || anyFundHas(stats, "fundManager")
      ? [{ label: "Fund manager", value: fund.fundManager || null }]
      : []),
    {
      label: "Check size",
      value: hasCheque ? (
        withSource(
          <ChequeRange fund={fund} sourceOf={sourceOf} />,
          sourceOf("checkSizeMinUsd") ? "checkSizeMinUsd" : "checkSizeMaxUsd",
          "cheque-source",
        )
      ) : chequeEstimate ? (
        <>
          <span className="font-normal text-slate-600">{NOT_DISCLOSED}</span>
          <span data-testid="cheque-estimate" className="block text-xs font-normal text-slate-500">
            {chequeEstimate}
          </span>
        </>
      ) : null,
    },
    {
      label: "Leads rounds",
      value: withSource(
        fund.leadsRounds === true ? "Yes, leads or co-leads" : fund.leadsRounds === false ? "Usually follows" : null,
        "leadsRounds",
        "leads-rounds-source",
      ),
    },
    {
      label: "Portfolio",
      value: withSource(
        fund.portfolio && fund.portfolio.length > 0 ? fund.portfolio.join(", ") : null,
        "portfolio",
        "portfolio-source",
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      {heading}
      <dl className="grid gap-3 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className={row.value ? "min-w-0 font-medium break-words text-slate-900" : "text-slate-600"}>
              {row.value ?? NOT_DISCLOSED}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ExternalAnchor({ url, text }: { url: URL; text: string }) {
  return (
    <a
      href={url.href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-indigo-700 underline-offset-4 hover:underline"
    >
      <span className="truncate">{text}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function FundSkeleton() {
  return (
    <div role="status" aria-label="Loading the fund" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="mt-8 h-10 w-3/4" />
      <Skeleton className="mt-3 h-5 w-48" />
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-64 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}

function FundNotFound() {
  return (
    <section
      aria-labelledby="fund-missing"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
    >
      <PageHead meta={NOT_FOUND_META} />
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Error 404</p>
      <h1 id="fund-missing" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        Fund not found
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        This fund is not in our database (any more). Search for funds that match your startup instead.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/#find-investors">
          <ArrowLeft aria-hidden="true" />
          Search funds
        </Link>
      </Button>
    </section>
  );
}

function FundError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">An Error Occurred</h1>
      <p className="mt-2 text-slate-600">Could not load this fund. Please try again later.</p>
      <Button variant="outline" className="mt-6" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </section>
  );
}
