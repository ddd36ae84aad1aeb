import { Check, CircleHelp, ExternalLink, History, Lock, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  type FactField,
  factsKnownText,
  fundSizeLabel,
  type PremiumFactFlags,
  premiumFactLabels,
} from "../../../../shared/fund-facts.js";
import { fundPath, reviewedText } from "../../../../shared/fund-page.js";
import { formatCompactAmount, formatFundSize } from "../../../../shared/fund-size.js";
import { CHEQUE_FIT_LABELS } from "../../../../shared/raise-stages.js";
import type { FundResult } from "../../../../shared/schemas/funds.js";
import {
  FactSource,
  resultSourceOf,
  TagSources,
  UnsourcedFacts,
  unsourcedLabels,
} from "../../../components/fact-source.js";
import { FundSizeSourceLine, OlderFundLabel } from "../../../components/fund-size-source.js";
import { FundTags } from "../../../components/fund-tags.js";
import {
  FundTeamMark,
  InvestingStatusBadge,
  PitchRouteValue,
  ReportedStatus,
} from "../../../components/fund-team-signals.js";
import { Badge } from "../../../components/ui/badge.js";
import { displayHost, safeExternalUrl } from "../../../lib/safe-url.js";
import { useSavedFunds } from "../../../lib/saved-funds.js";
import { cn } from "../../../lib/utils.js";
import type { Viewer } from "../../../lib/viewer.js";
import { useToggleSaveFund } from "../api/use-toggle-save-fund.js";
import { SaveFundButton } from "./save-fund-button.js";

type FundCardProps = {
  fund: FundResult;
  viewer: Viewer;
  className?: string;
  /** The heading of the reasons: why it matched a search, or why it is similar to a fund. */
  reasonsTitle?: string;
};

/** What a card hands to the fund page it links to: why the fund matched the search it came from. */
export type FundLinkState = { matchReasons: string[] };

export function FundCard({ fund, viewer, className, reasonsTitle = "Why it matches" }: FundCardProps) {
  const nameId = `fund-${fund.id}-name`;
  const place = [fund.city, fund.country].filter(Boolean).join(", ");
  // Every card reads the same cached list; a failed fetch (only logged) shows the fund as not saved.
  const savedFunds = useSavedFunds(viewer.status === "member");
  const isSaved = savedFunds.data?.some((saved) => saved.id === fund.id) ?? false;
  const toggleSave = useToggleSaveFund();
  const unsourced = unsourcedCardFacts(fund);

  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        // Denser on a phone (tighter spacing, tag headings for screen readers only, the description cut
        // at two lines, a one-line Premium teaser): a card fits in about half a screen, not more than one.
        "flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md sm:gap-5 sm:p-6",
        className,
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={nameId} className="text-lg leading-snug font-semibold text-slate-900">
            <Link
              to={fundPath(fund)}
              state={{ matchReasons: fund.matchReasons } satisfies FundLinkState}
              className="rounded-sm underline-offset-4 hover:text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
            >
              {fund.name}
            </Link>
          </h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
            <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {place}
          </p>
          <InvestingStatusBadge fund={fund} className="mt-2" />
          <ReportedStatus fund={fund} className="mt-2" compact />
        </div>
        <SaveFundButton fund={fund} viewer={viewer} isSaved={isSaved} onToggleSave={toggleSave} describedBy={nameId} />
      </header>

      {/* One line of label and value on a phone, two boxed figures from the sm breakpoint. */}
      <dl className="flex flex-wrap items-baseline gap-x-5 gap-y-1 text-sm sm:grid sm:items-start sm:grid-cols-2 sm:gap-3 sm:rounded-xl sm:bg-slate-50 sm:px-4 sm:py-3">
        {/* On a phone the size's source takes a line of its own under the figures (order-last), so
            that the founding year stays on the size's line. */}
        <div className="contents sm:block">
          <dt className="text-xs font-medium text-slate-600">{fundSizeLabel(fund.fundSizeKind)}</dt>
          <dd className="-ml-3.5 font-semibold text-slate-900 sm:mt-0.5 sm:ml-0 sm:text-base">
            <span>{formatFundSize(fund.fundSize, fund.currency)}</span>
            <OlderFundLabel fund={fund} />
          </dd>
          {fund.fundSize !== null && (
            <dd className="order-last basis-full sm:order-none">
              <FundSizeSourceLine fund={fund} />
            </dd>
          )}
        </div>
        {fund.foundedYear !== null && (
          <div className="flex items-baseline gap-1.5 sm:block">
            <dt className="text-xs font-medium text-slate-600">Founded</dt>
            <dd className="font-semibold text-slate-900 sm:mt-0.5 sm:text-base">{fund.foundedYear}</dd>
          </div>
        )}
      </dl>

      <div>
        <dl className="grid gap-2 text-sm max-sm:[&_dt]:sr-only sm:gap-4">
          <FundTags fund={fund} />
        </dl>
        {/* Where the stages and industries came from (issue 36); the unsourced ones are named below. */}
        <TagSources fund={fund} sourceOf={resultSourceOf(fund)} withUnsourced={false} />
      </div>

      {fund.chequeFit && (
        // Only with a raise: whether the fund's known cheque range covers it, or its cheque size is unknown.
        <p
          data-testid="cheque-fit"
          className={cn(
            "flex items-center gap-1.5 text-sm font-medium",
            fund.chequeFit === "covers" ? "text-emerald-800" : "text-slate-600",
          )}
        >
          {fund.chequeFit === "covers" ? (
            <Check className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CircleHelp className="size-4 shrink-0" aria-hidden="true" />
          )}
          {CHEQUE_FIT_LABELS[fund.chequeFit]}
        </p>
      )}

      {fund.description && (
        // The whole text is on the fund page, one tap away.
        <p className="text-sm leading-relaxed text-slate-700 max-sm:line-clamp-2">{fund.description}</p>
      )}

      {fund.matchReasons.length > 0 && (
        <div>
          <p className="mb-1.5 text-xs font-medium text-slate-600 max-sm:sr-only" id={`fund-${fund.id}-reasons`}>
            {reasonsTitle}
          </p>
          <ul aria-labelledby={`fund-${fund.id}-reasons`} className="flex flex-wrap gap-1.5">
            {fund.matchReasons.map((reason) => (
              <li key={reason}>
                <Badge variant="success">
                  <Check aria-hidden="true" />
                  {reason}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="mt-auto flex flex-col gap-2 sm:gap-3">
        {fund.isPremium ? <PremiumPlaceholder facts={fund.premiumFacts} compact /> : <PremiumDetails fund={fund} />}
        <UnsourcedFacts labels={unsourced} record={fund} testId="card-unsourced" />
        {/* The line wraps as text beside its icon, never leaving the icon on a line of its own. */}
        <p className="flex items-start gap-1.5 text-xs text-slate-600">
          <History className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            {/* The unsourced facts' line above names the curated list: said once. */}
            {reviewedText(fund, unsourced.length === 0)}
            <span aria-hidden="true"> · </span>
            <span data-testid="facts-known">{factsKnownText(fund.factsKnown)}</span>
            {fund.updatedByFundTeam && (
              <>
                <span aria-hidden="true"> · </span>
                <FundTeamMark fund={fund} />
              </>
            )}
          </span>
        </p>
      </div>
    </article>
  );
}

/**
 * Stands in for the withheld premium fields: it names only the premium facts this fund really has
 * (the server says which, never their values), so that nothing suggests a detail that does not exist.
 */
export function PremiumPlaceholder({
  facts,
  compact = false,
}: {
  facts: PremiumFactFlags | undefined;
  /** On a card: one line on a phone (the fund page shows it in full). */
  compact?: boolean;
}) {
  const labels = facts ? premiumFactLabels(facts) : [];
  const line = cn("min-w-0", compact && "max-sm:truncate");
  return (
    <div
      data-testid="premium-preview"
      className={cn(
        "flex items-start gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-700 sm:py-3",
        compact && "max-sm:px-3 max-sm:py-1.5",
      )}
    >
      <Lock className="mt-0.5 size-3.5 shrink-0 text-indigo-600" aria-hidden="true" />
      {labels.length > 0 ? (
        <p className={line}>
          <span className="font-semibold text-slate-900">With Premium: </span>
          {labels.join(" · ")}
        </p>
      ) : (
        <p className={line}>No premium facts are known for this fund yet.</p>
      )}
    </div>
  );
}

/**
 * The facts a card shows that have no public source (issue 36), by their labels: its stages,
 * industries and sector focus, and for those who see them the website, cheque range and round
 * role. The fund size says so on its own line.
 */
function unsourcedCardFacts(fund: FundResult): string[] {
  const shown: Array<{ label: string; field: FactField }> = [];
  if (!fund.isPremium) {
    if (safeExternalUrl(fund.website)) shown.push({ label: "Website", field: "website" });
    if (checkSizeText(fund.checkSizeMinUsd, fund.checkSizeMaxUsd))
      shown.push({ label: "Check size", field: "checkSizeMinUsd" });
    if (fund.leadsRounds != null) shown.push({ label: "Round role", field: "leadsRounds" });
  }
  return unsourcedLabels(fund, resultSourceOf(fund), shown);
}

export function checkSizeText(min: number | null | undefined, max: number | null | undefined): string | null {
  const hasMin = typeof min === "number";
  const hasMax = typeof max === "number";
  if (hasMin && hasMax)
    return min === max ? `$${formatCompactAmount(min)}` : `$${formatCompactAmount(min)} – $${formatCompactAmount(max)}`;
  if (hasMin) return `From $${formatCompactAmount(min)}`;
  if (hasMax) return `Up to $${formatCompactAmount(max)}`;
  return null;
}

export function PremiumDetails({ fund }: { fund: FundResult }) {
  const sourceOf = resultSourceOf(fund);
  // Each sourced fact with its source and date under it (issue 36), as on the fund page; the
  // unsourced ones are named once, under the box (unsourcedCardFacts).
  const withSource = (value: ReactNode, field: FactField) => {
    const item = sourceOf(field);
    return (
      <>
        {value}
        {item && <FactSource item={item} record={fund} />}
      </>
    );
  };
  const website = safeExternalUrl(fund.website);
  const linkedin = safeExternalUrl(fund.linkedin);
  const checkSize = checkSizeText(fund.checkSizeMinUsd, fund.checkSizeMaxUsd);
  const roundRole = fund.leadsRounds === true ? "Leads rounds" : fund.leadsRounds === false ? "Follows" : null;
  const rows: Array<{ label: string; value: ReactNode }> = [];
  if (website)
    rows.push({
      label: "Website",
      value: withSource(<ExternalAnchor url={website} text={displayHost(website)} />, "website"),
    });
  // Next to the website: how the fund's team wants to be pitched (issue 24).
  if (fund.pitchRoute)
    rows.push({ label: "How to pitch", value: withSource(<PitchRouteValue fund={fund} />, "pitchRoute") });
  if (linkedin) rows.push({ label: "LinkedIn", value: <ExternalAnchor url={linkedin} text="View profile" /> });
  if (fund.fundManager) rows.push({ label: "Fund manager", value: fund.fundManager });
  if (checkSize) rows.push({ label: "Check size", value: withSource(checkSize, "checkSizeMinUsd") });
  if (roundRole) rows.push({ label: "Round role", value: withSource(roundRole, "leadsRounds") });
  if (rows.length === 0) return null;

  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-slate-200 px-3 py-2 text-sm sm:gap-y-1.5 sm:px-4 sm:py-3">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="min-w-0 font-medium text-slate-900 [&>a]:max-w-full [&>a]:truncate">{row.value}</dd>
        </div>
      ))}
    </dl>
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
