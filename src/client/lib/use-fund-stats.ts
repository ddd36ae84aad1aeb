import { useQuery } from "@tanstack/react-query";
import type { DataCounts } from "../../shared/data-claims.js";
import { apiGet } from "./api-client.js";
import { FUND_STATS_URL, fundStatsQueryKey } from "./fund-stats.js";

/** The counts of the data, fetched when the cache lacks them (the home page's lazy sections). */
export function useFundStats() {
  return useQuery({
    queryKey: fundStatsQueryKey,
    queryFn: ({ signal }) => apiGet<DataCounts>(FUND_STATS_URL, { signal }),
    staleTime: 10 * 60_000,
  });
}
