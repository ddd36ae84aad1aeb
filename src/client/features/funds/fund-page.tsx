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
import { USD_PER_UNIT } from "../../../shared/currency-rates.js";
import {
  type FactField,
  factKindLabel,
  formatAsOf,
  STAGES_NOT_DISCLOSED,
  usdEquivalentText,
} from "../../../shared/fund-facts.js";
import { fundLocation, fundPageMeta, fundPath, parseFundPath, reviewedText } from "../../../shared/fund-page.js";
import { FUND_REPORT_TEXTS } from "../../../shared/fund-report-texts.js";
import { PITCH_HEADING } from "../../../shared/fund-signals.js";
import { formatFundSize } from "../../../shared/fund-size.js";
import { fundTeamUpdatedText } from "../../../shared/fund-team.js";
import { NOT_FOUND_META, type PageMeta } from "../../../shared/page-meta.js";
import type { FundProvenance, FundResponse, FundResult } from "../../../shared/schemas/funds.js";
import { stageLabel } from "../../../shared/stages.js";
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

const PREMIUM_DESCRIPTION =
  "A fund's website, LinkedIn, fund manager, check size, whether it leads rounds and its portfolio, where we know them, are part of Premium. Upgrade to see them for every fund.";

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

type ProvenanceItem = FundProvenance[number];

/** A fact's provenance by field. */
function provenanceOf(provenance: FundProvenance): (field: FactField) => ProvenanceItem | undefined {
  const byField = new Map(provenance.map((item) => [item.field, item]));
  return (field) => byField.get(field);
}

/**
 * Where a fact came from and when, under its value: "final close Oct 2023 · source", the source a
 * link when it has an address. Nothing for a fact that came with the fund's record.
 */
function FactSource({ item, testId }: { item: ProvenanceItem | undefined; testId?: string }) {
  if (!item) return null;
  if (item.origin === "fund_team") {
    // The fund's own word: when they said it, and a money fact's close date when they gave one.
    const close =
      item.kind === "final_close" && item.asOf ? `${factKindLabel(item.kind)} ${formatAsOf(item.asOf)} · ` : "";
    return (
      <span className="mt-0.5 block text-xs font-normal text-slate-600" data-testid={testId} data-origin="fund_team">
        {close}
        {fundTeamUpdatedText(item.recordedOn)}
      </span>
    );
  }
  const url = safeExternalUrl(item.sourceUrl);
  const parts = [factKindLabel(item.kind), item.asOf ? formatAsOf(item.asOf) : undefined].filter(Boolean);
  return (
    <span className="mt-0.5 block text-xs font-normal text-slate-600" data-testid={testId}>
      {parts.length > 0 && <>{parts.join(" ")} · </>}
      {url ? (
        <a
          href={url.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          title={item.sourceName}
          className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          source
          <span className="sr-only">: {item.sourceName} (opens in a new tab)</span>
        </a>
      ) : (
        <>source: {item.sourceName}</>
      )}
    </span>
  );
}

/** The dollar equivalent of an amount in another currency, through the fixed rates; nothing for dollars. */
function UsdEquivalent({ amount, currency }: { amount: number; currency: string | null }) {
  const text = usdEquivalentText(amount, currency, USD_PER_UNIT);
  return text ? <span className="block text-sm font-medium text-slate-600">{text}</span> : null;
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
              {fund.vehicleName && <span className="block text-xs text-slate-600">{fund.vehicleName}</span>}
              {fund.fundSize !== null && (
                <>
                  <UsdEquivalent amount={fund.fundSize} currency={fund.currency} />
                  <FactSource item={sourceOf("fundSize")} testId="fund-size-source" />
                </>
              )}
            </Fact>
            {fund.aum !== null && (
              // Assets under management are the firm's, across its funds: never shown as a fund size.
              <Fact label="Assets under management" icon={<Banknote className="size-4" aria-hidden="true" />}>
                {formatFundSize(fund.aum, fund.aumCurrency)}
                <UsdEquivalent amount={fund.aum} currency={fund.aumCurrency} />
                <FactSource item={sourceOf("aum")} />
              </Fact>
            )}
            <Fact label="Founded" icon={<Building2 className="size-4" aria-hidden="true" />}>
              {fund.foundedYear ?? "Not known"}
            </Fact>
            <Fact label="Invests from" icon={<Sparkles className="size-4" aria-hidden="true" />}>
              {fund.fundingStage ? stageLabel(fund.fundingStage) : STAGES_NOT_DISCLOSED}
            </Fact>
          </dl>

          <dl className="grid gap-5 text-sm">
            <FundTags fund={fund} />
          </dl>

          {fund.description && (
            <section aria-labelledby="fund-about">
              <h2 id="fund-about" className="text-lg font-semibold text-slate-900">
                About the fund
              </h2>
              <p className="mt-2 leading-relaxed text-slate-700">{fund.description}</p>
              <FactSource item={sourceOf("description")} testId="description-source" />
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
          <PremiumBlock fund={fund} sourceOf={sourceOf} />
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
 * The cheque range: in the currency its source stated (with the USD equivalent) when the source was
 * not in dollars, else in dollars as stored.
 */
function chequeText(fund: FundResult, sourceOf: (field: FactField) => ProvenanceItem | undefined): string | null {
  const min = sourceOf("checkSizeMinUsd");
  const max = sourceOf("checkSizeMaxUsd");
  const foreign = [min, max].find((item) => item?.currency && item.currency !== "USD" && item.amount != null);
  if (!foreign) return checkSizeText(fund.checkSizeMinUsd, fund.checkSizeMaxUsd);
  const own = (item: ProvenanceItem | undefined, usd: number | null | undefined) =>
    item?.amount != null && item.currency
      ? formatFundSize(item.amount, item.currency)
      : usd != null
        ? formatFundSize(usd, "USD")
        : null;
  const low = own(min, fund.checkSizeMinUsd);
  const high = own(max, fund.checkSizeMaxUsd);
  const usd = checkSizeText(fund.checkSizeMinUsd, fund.checkSizeMaxUsd);
  const range = low && high ? (low === high ? low : `${low} – ${high}`) : low ? `From ${low}` : `Up to ${high}`;
  return `${range} (≈ ${usd})`;
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
}: {
  fund: FundResult;
  sourceOf: (field: FactField) => ProvenanceItem | undefined;
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
          description={PREMIUM_DESCRIPTION}
        />
      </div>
    );
  }
  const website = safeExternalUrl(fund.website);
  const linkedin = safeExternalUrl(fund.linkedin);
  const withSource = (value: ReactNode, field: FactField) =>
    value ? (
      <>
        {value}
        <FactSource item={sourceOf(field)} />
      </>
    ) : null;
  const rows: Array<{ label: string; value: ReactNode }> = [
    {
      label: "Website",
      value: withSource(website && <ExternalAnchor url={website} text={displayHost(website)} />, "website"),
    },
    // Next to the website, only when the fund's team has said (issue 24): never "Not disclosed".
    ...(fund.pitchRoute
      ? [{ label: PITCH_HEADING, value: withSource(<PitchRouteValue fund={fund} />, "pitchRoute") }]
      : []),
    { label: "LinkedIn", value: linkedin ? <ExternalAnchor url={linkedin} text="View profile" /> : null },
    { label: "Fund manager", value: fund.fundManager || null },
    {
      label: "Check size",
      value: withSource(
        chequeText(fund, sourceOf),
        sourceOf("checkSizeMinUsd") ? "checkSizeMinUsd" : "checkSizeMaxUsd",
      ),
    },
    {
      label: "Leads rounds",
      value: withSource(
        fund.leadsRounds === true ? "Yes, leads or co-leads" : fund.leadsRounds === false ? "Usually follows" : null,
        "leadsRounds",
      ),
    },
    {
      label: "Portfolio",
      value: withSource(fund.portfolio && fund.portfolio.length > 0 ? fund.portfolio.join(", ") : null, "portfolio"),
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
              {row.value ?? "Not disclosed"}
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
