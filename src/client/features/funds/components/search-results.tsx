import { Lock, RotateCcw, SearchX, SlidersHorizontal, Sparkles, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigationType } from "react-router";
import { FREE_RESULTS_LIMIT } from "../../../../shared/plans.js";
import { chequeFitCountsText } from "../../../../shared/raise-stages.js";
import {
  basicPart,
  formatUsdAmount,
  type SearchState,
  searchStateToQuery,
  usesAdvancedFilters,
} from "../../../../shared/search-params.js";
import { hiddenResultsCount, matchCountText, TEXTS } from "../../../../shared/texts.js";
import type { Announce } from "../../../components/live-status.js";
import { PaywallCard } from "../../../components/paywall-card.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { UnlockPremiumDialog } from "../../../components/unlock-premium-dialog.js";
import { ApiError } from "../../../lib/api-client.js";
import { scrollToElement } from "../../../lib/scroll.js";
import { isSubscriber, useViewer } from "../../../lib/viewer.js";
import { useFundSearch } from "../api/use-fund-search.js";
import { useSearchAnalytics } from "../search-analytics.js";
import { SEARCH_SECTION_ID } from "../search-ids.js";
import { FundCard } from "./fund-card.js";
import { ResultsSkeleton } from "./results-skeleton.js";

/** The server's message, else the generic one (a network failure has no useful text). */
function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : TEXTS.search.errorFallback;
}

const requiresSubscription = (error: unknown) => error instanceof ApiError && error.status === 402;

/** What the live region says of each state; undefined for an error, which is an alert of its own. */
export const SEARCH_STATUS = {
  searching: "Searching funds…",
  empty: `${TEXTS.search.emptyTitle}. ${TEXTS.search.emptyHint}`,
  locked: "This search uses Premium filters",
} as const;

/** Loading, error, empty, locked and result states of one search; `announce` says which (results-section.tsx). */
export function SearchResults({ values, announce }: { values: SearchState; announce: Announce }) {
  const viewer = useViewer();
  // A Premium search is not even sent for a viewer the client already knows is not a subscriber;
  // the server would answer 402 anyway (and does, for anyone it does not count as one).
  const locked = usesAdvancedFilters(values) && viewer.status !== "loading" && !isSubscriber(viewer);
  const search = useFundSearch(locked ? null : values);
  const location = useLocation();
  const navigationType = useNavigationType();
  const seenKey = useRef(location.key);

  // Submitting the same failed search again is a request to retry it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation, keyed by location.key.
  useEffect(() => {
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    if (navigationType !== "POP" && search.isError && !search.isFetching) void search.refetch();
  }, [location.key]);

  // Once a page has arrived, a failed refetch or "Show more" keeps the results on screen.
  const data = search.data;
  useSearchAnalytics(values, data?.pages[0]?.totalCount);
  const isLocked = locked || (!data && requiresSubscription(search.error));
  const loadedCount = data ? (data.pages.at(-1)?.totalCount ?? 0) : undefined;
  const loadedAny = data ? data.pages.some((page) => page.results.length > 0) : false;
  const statusText = isLocked
    ? SEARCH_STATUS.locked
    : loadedCount === undefined
      ? search.isError
        ? undefined
        : SEARCH_STATUS.searching
      : loadedCount === 0 || !loadedAny
        ? SEARCH_STATUS.empty
        : matchCountText(loadedCount);
  // Said when it changes, and again for each search submitted (a new history entry), even with the
  // same words; not again for "Show more", a background refetch or a jump to a #section.
  const announced = useRef<{ key: string; text: string } | null>(null);
  useEffect(() => {
    if (statusText === undefined) return;
    const last = announced.current;
    if (last && last.text === statusText && (last.key === location.key || location.hash)) return;
    announced.current = { key: location.key, text: statusText };
    announce(statusText);
  });

  if (isLocked) return <LockedSearch values={values} />;
  if (!data) {
    if (!search.isError) return <ResultsSkeleton />;
    return (
      <ErrorState
        message={errorMessage(search.error)}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  }

  const pages = data.pages;
  const totalCount = pages.at(-1)?.totalCount ?? 0;
  const chequeFitCounts = pages.at(-1)?.chequeFitCounts;
  const all = pages.flatMap((page) => page.results);
  if (totalCount === 0 || all.length === 0) return <EmptyState />;

  // Withheld fields mean the server treats this viewer as a non-subscriber, whatever the client believes.
  const gated = !isSubscriber(viewer) || all.some((fund) => fund.isPremium);
  const results = gated ? all.slice(0, FREE_RESULTS_LIMIT) : all;

  return (
    <div className="flex flex-col gap-6">
      {/* Announced through the page's live region (announce above), not as a region of its own. */}
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-slate-700">{matchCountText(totalCount)}</p>
        {values.raiseAmountUsd !== undefined && chequeFitCounts && (
          // The raise keeps funds of unknown cheque size too (after those whose range covers it): say how many of each.
          <p data-testid="cheque-fit-counts" className="text-sm text-slate-600">
            {chequeFitCountsText(chequeFitCounts, formatUsdAmount(values.raiseAmountUsd))}
          </p>
        )}
      </div>
      <ul aria-label="Matching funds" className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {results.map((fund) => (
          <li key={fund.id} className="min-w-0">
            <FundCard fund={fund} viewer={viewer} />
          </li>
        ))}
      </ul>
      {gated && totalCount > FREE_RESULTS_LIMIT && (
        <PaywallCard hiddenCount={hiddenResultsCount(totalCount)} className="mt-2" />
      )}
      {!gated && search.hasNextPage && (
        <div className="mt-2 flex flex-col items-center gap-2">
          <Button
            variant="outline"
            size="lg"
            onClick={() => void search.fetchNextPage()}
            disabled={search.isFetchingNextPage}
          >
            {search.isFetchingNextPage ? "Loading…" : "Show more"}
          </Button>
          {search.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(search.error)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** A search with Premium filters, for someone without Premium: what it would take, and the way back. */
function LockedSearch({ values }: { values: SearchState }) {
  const [unlockOpen, setUnlockOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center px-6 py-10 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
        <Lock className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold text-slate-900">{SEARCH_STATUS.locked}</h3>
      <p className="mt-1 text-slate-600">
        Several stages, industries or countries, regions, your raise, leads rounds, sector-agnostic funds, fund size,
        keywords and sorting come with Premium. You can still run the basic search.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button ref={buttonRef} onClick={() => setUnlockOpen(true)}>
          <Sparkles aria-hidden="true" />
          Unlock Premium filters
        </Button>
        <Button asChild variant="outline">
          <Link to={`/?${searchStateToQuery(basicPart(values)).toString()}`} preventScrollReset>
            Search without them
          </Link>
        </Button>
      </div>
      <UnlockPremiumDialog
        open={unlockOpen}
        onOpenChange={setUnlockOpen}
        returnFocusRef={buttonRef}
        description="Advanced filters are part of Premium: upgrade to narrow your list by several stages, industries and countries, region, your raise, leads rounds, sector-agnostic funds, fund size and keywords."
      />
    </Card>
  );
}

function ErrorState({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" className="mx-auto flex max-w-lg flex-col items-center border-red-200 px-6 py-10 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold text-slate-900">{TEXTS.search.errorTitle}</h3>
      <p className="mt-1 text-slate-600">{message}</p>
      <Button variant="outline" className="mt-6" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}

function focusSearchForm() {
  const section = document.getElementById(SEARCH_SECTION_ID);
  if (!section) return;
  scrollToElement(section);
  section.querySelector<HTMLElement>("[role='combobox']")?.focus({ preventScroll: true });
}

function EmptyState() {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center px-6 py-10 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold text-slate-900">{TEXTS.search.emptyTitle}</h3>
      <p className="mt-1 text-slate-600">{TEXTS.search.emptyHint}</p>
      <Button variant="outline" className="mt-6" onClick={focusSearchForm}>
        <SlidersHorizontal aria-hidden="true" />
        Change filters
      </Button>
    </Card>
  );
}
