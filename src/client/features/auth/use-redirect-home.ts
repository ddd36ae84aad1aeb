import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { safeReturnPath } from "../../../shared/return-path.js";
import type { SignInResponse } from "../../../shared/schemas/auth.js";
import { savedFundsQueryKey } from "../../lib/saved-funds.js";

/** After signing in, the user goes on after about 200 ms. */
export const POST_LOGIN_REDIRECT_MS = 200;

/** What the page says of a fund a sign-in was asked to save (issue 37). */
export const PENDING_SAVE_TEXTS = {
  saved: "Saved to your pipeline",
  premium: "Saving funds to a pipeline is part of Premium: upgrade to save this fund.",
  gone: "That fund is no longer listed, so it was not saved.",
} as const;

/**
 * Schedules the move after a sign-in: back where the sign-in was asked to lead (the server checked
 * the address and answered it; it is checked again here, the browser's own last word), else the
 * home page; a fund it saved is said and the saved list refetched. Leaving the page first cancels it.
 */
export function useRedirectAfterSignIn(): (answer?: Pick<SignInResponse, "returnTo" | "pendingSave">) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (answer) => {
      const pending = answer?.pendingSave;
      if (pending?.saved) {
        void queryClient.invalidateQueries({ queryKey: savedFundsQueryKey });
        toast.success(PENDING_SAVE_TEXTS.saved);
      } else if (pending?.reason === "subscription_required") {
        toast.info(PENDING_SAVE_TEXTS.premium, { action: { label: "Upgrade", onClick: () => navigate("/subscribe") } });
      } else if (pending?.reason === "not_found") toast.error(PENDING_SAVE_TEXTS.gone);
      const to = safeReturnPath(answer?.returnTo) ?? "/";
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to, { replace: true }), POST_LOGIN_REDIRECT_MS);
    },
    [navigate, queryClient],
  );
}
