import { CircleAlert, RotateCcw, SearchX, SlidersHorizontal } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation, useNavigationType, useSearchParams } from "react-router";
import { industryLabel } from "../../../../shared/industries.js";
import { FREE_RESULTS_LIMIT } from "../../../../shared/plans.js";
import { ANY_VALUE, type SearchFormValues, searchValuesFromQuery } from "../../../../shared/search-params.js";
import { stageLabel } from "../../../../shared/stages.js";
import { hiddenResultsCount, matchCountText, TEXTS } from "../../../../shared/texts.js";
import { Badge } from "../../../components/ui/badge.js";
import { Button } from "../../../components/ui/button.js";
import { Skeleton } from "../../../components/ui/skeleton.js";
import { ApiError } from "../../../lib/api-client.js";
import { scrollToElement } from "../../../lib/scroll.js";
import { isSubscriber, useViewer } from "../../../lib/viewer.js";
import { useFundSearch } from "../api/use-fund-search.js";
import { RESULTS_SECTION_ID, SEARCH_SECTION_ID } from "../search-ids.js";
import { FundCard } from "./fund-card.js";
import { PaywallCard } from "./paywall-card.js";

/** 'Your VC Matches': renders only once a search is in the URL (?search=1...). */
export function ResultsSection() {
  const [searchParams] = useSearchParams();
  const values = searchValuesFromQuery(searchParams);
  if (!values) return null;
  return <ActiveResults values={values} />;
}

function ActiveResults({ values }: { values: SearchFormValues }) {
  const viewer = useViewer();
  const search = useFundSearch(values);
  const location = useLocation();
  const navigationType = useNavigationType();
  const sectionRef = useRef<HTMLElement>(null);
  const totalCount = search.data?.pages.at(-1)?.totalCount ?? 0;
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
    if (!firstRender && search.isError) void search.refetch();
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
        <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="results-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
              {TEXTS.home.resultsTitle}
            </h2>
            <FilterSummary values={values} />
          </div>
          <p role="status" className="text-sm font-medium text-slate-700">
            {search.isPending && "Searching funds…"}
            {search.data && totalCount > 0 && matchCountText(totalCount)}
          </p>
        </div>
        <ResultsBody search={search} viewerIsSubscriber={isSubscriber(viewer)} viewer={viewer} />
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

type ResultsBodyProps = {
  search: ReturnType<typeof useFundSearch>;
  viewer: ReturnType<typeof useViewer>;
  viewerIsSubscriber: boolean;
};

function ResultsBody({ search, viewer, viewerIsSubscriber }: ResultsBodyProps) {
  // Once a page has arrived, a failed refetch or "Show more" keeps the results on screen.
  const data = search.data;
  if (!data) {
    if (!search.isError) return <ResultsSkeleton />;
    return <ErrorState message={errorMessage(search.error)} onRetry={() => void search.refetch()} retrying={search.isFetching} />;
  }

  const pages = data.pages;
  const totalCount = pages.at(-1)?.totalCount ?? 0;
  const all = pages.flatMap((page) => page.results);
  if (totalCount === 0 || all.length === 0) return <EmptyState />;

  // Withheld fields mean the server treats this viewer as a non-subscriber, whatever the client believes.
  const gated = !viewerIsSubscriber || all.some((fund) => fund.isPremium);
  const results = gated ? all.slice(0, FREE_RESULTS_LIMIT) : all;

  return (
    <div className="flex flex-col gap-8">
      <ul aria-label="Matching funds" className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {results.map((fund) => (
          <li key={fund.id} className="min-w-0">
            <FundCard fund={fund} viewer={viewer} />
          </li>
        ))}
      </ul>
      {gated && totalCount > FREE_RESULTS_LIMIT && <PaywallCard hiddenCount={hiddenResultsCount(totalCount)} />}
      {!gated && search.hasNextPage && (
        <div className="flex flex-col items-center gap-2">
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

/** Spec section 8: the server's message, else the generic one (a network failure has no useful text). */
function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : TEXTS.search.errorFallback;
}

function ResultsSkeleton() {
  return (
    <div>
      <ul aria-hidden="true" className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: FREE_RESULTS_LIMIT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={index} className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-start justify-between">
              <div className="flex w-2/3 flex-col gap-2">
                <Skeleton className="h-5 w-full" />
                <Skeleton className="h-4 w-1/2" />
              </div>
              <Skeleton className="size-8 rounded-full" />
            </div>
            <Skeleton className="h-16 w-full rounded-xl" />
            <div className="flex gap-2">
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-5 w-14 rounded-full" />
            </div>
            <div className="flex flex-col gap-2">
              <Skeleton className="h-3.5 w-full" />
              <Skeleton className="h-3.5 w-5/6" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
            <Skeleton className="h-20 w-full rounded-xl" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ErrorState({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <CircleAlert className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold text-slate-900">{TEXTS.search.errorTitle}</h3>
      <p className="mt-1 text-slate-600">{message}</p>
      <Button variant="outline" className="mt-6" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

function focusSearchForm() {
  const section = document.getElementById(SEARCH_SECTION_ID);
  if (section) scrollToElement(section);
  section?.querySelector<HTMLElement>("button[role='combobox']")?.focus({ preventScroll: true });
}

function EmptyState() {
  return (
    <div
      role="status"
      className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold text-slate-900">{TEXTS.search.emptyTitle}</h3>
      <p className="mt-1 text-slate-600">{TEXTS.search.emptyHint}</p>
      <Button variant="outline" className="mt-6" onClick={focusSearchForm}>
        <SlidersHorizontal aria-hidden="true" />
        Change filters
      </Button>
    </div>
  );
}
