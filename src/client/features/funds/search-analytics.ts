import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { ANY_VALUE, type SearchFormValues } from "../../../shared/search-params.js";
import { ANY_FILTER, type SearchFilters, track } from "../../lib/analytics.js";

/** The filters as analytics reports them: codes, and 'any' for a filter left open. */
export function searchFilters(values: SearchFormValues): SearchFilters {
  const reported = (value: string) => (value && value !== ANY_VALUE ? value : ANY_FILTER);
  return {
    country: reported(values.country),
    fundingStage: reported(values.fundingStage),
    industryFocus: reported(values.industry),
  };
}

/**
 * fund_search once a search has returned, view_results once its results are on screen; once per
 * navigation, so refetches and "Show more" do not count again. Back and Forward show an earlier
 * search again without running a new one: only view_results then.
 */
export function useSearchAnalytics(values: SearchFormValues, totalCount: number | undefined): void {
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
