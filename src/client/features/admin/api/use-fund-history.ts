import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FundHistoryResponse, RevertResponse } from "../../../../shared/schemas/investor.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";
import { invalidateFundData } from "../../../lib/fund-cache.js";

const historyQueryKey = (fundId: number) => ["admin", "fund-history", fundId] as const;

export function useFundHistory(fundId: number) {
  return useQuery({
    queryKey: historyQueryKey(fundId),
    queryFn: ({ signal }) => apiGet<FundHistoryResponse>(`/_api/admin/funds/${fundId}/history`, { signal }),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/** Revert one change, or all of a member's: the history and every cached view of fund data are stale after. */
export function useRevert(fundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { changeId: number } | { userId: number }) =>
      "changeId" in request
        ? apiPost<RevertResponse>("/_api/admin/fund-history/revert", request)
        : apiPost<RevertResponse>("/_api/admin/fund-history/revert-member", { fundId, userId: request.userId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: historyQueryKey(fundId) }),
        queryClient.invalidateQueries({ queryKey: ["admin", "funds"] }),
        invalidateFundData(queryClient),
      ]),
  });
}
