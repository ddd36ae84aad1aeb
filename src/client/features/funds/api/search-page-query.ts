import { type Subscription, seesAllResults } from "../../../../shared/entitlements.js";
import { MAX_SEARCH_LIMIT } from "../../../../shared/plans.js";
import type { FundSearchRequest, FundSearchResponse } from "../../../../shared/schemas/funds.js";
import {
  type SearchState,
  searchStateFromQuery,
  toSearchRequest,
  usesAdvancedFilters,
} from "../../../../shared/search-params.js";
import { okJson, type PageQuery } from "../../../lib/page-data.js";

/**
 * The home page's search as a query a server-rendered page starts with: a search in the URL (the
 * home form posted without the app, a shared link) is answered by the server, so the results, the
 * top 3 and the Premium prompt are in the page before any script runs (issue 38). Hook-free: loaded
 * by app/page-queries.ts only for a URL with a search.
 */

/** Page size for viewers who may page through everything; the server caps non-subscribers at 3. */
export const SEARCH_PAGE_SIZE = Math.min(24, MAX_SEARCH_LIMIT);

export const SEARCH_URL = "/_api/funds/search";

export function fundSearchQueryKey(request: FundSearchRequest) {
  return ["funds", "search", request] as const;
}

/** The first page of a search, as the browser asks it (use-fund-search.ts). */
export function searchBody(state: SearchState): FundSearchRequest & { limit: number } {
  return { ...toSearchRequest(state), limit: SEARCH_PAGE_SIZE };
}

/**
 * The search in this query string as a page query, or undefined: no search, or one with Premium
 * filters for a viewer who is not a subscriber (the browser does not send it either; it shows the
 * locked state).
 */
export function searchPageQuery(search: string, user: Subscription | null | undefined): PageQuery | undefined {
  const state = searchStateFromQuery(new URLSearchParams(search));
  if (!state || (usesAdvancedFilters(state) && !seesAllResults(user))) return undefined;
  return {
    queryKey: fundSearchQueryKey(toSearchRequest(state)),
    url: SEARCH_URL,
    body: searchBody(state),
    // The infinite query's shape: one page, asked at offset 0.
    toData: (answer) => {
      const page = okJson(answer) as FundSearchResponse | undefined;
      return page === undefined ? undefined : { pages: [page], pageParams: [0] };
    },
  };
}
