import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FundEditorResponse, FundEditPatch } from "../../../shared/schemas/investor.js";
import { ApiError, apiGet, apiPatch } from "../../lib/api-client.js";
import { invalidateFundData } from "../../lib/fund-cache.js";
import { myFundsQueryKey } from "../../lib/my-funds.js";

export const fundEditorQueryKey = (fundId: number) => ["investor", "fund", fundId] as const;

const noRetryOn4xx = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1;

export function useFundEditor(fundId: number) {
  return useQuery({
    queryKey: fundEditorQueryKey(fundId),
    queryFn: async ({ signal }) =>
      (await apiGet<FundEditorResponse>(`/_api/investor/funds/${fundId}`, { signal })).fund,
    retry: noRetryOn4xx,
  });
}

export function useUpdateFundFacts(fundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: FundEditPatch) =>
      (await apiPatch<FundEditorResponse>(`/_api/investor/funds/${fundId}`, patch)).fund,
    onSuccess: (fund) => {
      queryClient.setQueryData(fundEditorQueryKey(fundId), fund);
      // The fund page and search read the new facts on their next call.
      void invalidateFundData(queryClient);
      void queryClient.invalidateQueries({ queryKey: myFundsQueryKey });
    },
  });
}
