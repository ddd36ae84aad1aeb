import { useQuery } from "@tanstack/react-query";
import type { StartupProfileResponse } from "../../shared/schemas/match.js";
import { ApiError, apiGet } from "./api-client.js";

/**
 * The signed-in founder's saved startup profile (GET /_api/user/startup-profile). Shared: the
 * match page prefills its form from it and the home search form can start from it.
 */
export type SavedStartupProfile = NonNullable<StartupProfileResponse["profile"]>;

export const startupProfileQueryKey = ["startup-profile"] as const;
export const STARTUP_PROFILE_URL = "/_api/user/startup-profile";

/** Only for a signed-in user (a visitor's call would answer 401); null until one is saved. */
export function useStartupProfile(enabled: boolean) {
  return useQuery({
    queryKey: startupProfileQueryKey,
    queryFn: async ({ signal }) =>
      (await apiGet<StartupProfileResponse>(STARTUP_PROFILE_URL, { signal }))?.profile ?? null,
    enabled,
    // A 4xx will not fix itself; a 5xx or a dropped connection gets one more try.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}
