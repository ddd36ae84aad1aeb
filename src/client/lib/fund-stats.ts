import { useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { DataCounts } from "../../shared/data-claims.js";
import { okJson, type PageQuery } from "./page-data.js";

/**
 * The counts every claim about the data is made of. In lib because the home page's sections (home
 * feature) and its first screen use them; under "funds" so that an admin's write refreshes them
 * with every other view of fund data (invalidateFundData). Hook-free of useQuery on purpose: the
 * hero is in the home page's entry, which must not carry the query observer (docs/decisions/0006);
 * the fetching hook is use-fund-stats.ts, for the lazy sections.
 */
export const fundStatsQueryKey = ["funds", "stats"] as const;
export const FUND_STATS_URL = "/_api/funds/stats";

/** The server answers it before rendering the home page, so the counts are in its HTML. */
export const fundStatsPageQuery: PageQuery = { queryKey: fundStatsQueryKey, url: FUND_STATS_URL, toData: okJson };

/**
 * The counts as the query cache holds them, without fetching: the server-rendered page put them
 * there before hydrating; after a client navigation the lower sections' query fills them in and
 * this re-renders.
 */
export function useCachedFundStats(): DataCounts | undefined {
  const client = useQueryClient();
  const read = () => client.getQueryData<DataCounts>(fundStatsQueryKey);
  return useSyncExternalStore((onChange) => client.getQueryCache().subscribe(onChange), read, read);
}
