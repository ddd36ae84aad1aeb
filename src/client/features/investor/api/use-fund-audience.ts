import { useQuery } from "@tanstack/react-query";
import type { AudienceResponse } from "../../../../shared/schemas/fund-audience.js";
import { ApiError, apiGet } from "../../../lib/api-client.js";

/** The fund's founders' interest for its team (issue 24): GET /_api/investor/funds/:id/audience. */
export function fundAudienceUrl(fundId: number): string {
  return `/_api/investor/funds/${fundId}/audience`;
}

export const fundAudienceQueryKey = (fundId: number) => ["investor", "funds", fundId, "audience"] as const;

export function useFundAudience(fundId: number) {
  return useQuery({
    queryKey: fundAudienceQueryKey(fundId),
    queryFn: ({ signal }) => apiGet<AudienceResponse>(fundAudienceUrl(fundId), { signal }),
    // A 401 or 403 will not change by asking again.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });
}
