import { useQuery } from "@tanstack/react-query";
import type { DataCounts } from "../../shared/data-claims.js";
import { apiGet } from "./api-client.js";
import { okJson, type PageQuery } from "./page-data.js";

/**
 * The counts every claim about the data is made of. In lib because the home page's sections (home
 * feature) and its first screen use them; under "funds" so that an admin's write refreshes them
 * with every other view of fund data (invalidateFundData).
 */
export const fundStatsQueryKey = ["funds", "stats"] as const;
export const FUND_STATS_URL = "/_api/funds/stats";

/** The server answers it before rendering the home page, so the counts are in its HTML. */
export const fundStatsPageQuery: PageQuery = { queryKey: fundStatsQueryKey, url: FUND_STATS_URL, toData: okJson };

export function useFundStats() {
  return useQuery({
    queryKey: fundStatsQueryKey,
    queryFn: ({ signal }) => apiGet<DataCounts>(FUND_STATS_URL, { signal }),
    staleTime: 10 * 60_000,
  });
}
