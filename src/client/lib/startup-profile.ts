import { useQuery } from "@tanstack/react-query";
import type { StartupProfileResponse } from "../../shared/schemas/match.js";
import { ApiError, apiGet } from "./api-client.js";
import { useSessionQuery } from "./use-session-query.js";

/**
 * The signed-in founder's saved startup profile (GET /_api/user/startup-profile). Shared: the
 * match page prefills its form from it and the home search form can start from it.
 */
export type SavedStartupProfile = NonNullable<StartupProfileResponse["profile"]>;

/** Per user: after a logout and another sign-in in the same tab, nobody sees the previous profile. */
export const startupProfileQueryKey = (userId: number) => ["startup-profile", userId] as const;
export const STARTUP_PROFILE_URL = "/_api/user/startup-profile";

/**
 * The profile (null until one is saved) and the key it is cached under; for a visitor the call
 * is not made (it would answer 401) and there is no profile.
 */
export function useStartupProfile() {
  const userId = useSessionQuery().data?.user?.id;
  const query = useQuery({
    queryKey: startupProfileQueryKey(userId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiGet<StartupProfileResponse>(STARTUP_PROFILE_URL, { signal }))?.profile ?? null,
    enabled: userId !== undefined,
    // A 4xx will not fix itself; a 5xx or a dropped connection gets one more try.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
  return {
    profile: userId === undefined ? undefined : query.data,
    queryKey: userId === undefined ? undefined : startupProfileQueryKey(userId),
  };
}
