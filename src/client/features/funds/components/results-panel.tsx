import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { industryLabel } from "../../../../shared/industries.js";
import { ANY_VALUE, type SearchFormValues, searchValuesFromQuery } from "../../../../shared/search-params.js";
import { stageLabel } from "../../../../shared/stages.js";
import { TEXTS } from "../../../../shared/texts.js";
import { Badge } from "../../../components/ui/badge.js";
import { scrollToElement } from "../../../lib/scroll.js";
import { RESULTS_SECTION_ID } from "../search-ids.js";
import { ExportFundsButton } from "./export-funds-button.js";
import { SearchResults } from "./search-results.js";

/** 'Your VC Matches' for the search in the URL. */
export function ResultsPanel({ searchParams }: { searchParams: URLSearchParams }) {
  const values = searchValuesFromQuery(searchParams);
  if (!values) return null;
  return <ResultsShell values={values} />;
}

function ResultsShell({ values }: { values: SearchFormValues }) {
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
          </div>
          <ExportFundsButton values={values} />
        </div>
        <SearchResults values={values} />
      </div>
    </section>
  );
}

function FilterSummary({ values }: { values: SearchFormValues }) {
  const filters = [
    values.country !== ANY_VALUE ? values.country : null,
    values.fundingStage !== ANY_VALUE ? stageLabel(values.fundingStage) : null,
    values.industry !== ANY_VALUE ? industryLabel(values.industry) : null,
  ].filter((filter): filter is string => filter !== null);

  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
      <span>{filters.length > 0 ? "Filters:" : "All countries, stages and industries"}</span>
      {filters.map((filter) => (
        <Badge key={filter} variant="outline" className="bg-white">
          {filter}
        </Badge>
      ))}
    </div>
  );
}
