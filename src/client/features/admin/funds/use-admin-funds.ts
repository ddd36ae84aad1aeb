import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminFund, AdminFundsPage } from "../../../../shared/schemas/admin-funds.js";
import type { FundInput } from "../../../../shared/schemas/fund-input.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";
import { invalidateFundData } from "../../../lib/fund-cache.js";

const adminFundsQueryKey = ["admin", "funds"] as const;

export function useAdminFunds(query: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...adminFundsQueryKey, { query, page, pageSize }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (query) params.set("q", query);
      return apiGet<AdminFundsPage>(`/_api/admin/funds?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/** After an edit or a delete: the table, and every cached view of fund data (search, countries, saved). */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminFundsQueryKey }), invalidateFundData(queryClient)]);
}

export function useUpdateFund() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (request: { id: number; fund: FundInput }) =>
      apiPost<{ fund: AdminFund }>("/_api/admin/fund/update", request),
    onSuccess: refresh,
  });
}

export function useDeleteFund() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (id: number) => apiPost<{ message: string }>("/_api/admin/fund/delete", { id }),
    onSettled: refresh,
  });
}

/** One fund for its edit form, when a link names it (/admin/funds?edit=123). */
export function useAdminFund(id: number | null) {
  return useQuery({
    queryKey: [...adminFundsQueryKey, "one", id],
    queryFn: ({ signal }) => apiGet<{ fund: AdminFund }>(`/_api/admin/fund/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}
