import { useQuery } from "@tanstack/react-query";
import type { FundMatchRequest, FundMatchResponse } from "../../../../shared/schemas/match.js";
import { ApiError, apiPost } from "../../../lib/api-client.js";

/** Results per page for subscribers; the first page holds the top 10 that one click saves. */
export const MATCH_PAGE_SIZE = 20;

export function matchQueryKey(request: FundMatchRequest, offset: number) {
  return ["funds", "match", request, offset] as const;
}

export function fetchMatch(request: FundMatchRequest, offset: number, signal?: AbortSignal) {
  return apiPost<FundMatchResponse>(
    "/_api/funds/match",
    { ...request, limit: MATCH_PAGE_SIZE, ...(offset > 0 ? { offset } : {}) },
    signal ? { signal } : {},
  );
}

/** One page of the shortlist; `null` (no match run yet) keeps the query idle. */
export function useMatch(request: FundMatchRequest | null, offset: number) {
  return useQuery({
    queryKey: matchQueryKey(request ?? {}, offset),
    queryFn: ({ signal }) => fetchMatch(request ?? {}, offset, signal),
    enabled: request !== null,
    // Paging keeps the current cards on screen until the next page arrives.
    placeholderData: (previous) => previous,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });
}
