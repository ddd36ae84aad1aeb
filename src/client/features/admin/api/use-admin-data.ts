import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminDataResponse } from "../../../../shared/schemas/admin-data.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";
import { invalidateFundData } from "../../../lib/fund-cache.js";

const adminDataQueryKey = ["admin", "data"] as const;

export function useAdminData(page: number) {
  return useQuery({
    queryKey: [...adminDataQueryKey, page],
    queryFn: ({ signal }) => apiGet<AdminDataResponse>(`/_api/admin/data?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/** "Mark reviewed": the fund's review date becomes today; the page and every view of fund data refresh. */
export function useMarkReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<{ id: number; lastReviewed: string }>("/_api/admin/fund/mark-reviewed", { id }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ["admin"] }), invalidateFundData(queryClient)]),
  });
}
