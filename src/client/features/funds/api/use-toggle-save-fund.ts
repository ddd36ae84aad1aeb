import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { TEXTS } from "../../../../shared/texts.js";
import { ApiError, apiPost } from "../../../lib/api-client.js";
import { savedFundsQueryKey } from "../../../lib/saved-funds.js";

/** The server's text, else a fixed fallback; a 402 keeps its status for the upgrade prompt. */
function withFallback(error: unknown, fallback: string): Error {
  if (error instanceof ApiError)
    return new ApiError(error.serverMessage ?? fallback, error.status, error.serverMessage);
  return new Error(error instanceof Error ? error.message || fallback : TEXTS.saveFund.unknownError);
}

/**
 * Saves (next = true) or unsaves a fund, then refetches the saved list before
 * resolving, so the button shows the new state as soon as it is enabled again.
 */
export function useToggleSaveFund() {
  const queryClient = useQueryClient();
  return useCallback(
    async (fund: { id: number }, next: boolean) => {
      const path = next ? "/_api/user/save-fund" : "/_api/user/unsave-fund";
      try {
        await apiPost<unknown>(path, { fundId: fund.id });
      } catch (error) {
        throw withFallback(error, next ? TEXTS.saveFund.saveFailed : TEXTS.saveFund.unsaveFailed);
      } finally {
        await queryClient.invalidateQueries({ queryKey: savedFundsQueryKey });
      }
    },
    [queryClient],
  );
}
