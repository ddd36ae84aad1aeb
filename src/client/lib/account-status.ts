import { useQuery } from "@tanstack/react-query";
import type { AccountStatusResponse } from "../../shared/schemas/account.js";
import { ApiError, apiGet } from "./api-client.js";

/**
 * The account-status call (only when logged in, cached 5 minutes). Shared by the
 * profile page and the subscribe page, which are different features (features never import each
 * other); the subscribe page also polls it after a payment.
 */
export const accountStatusQueryKey = ["user", "account-status"] as const;

/** The account status is cached for 5 minutes. */
export const ACCOUNT_STATUS_STALE_MS = 5 * 60_000;

/** A 4xx will not fix itself; a 5xx or a dropped connection gets one more try. */
export function retryUnlessClientError(failureCount: number, error: Error): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1;
}

export function fetchAccountStatus(signal?: AbortSignal): Promise<AccountStatusResponse> {
  return apiGet<AccountStatusResponse>("/_api/user/account-status", { signal });
}

export function useAccountStatus(enabled: boolean) {
  return useQuery({
    queryKey: accountStatusQueryKey,
    queryFn: ({ signal }) => fetchAccountStatus(signal),
    enabled,
    staleTime: ACCOUNT_STATUS_STALE_MS,
    retry: retryUnlessClientError,
  });
}
