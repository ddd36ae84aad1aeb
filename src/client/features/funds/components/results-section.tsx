import { Suspense } from "react";
import { useSearchParams } from "react-router";
import { isSearchQuery } from "../../../../shared/search-params.js";
import { type Announce, useLiveStatus } from "../../../components/live-status.js";
import { lazyPart, preloadParts } from "../../../lib/lazy-part.js";

type PanelProps = { searchParams: URLSearchParams; announce: Announce };

// Everything about results (cards, paywall, dialogs, the search query) is only needed once someone
// searches; the search form warms this chunk as soon as it is on screen. A lazy part: a page the
// server rendered with results lists it, and the browser loads it before hydrating, so the first tap
// on a result (Save, a card's link) lands on live code (issue 38).
const RESULTS_PANEL_PART = "features/funds/components/results-panel.tsx";
const ResultsPanel = lazyPart(RESULTS_PANEL_PART, () =>
  import("./results-panel.js").then((module) => module.ResultsPanel),
);
export function loadResultsPanel() {
  return preloadParts([RESULTS_PANEL_PART]);
}

/**
 * Renders the results once a search is in the URL (?search=1..., or one of the basic filters); before that, only the live region
 * that announces what each search found (components/live-status.tsx), which must be in the page
 * before the first search for its words to be read.
 */
export function ResultsSection() {
  const [searchParams] = useSearchParams();
  const status = useLiveStatus("search-status");
  return (
    <>
      {status.region}
      {isSearchQuery(searchParams) && <Results searchParams={searchParams} announce={status.announce} />}
    </>
  );
}

function Results({ searchParams, announce }: PanelProps) {
  return (
    <Suspense fallback={<ResultsPlaceholder />}>
      <ResultsPanel searchParams={searchParams} announce={announce} />
    </Suspense>
  );
}

/** Holds the space the results will take, so the page does not jump while their code loads. */
function ResultsPlaceholder() {
  return <div aria-hidden="true" className="min-h-[40rem] border-y border-slate-200 bg-slate-50/80" />;
}
