import { useQuery } from "@tanstack/react-query";
import type { SavedFundsResponse } from "../../shared/schemas/account.js";
import { ApiError, apiGet } from "./api-client.js";

/**
 * The signed-in user's saved funds. Shared: the header menu shows their
 * count and the funds feature shows each card's saved state.
 */
export type SavedFund = SavedFundsResponse["funds"][number];

export const savedFundsQueryKey = ["saved-funds"] as const;

export const SAVED_FUNDS_FETCH_FAILED = "Failed to fetch saved funds";

async function fetchSavedFunds(signal: AbortSignal): Promise<SavedFund[]> {
  try {
    const response = await apiGet<SavedFundsResponse>("/_api/user/saved-funds", { signal });
    return Array.isArray(response?.funds) ? response.funds : [];
  } catch (error) {
    if (signal.aborted) throw error;
    // The server's text, else the fallback, and only logged; screens just go without.
    const message =
      error instanceof ApiError ? (error.serverMessage ?? SAVED_FUNDS_FETCH_FAILED) : SAVED_FUNDS_FETCH_FAILED;
    console.warn(message);
    throw new ApiError(message, error instanceof ApiError ? error.status : 0, message);
  }
}

/** Only for a signed-in user; a visitor has nothing saved and the call would answer 401. */
export function useSavedFunds(enabled: boolean) {
  return useQuery({
    queryKey: savedFundsQueryKey,
    queryFn: ({ signal }) => fetchSavedFunds(signal),
    enabled,
    // A 4xx will not fix itself; a 5xx or a dropped connection gets one more try.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}
