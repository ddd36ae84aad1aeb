import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import type { ConfirmationKind } from "../../../../shared/schemas/account.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import { ApiError, apiPost } from "../../../lib/api-client.js";
import { setSessionUser } from "../../../lib/session.js";
import type { ChangePasswordValues, ConfirmPasswordValues, UpdateProfileValues } from "../account-form-schemas.js";
import { profileQueryKey } from "./use-account-queries.js";

/**
 * The answer when an account without a password tries a change after its recent sign-in's window
 * closed: it needs an e-mailed code now. The profile is fetched again so the form shows the code field.
 */
export function isCodeNeeded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** Fetches the profile again: the confirmation that applies may have changed. */
export function useRefreshConfirmation() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: profileQueryKey });
}

/** The field each confirmation kind fills in, for its default values (the others are never sent). */
export function confirmationDefaults(kind: ConfirmationKind): { password?: string; code?: string } {
  if (kind === "password") return { password: "" };
  if (kind === "email_code") return { code: "" };
  return {};
}

/** E-mails a one-time code to the account's address (accounts without a password). */
export function useSendConfirmationCode() {
  return useMutation({
    mutationFn: () => apiPost<{ message: string; expiresAt: string }>("/_api/user/confirmation-code", {}),
  });
}

/** The answer's user replaces the cached current user (the header shows the new name). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateProfileValues) =>
      apiPost<{ user: SessionUser }>("/_api/user/update-profile", values).then((response) => response.user),
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      // The address a code goes to may have changed with it.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}

/**
 * The server also replaces this browser's session cookie. An account that had no password has one
 * now: the profile (how changes are confirmed) is fetched again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangePasswordValues) => apiPost<{ message: string }>("/_api/user/change-password", values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

export type CloseAccountKind = "deactivate" | "delete";

/** Both calls clear the session cookie; the page forgets the user once it has left (useForgetUser). */
export function useCloseAccount(kind: CloseAccountKind) {
  return useMutation({
    mutationFn: (values: ConfirmPasswordValues) =>
      apiPost<{ message: string }>(
        `/_api/user/${kind === "deactivate" ? "deactivate-account" : "delete-account"}`,
        values,
      ),
  });
}

/** After deactivation or deletion: the cached user goes, everything else fetched for them goes stale. */
export function useForgetUser() {
  const queryClient = useQueryClient();
  return () => setSessionUser(queryClient, null);
}

/**
 * Fetched as a blob rather than followed as a link, so a failure can be told (toast) instead of
 * leaving the browser on an error page; the file keeps the name the server gives it.
 */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const response = await fetch("/_api/user/export-data", {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new ApiError(`Request failed with status ${response.status}`, response.status);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = ACCOUNT_TEXTS.exportFileName;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked later rather than at once: some browsers read the blob after click() has returned.
      window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
    },
  });
}
