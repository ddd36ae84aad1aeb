import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ConfirmationKind, ProfileResponse, SavedFundsResponse } from "../../../../shared/schemas/account.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import type { UserFundReportsResponse } from "../../../../shared/schemas/fund-reports.js";
import { TEXTS } from "../../../../shared/texts.js";
import { retryUnlessClientError } from "../../../lib/account-status.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";
import { savedFundsQueryKey } from "../../../lib/saved-funds.js";
import { useSessionQuery } from "../../../lib/use-session-query.js";
import { myReportsQueryKey, profileQueryKey } from "./query-keys.js";

export { myReportsQueryKey, profileQueryKey };

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

export type CurrentUser =
  | { status: "loading" }
  | { status: "authenticated"; user: SessionUser }
  | { status: "anonymous" };

/**
 * The signed-in user, from the shared session query. The auth feature's own hook cannot be
 * imported here (features stay independent), and the pages only need these three states.
 */
export function useCurrentUser(): CurrentUser {
  const session = useSessionQuery();
  if (session.isPending) return { status: "loading" };
  const user = session.data?.user;
  return user ? { status: "authenticated", user } : { status: "anonymous" };
}

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiGet<ProfileResponse>("/_api/user/profile", { signal }),
    enabled,
    retry: retryUnlessClientError,
  });
}

export type Confirmation =
  | { status: "loading" }
  | { status: "ready"; kind: ConfirmationKind; recentSignInUntil: Date | null; hasPassword: boolean };

/**
 * How this session confirms a sensitive change, from the profile call (the server decides it).
 * When a recent sign-in's window closes, the profile is fetched again and the forms switch to the
 * e-mailed code. If the profile cannot be read, the password is asked for, as before.
 */
export function useConfirmation(): Confirmation {
  const profile = useProfile(true);
  const queryClient = useQueryClient();
  const until = profile.data?.recentSignInUntil ?? null;
  useEffect(() => {
    if (!until) return;
    // A moment after the server's end of the window, so that it answers email_code.
    const wait = Math.max(0, Date.parse(until) - Date.now()) + 1_000;
    const timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: profileQueryKey }), wait);
    return () => window.clearTimeout(timer);
  }, [until, queryClient]);
  if (profile.isPending) return { status: "loading" };
  const data = profile.data;
  if (!data?.confirmation) return { status: "ready", kind: "password", recentSignInUntil: null, hasPassword: true };
  return {
    status: "ready",
    kind: data.confirmation,
    recentSignInUntil: data.recentSignInUntil ? new Date(data.recentSignInUntil) : null,
    hasPassword: data.hasPassword,
  };
}

/**
 * The saved funds with their details. Under the shared saved-funds key, so that invalidating that
 * key (the save button, the header) refreshes this list too, and the reverse.
 */
export function useSavedFundDetails(enabled: boolean) {
  return useQuery({
    queryKey: [...savedFundsQueryKey, "details"],
    queryFn: async ({ signal }) => {
      const response = await apiGet<SavedFundsResponse>("/_api/user/saved-funds", { signal });
      return Array.isArray(response?.funds) ? response.funds : [];
    },
    enabled,
    retry: retryUnlessClientError,
  });
}

/** After an unsave the saved list is refetched (the header's count with it). */
export function useUnsaveFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fundId: number) => apiPost<{ saved: false; fundId: number }>("/_api/user/unsave-fund", { fundId }),
    // Save and unsave failures are only logged; the refetch shows the fund still there.
    onError: (error) => console.error(messageOf(error, TEXTS.saveFund.unsaveFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedFundsQueryKey }),
  });
}

/** The signed-in user's own fund reports and the data team's answers (GET /_api/user/reports). */
export function useMyReports(enabled: boolean) {
  return useQuery({
    queryKey: myReportsQueryKey,
    queryFn: ({ signal }) => apiGet<UserFundReportsResponse>("/_api/user/reports", { signal }),
    enabled,
    retry: retryUnlessClientError,
  });
}
