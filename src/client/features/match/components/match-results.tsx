import { useQueryClient } from "@tanstack/react-query";
import { ListPlus, RotateCcw, SearchX, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { countOf } from "../../../../shared/inflect.js";
import { matchCountText, WEAKER_MATCHES_HEADING, WEAKER_MATCHES_NOTE } from "../../../../shared/match-texts.js";
import { FREE_RESULTS_LIMIT } from "../../../../shared/plans.js";
import type { FundMatchRequest } from "../../../../shared/schemas/match.js";
import { hiddenResultsCount } from "../../../../shared/texts.js";
import type { Announce } from "../../../components/live-status.js";
import { PaywallCard } from "../../../components/paywall-card.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { ApiError, apiPost } from "../../../lib/api-client.js";
import { savedFundsQueryKey, useSavedFunds } from "../../../lib/saved-funds.js";
import { isSubscriber, type Viewer } from "../../../lib/viewer.js";
import { fetchMatch, MATCH_PAGE_SIZE, matchQueryKey, useMatch } from "../api/use-match.js";
import { MatchCard } from "./match-card.js";

/** How many of the top matches one click adds to the pipeline. */
export const TOP_PICKS = 10;

const addedText = (count: number) =>
  count === 0
    ? `The top ${TOP_PICKS} are already in your pipeline`
    : `Added ${countOf(count, "fund", "funds")} to your pipeline`;

/** What the page's live region says of each state; an error is an alert of its own. */
const MATCH_STATUS = {
  matching: "Matching funds to your startup…",
  empty: "No fund matches this profile yet. Try another sector or leave the country out.",
} as const;

/**
 * The funds of the top picks not saved yet, in the order to save them: the pipeline lists the most
 * recently saved first (src/server/account/repository.ts), so the last pick is saved first and the
 * board reads in the shortlist's order (issue 37).
 */
export function topPicksToSave<T extends { id: number }>(results: readonly T[], saved: ReadonlySet<number>): T[] {
  return results
    .slice(0, TOP_PICKS)
    .filter((fund) => !saved.has(fund.id))
    .reverse();
}

/**
 * The shortlist for one profile: cards ranked by fit, paging for subscribers (the page is the
 * URL's, so Back returns to it), the top 3 and Premium for others. `announce` says what the run
 * found in the match page's live region (one mount per run); `onShown` says the cards are on screen.
 */
export function MatchResults({
  request,
  page,
  onPage,
  onShown,
  viewer,
  announce,
}: {
  request: FundMatchRequest;
  page: number;
  onPage: (page: number) => void;
  onShown: () => void;
  viewer: Viewer;
  announce: Announce;
}) {
  const offset = (page - 1) * MATCH_PAGE_SIZE;
  const match = useMatch(request, offset);
  const statusText = match.data
    ? match.data.totalCount === 0 || match.data.results.length === 0
      ? MATCH_STATUS.empty
      : matchCountText(match.data.totalCount, match.data.goodCount)
    : match.isError
      ? undefined
      : MATCH_STATUS.matching;
  useEffect(() => {
    if (statusText !== undefined) announce(statusText);
  }, [statusText, announce]);
  const answered = match.data !== undefined || match.isError;
  useEffect(() => {
    if (answered) onShown();
  }, [answered, onShown]);
  const queryClient = useQueryClient();
  const savedFunds = useSavedFunds(viewer.status === "member");
  const savedIds = new Set(savedFunds.data?.map((fund) => fund.id) ?? []);
  const [adding, setAdding] = useState(false);

  const save = async (fundId: number) => {
    try {
      await apiPost<unknown>("/_api/user/save-fund", { fundId });
    } finally {
      await queryClient.invalidateQueries({ queryKey: savedFundsQueryKey });
    }
  };

  // Saves those of the top 10 not saved yet, so a second click adds nothing.
  const addTopPicks = async () => {
    setAdding(true);
    try {
      const first = await queryClient.fetchQuery({
        queryKey: matchQueryKey(request, 0),
        queryFn: ({ signal }) => fetchMatch(request, 0, signal),
      });
      // The saved list as it is now (another tab may have saved some), else as last known.
      const fresh = await savedFunds.refetch();
      const saved = new Set((fresh.data ?? savedFunds.data ?? []).map((fund) => fund.id));
      const toAdd = topPicksToSave(first.results, saved);
      let added = 0;
      try {
        // One at a time, in this order: each save's time places it on the board.
        for (const fund of toAdd) {
          await apiPost<unknown>("/_api/user/save-fund", { fundId: fund.id });
          added += 1;
        }
      } finally {
        await queryClient.invalidateQueries({ queryKey: savedFundsQueryKey });
      }
      toast.success(addedText(added));
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : "The funds could not be added. Try again.",
      );
    } finally {
      setAdding(false);
    }
  };

  const data = match.data;
  if (!data) {
    if (!match.isError) return <ResultsLoading />;
    return (
      <Card role="alert" className="mx-auto flex max-w-lg flex-col items-center border-red-200 px-6 py-10 text-center">
        <TriangleAlert className="mb-4 size-8 text-red-700" aria-hidden="true" />
        <h3 className="text-lg font-semibold text-slate-900">The match could not be run</h3>
        <p className="mt-1 text-slate-600">
          {match.error instanceof ApiError && match.error.serverMessage
            ? match.error.serverMessage
            : "Please try again."}
        </p>
        <Button variant="outline" className="mt-6" onClick={() => void match.refetch()} disabled={match.isFetching}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }
  if (data.totalCount === 0 || data.results.length === 0) {
    return (
      <Card className="mx-auto flex max-w-lg flex-col items-center px-6 py-10 text-center">
        <SearchX className="mb-4 size-8 text-slate-600" aria-hidden="true" />
        <h3 className="text-lg font-semibold text-slate-900">No fund matches this profile yet</h3>
        <p className="mt-1 text-slate-600">Try another sector or leave the country out.</p>
      </Card>
    );
  }

  // Withheld fields mean the server treats this viewer as a non-subscriber, whatever the client believes.
  const gated = !isSubscriber(viewer) || data.results.some((fund) => fund.isPremium);
  const results = gated ? data.results.slice(0, FREE_RESULTS_LIMIT) : data.results;
  const lastPage = offset + MATCH_PAGE_SIZE >= data.totalCount;
  const goodOnPage = results.slice(0, Math.max(0, data.goodCount - offset));
  const weakerOnPage = results.slice(goodOnPage.length);
  const card = (fund: (typeof results)[number], rank: number) => (
    <li key={fund.id} className="min-w-0">
      <MatchCard fund={fund} rank={rank} viewer={viewer} isSaved={savedIds.has(fund.id)} onSave={save} />
    </li>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700">
          {matchCountText(data.totalCount, data.goodCount)}
          {!gated && data.totalCount > MATCH_PAGE_SIZE && (
            <span className="text-slate-600">
              {" "}
              (showing {offset + 1}–{Math.min(offset + MATCH_PAGE_SIZE, data.totalCount)})
            </span>
          )}
        </p>
        {!gated && (
          <Button onClick={() => void addTopPicks()} disabled={adding}>
            <ListPlus aria-hidden="true" />
            {adding ? "Adding…" : `Add the top ${TOP_PICKS} to my pipeline`}
          </Button>
        )}
      </div>
      {/* The good matches first; those below GOOD_MATCH_FIT under their own heading, never hidden. */}
      {goodOnPage.length > 0 && (
        <ol aria-label="Your shortlist" className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {goodOnPage.map((fund, index) => card(fund, offset + index + 1))}
        </ol>
      )}
      {weakerOnPage.length > 0 && (
        <section aria-labelledby="weaker-matches" className="flex flex-col gap-4">
          <div>
            <h3 id="weaker-matches" className="text-base font-semibold text-slate-900">
              {WEAKER_MATCHES_HEADING}
            </h3>
            <p className="text-sm text-slate-600">{WEAKER_MATCHES_NOTE}</p>
          </div>
          <ol aria-label={WEAKER_MATCHES_HEADING} className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {weakerOnPage.map((fund, index) => card(fund, offset + goodOnPage.length + index + 1))}
          </ol>
        </section>
      )}
      {gated && data.totalCount > FREE_RESULTS_LIMIT && (
        <PaywallCard hiddenCount={hiddenResultsCount(data.totalCount)} className="mt-2" />
      )}
      {!gated && data.totalCount > MATCH_PAGE_SIZE && (
        <nav aria-label="Shortlist pages" className="flex items-center justify-center gap-3">
          <Button
            variant="outline"
            disabled={offset === 0 || match.isFetching}
            onClick={() => onPage(Math.max(1, page - 1))}
          >
            Previous
          </Button>
          <Button variant="outline" disabled={lastPage || match.isFetching} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

function ResultsLoading() {
  return (
    <div aria-hidden="true" className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((key) => (
        <div key={key} className="h-64 animate-pulse rounded-2xl bg-slate-100" />
      ))}
    </div>
  );
}
