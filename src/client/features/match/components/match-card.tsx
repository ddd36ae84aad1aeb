import { Bookmark, BookmarkCheck, Check, LoaderCircle, MapPin, TriangleAlert } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { fundPath } from "../../../../shared/fund-page.js";
import type { FundMatchResult } from "../../../../shared/schemas/match.js";
import { FactSource, resultSourceOf } from "../../../components/fact-source.js";
import { InvestingStatusBadge, ReportedStatus } from "../../../components/fund-team-signals.js";
import { AcceptsPitches, PitchStatsLine } from "../../../components/pitch-signals.js";
import { SaveFundDialog } from "../../../components/save-fund-dialog.js";
import { Button } from "../../../components/ui/button.js";
import { UnlockPremiumDialog } from "../../../components/unlock-premium-dialog.js";
import { ApiError } from "../../../lib/api-client.js";
import { cn } from "../../../lib/utils.js";
import type { Viewer } from "../../../lib/viewer.js";

type MatchCardProps = {
  fund: FundMatchResult;
  rank: number;
  viewer: Viewer;
  isSaved: boolean;
  onSave: (fundId: number) => Promise<void>;
};

/** One fund of the shortlist: how well it fits, why, and what may not fit. */
export function MatchCard({ fund, rank, viewer, isSaved, onSave }: MatchCardProps) {
  const nameId = `match-${fund.id}-name`;
  const place = [fund.city, fund.country].filter(Boolean).join(", ");
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <header>
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-600">#{rank}</p>
          <h3 id={nameId} className="text-lg leading-snug font-semibold text-slate-900">
            <Link
              to={fundPath(fund)}
              className="rounded-sm underline-offset-4 hover:text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
            >
              {fund.name}
            </Link>
          </h3>
          {place && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              {place}
            </p>
          )}
          <InvestingStatusBadge fund={fund} className="mt-2" />
          <ReportedStatus fund={fund} className="mt-2" compact />
          <AcceptsPitches fund={fund} viewer={viewer} className="mt-2" />
          <PitchStatsLine fund={fund} className="mt-1" />
        </div>
      </header>
      <FitBar fit={fund.fit} />
      <MatchEvidenceList fund={fund} kind="reasons" />
      <MatchEvidenceList fund={fund} kind="concerns" />
      <UnsourcedEvidence fund={fund} />
      <div className="mt-auto flex justify-end pt-1">
        <SaveButton fund={fund} viewer={viewer} isSaved={isSaved} onSave={onSave} describedBy={nameId} />
      </div>
    </article>
  );
}

const EVIDENCE = {
  reasons: { title: "Why it fits", Icon: Check, iconClass: "text-emerald-700" },
  concerns: { title: "What may not fit", Icon: TriangleAlert, iconClass: "text-amber-700" },
} as const;

/**
 * The reasons (or the concerns), each with the source and date of the fact it rests on where that
 * fact has one (issue 36): "A $110M fund can lead a $3M round", under it "techcrunch.com · final
 * close Mar 2024". The facts without a public source are named once, below (UnsourcedEvidence).
 */
function MatchEvidenceList({ fund, kind }: { fund: FundMatchResult; kind: keyof typeof EVIDENCE }) {
  const texts = fund[kind];
  if (texts.length === 0) return null;
  const facts = kind === "reasons" ? fund.reasonFacts : fund.concernFacts;
  const sourceOf = resultSourceOf(fund);
  const { title, Icon, iconClass } = EVIDENCE[kind];
  const titleId = `match-${fund.id}-${kind}`;
  return (
    <div>
      <p id={titleId} className="mb-1.5 text-xs font-medium text-slate-600">
        {title}
      </p>
      <ul aria-labelledby={titleId} className="grid gap-1.5 text-sm text-slate-800">
        {texts.map((text, position) => {
          const fact = facts?.[position];
          // A reported status names its source and date in its own words.
          const item = fact && fact !== "country" && fact !== "status" ? sourceOf(fact) : undefined;
          return (
            <li key={text} className="flex items-start gap-2">
              <Icon className={cn("mt-0.5 size-4 shrink-0", iconClass)} aria-hidden="true" />
              <span className="min-w-0">
                {text}
                {item && <FactSource item={item} record={fund} />}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Once under the reasons: the facts they rest on that have no public source (the record's place,
 * its curated stages and sectors), said quietly ("from FundMatch's curated list, Nov 2026; no public
 * source yet"). Nothing when every such fact is sourced.
 */
function UnsourcedEvidence({ fund }: { fund: FundMatchResult }) {
  const sourceOf = resultSourceOf(fund);
  const facts = [...(fund.reasonFacts ?? []), ...(fund.concernFacts ?? [])];
  const unsourced = facts.some((fact) => fact === "country" || (fact !== null && !sourceOf(fact)));
  if (!unsourced) return null;
  const sourced = facts.some((fact) => fact !== null && fact !== "country" && sourceOf(fact));
  return (
    <div data-testid="match-unsourced" className="-mt-2">
      <FactSource item={undefined} record={fund} label={sourced ? "Other facts" : "These facts"} />
    </div>
  );
}

/** The fit as a bar and a number; the number is text, and the bar a meter for assistive technology. */
function FitBar({ fit }: { fit: number }) {
  return (
    <div className="flex items-center gap-3">
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled alike across browsers. */}
      <div
        role="meter"
        aria-label="Fit"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fit}
        aria-valuetext={`${fit} out of 100`}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            "h-full rounded-full",
            fit >= 70 ? "bg-emerald-600" : fit >= 40 ? "bg-indigo-600" : "bg-slate-400",
          )}
          style={{ width: `${fit}%` }}
        />
      </div>
      <p className="shrink-0 text-sm font-semibold text-slate-900" data-testid="fit">
        {fit}
        <span className="font-normal text-slate-600">/100 fit</span>
      </p>
    </div>
  );
}

function SaveButton({
  fund,
  viewer,
  isSaved,
  onSave,
  describedBy,
}: {
  fund: FundMatchResult;
  viewer: Viewer;
  isSaved: boolean;
  onSave: (fundId: number) => Promise<void>;
  describedBy: string;
}) {
  const [prompt, setPrompt] = useState<"sign-up" | "upgrade" | null>(null);
  const [pending, setPending] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  async function handleClick() {
    if (viewer.status === "anonymous") return setPrompt("sign-up");
    if (viewer.status !== "member" || isSaved) return;
    if (!viewer.isSubscriber && fund.isPremium) return setPrompt("upgrade");
    setPending(true);
    try {
      await onSave(fund.id);
    } catch (error) {
      // Saving past the free list answers 402: the way on is Premium.
      if (error instanceof ApiError && error.status === 402) setPrompt("upgrade");
      else console.error("Failed to save fund", error instanceof Error ? error.message : error);
    } finally {
      setPending(false);
    }
  }

  const Icon = pending ? LoaderCircle : isSaved ? BookmarkCheck : Bookmark;
  return (
    <>
      <Button
        ref={buttonRef}
        variant="outline"
        size="sm"
        aria-describedby={describedBy}
        aria-haspopup={viewer.status === "anonymous" ? "dialog" : undefined}
        disabled={pending || viewer.status === "loading" || isSaved}
        onClick={handleClick}
        className="shrink-0"
      >
        <Icon className={cn(pending && "motion-safe:animate-spin", isSaved && "fill-indigo-100")} aria-hidden="true" />
        {isSaved ? "In pipeline" : "Save to pipeline"}
      </Button>
      <SaveFundDialog
        fundId={fund.id}
        open={prompt === "sign-up"}
        onOpenChange={(open) => !open && setPrompt(null)}
        returnFocusRef={buttonRef}
      />
      <UnlockPremiumDialog
        open={prompt === "upgrade"}
        onOpenChange={(open) => !open && setPrompt(null)}
        returnFocusRef={buttonRef}
      />
    </>
  );
}
