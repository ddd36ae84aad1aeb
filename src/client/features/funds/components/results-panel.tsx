import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigationType } from "react-router";
import {
  EMPTY_SEARCH,
  filterChips,
  type SearchState,
  searchQueryProblems,
  searchStateFromQuery,
  searchStateToQuery,
} from "../../../../shared/search-params.js";
import { TEXTS } from "../../../../shared/texts.js";
import type { Announce } from "../../../components/live-status.js";
import { isLoadedLocation, readerActedFirst, scrollToElement } from "../../../lib/scroll.js";
import { RESULTS_SECTION_ID } from "../search-ids.js";
import { ExportFundsButton } from "./export-funds-button.js";
import { SaveSearchButton } from "./save-search-button.js";
import { SearchResults } from "./search-results.js";

/** 'Your VC Matches' for the search in the URL; `announce` says what it found (results-section.tsx). */
export function ResultsPanel({ searchParams, announce }: { searchParams: URLSearchParams; announce: Announce }) {
  const values = searchStateFromQuery(searchParams);
  if (!values) return null;
  return <ResultsShell values={values} problems={searchQueryProblems(searchParams)} announce={announce} />;
}

function ResultsShell({ values, problems, announce }: { values: SearchState; problems: string[]; announce: Announce }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const sectionRef = useRef<HTMLElement>(null);
  const seenKey = useRef<string | null>(null);

  // Each submitted search (a new history entry, even for the same filters) brings the results into view.
  // Back/Forward leave scrolling to the browser, and a #hash target takes precedence.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation, keyed by location.key.
  useEffect(() => {
    const firstRender = seenKey.current === null;
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    if (location.hash) return;
    if (!firstRender && navigationType === "POP") return;
    // The page as loaded (no navigation in the app yet) stays where it is once the reader
    // has started to use it (issue 38: the scroll lost the tap); a search run in the app scrolls.
    if (isLoadedLocation(location.key) && readerActedFirst()) return;
    if (sectionRef.current) scrollToElement(sectionRef.current);
  }, [location.key]);

  return (
    <section
      ref={sectionRef}
      id={RESULTS_SECTION_ID}
      aria-labelledby="results-title"
      className="border-y border-slate-200 bg-slate-50/80 py-14 sm:py-16"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="results-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
              {TEXTS.home.resultsTitle}
            </h2>
            <FilterSummary values={values} />
            {/* A hand-edited or stale link: what was left out, said plainly, never an error page. */}
            {problems.length > 0 && (
              <ul data-testid="search-problems" className="mt-2 flex flex-col gap-1 text-sm text-amber-800">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <SaveSearchButton values={values} />
            <ExportFundsButton values={values} />
          </div>
        </div>
        <SearchResults values={values} announce={announce} />
      </div>
    </section>
  );
}

/** The search's URL: each chip and 'Clear all' is a link, so Back brings a removed filter back. */
const searchHref = (state: SearchState) => `/?${searchStateToQuery(state).toString()}`;

/** The active filters as chips, each removable on its own. */
function FilterSummary({ values }: { values: SearchState }) {
  const chips = filterChips(values);
  if (chips.length === 0) {
    return <p className="mt-2 text-sm text-slate-600">All countries, stages and industries</p>;
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
      <span id="active-filters-label">Filters:</span>
      <ul aria-labelledby="active-filters-label" className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={searchHref(chip.without)}
              preventScrollReset
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-white py-0.5 pr-1.5 pl-2.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 ring-inset transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
            >
              <span className="truncate">{chip.label}</span>
              <X className="size-3.5 shrink-0" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <Link
          to={searchHref(EMPTY_SEARCH)}
          preventScrollReset
          className="ml-1 text-xs font-medium text-indigo-700 underline-offset-4 hover:underline"
        >
          Clear all
        </Link>
      )}
    </div>
  );
}
