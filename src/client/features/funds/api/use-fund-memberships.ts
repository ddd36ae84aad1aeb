import { useQuery } from "@tanstack/react-query";
import type { FundMembershipsResponse } from "../../../../shared/schemas/fund-claims.js";
import { apiGet } from "../../../lib/api-client.js";

/** The account's own fund teams: private, asked only for a signed-in viewer. */
export const fundMembershipsQueryKey = ["user", "fund-memberships"] as const;

export function useFundMemberships(signedIn: boolean) {
  return useQuery({
    queryKey: fundMembershipsQueryKey,
    queryFn: ({ signal }) =>
      apiGet<FundMembershipsResponse>("/_api/user/fund-memberships", { signal }).then((answer) => answer.funds),
    enabled: signedIn,
    staleTime: 60_000,
  });
}
