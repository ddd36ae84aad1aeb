import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import type { SearchState } from "../../../shared/search-params.js";
import { ANY_FILTER, type SearchFilters, track } from "../../lib/analytics.js";

/** The filters as analytics reports them: codes (several joined by commas), and 'any' for a filter left open. */
export function searchFilters(values: SearchState): SearchFilters {
  const reported = (list: readonly string[]) => (list.length > 0 ? list.join(",") : ANY_FILTER);
  return {
    country: reported(values.countries),
    fundingStage: reported(values.stages),
    industryFocus: reported(values.industries),
  };
}

/**
 * fund_search once a search has returned, view_results once its results are on screen; once per
 * navigation, so refetches and "Show more" do not count again. Back and Forward show an earlier
 * search again without running a new one: only view_results then.
 */
export function useSearchAnalytics(values: SearchState, totalCount: number | undefined): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const trackedKey = useRef<string | null>(null);

  useEffect(() => {
    if (totalCount === undefined || trackedKey.current === location.key) return;
    const firstForThisPanel = trackedKey.current === null;
    trackedKey.current = location.key;
    const filters = searchFilters(values);
    if (firstForThisPanel || navigationType !== "POP") {
      track({ event: "fund_search", ...filters, resultsCount: totalCount });
    }
    if (totalCount > 0) track({ event: "view_results", ...filters });
  }, [location.key, navigationType, totalCount, values]);
}
