import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClaimDecision } from "../../../../shared/fund-claim-texts.js";
import type { AdminFundClaimsResponse } from "../../../../shared/schemas/fund-claims.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";

const fundClaimsQueryKey = ["admin", "fund-claims"] as const;

export function useFundClaims() {
  return useQuery({
    queryKey: fundClaimsQueryKey,
    queryFn: ({ signal }) => apiGet<AdminFundClaimsResponse>("/_api/admin/fund-claims", { signal }),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/** Approves or refuses a claim; the claims and the teams are fetched again afterwards. */
export function useFundClaimAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { claimId: number; action: ClaimDecision; reason?: string }) =>
      apiPost<{ message: string }>("/_api/admin/fund-claim-action", request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundClaimsQueryKey }),
  });
}

export function useRemoveFundMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { fundId: number; userId: number }) =>
      apiPost<{ message: string }>("/_api/admin/fund-member-removal", request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundClaimsQueryKey }),
  });
}
