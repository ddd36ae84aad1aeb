import { useInfiniteQuery } from "@tanstack/react-query";
import type { FundSearchResponse } from "../../../../shared/schemas/funds.js";
import { type SearchState, toSearchRequest } from "../../../../shared/search-params.js";
import { ApiError, apiPost } from "../../../lib/api-client.js";
import { fundSearchQueryKey, SEARCH_PAGE_SIZE, SEARCH_URL } from "./search-page-query.js";

export { fundSearchQueryKey, SEARCH_PAGE_SIZE } from "./search-page-query.js";

function nextOffset(pages: FundSearchResponse[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.results.length === 0) return undefined;
  // Withheld (premium) results mean the server is gating this viewer: more pages would only repeat the top 3.
  if (last.results.some((fund) => fund.isPremium)) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
  return loaded < last.totalCount ? loaded : undefined;
}

/**
 * Runs the search; `null` (no search yet, or one this viewer may not run) keeps the query idle.
 */
export function useFundSearch(values: SearchState | null) {
  const request = values ? toSearchRequest(values) : {};
  return useInfiniteQuery({
    queryKey: fundSearchQueryKey(request),
    queryFn: ({ pageParam, signal }) =>
      apiPost<FundSearchResponse>(
        SEARCH_URL,
        { ...request, limit: SEARCH_PAGE_SIZE, ...(pageParam > 0 ? { offset: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (_lastPage, allPages) => nextOffset(allPages),
    enabled: values !== null,
    // A 4xx will not fix itself; a 5xx or a dropped connection gets one more try.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });
}
