import { useQuery } from "@tanstack/react-query";
import type { MyFundsResponse } from "../../shared/schemas/investor.js";
import { ApiError, apiGet } from "./api-client.js";

/**
 * The funds the signed-in account is on the team of (issue 24). Shared: the account menu shows
 * "My funds" to members only, and the investor feature lists them.
 */
export type MyFund = MyFundsResponse["funds"][number];

export const myFundsQueryKey = ["investor", "funds"] as const;

/** Only for a signed-in user; a visitor is on no team and the call would answer 401. */
export function useMyFunds(enabled: boolean) {
  return useQuery({
    queryKey: myFundsQueryKey,
    queryFn: async ({ signal }) => (await apiGet<MyFundsResponse>("/_api/investor/funds", { signal })).funds,
    enabled,
    staleTime: 5 * 60_000,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}
