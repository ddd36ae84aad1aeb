import { useCallback, useEffect, useRef, useState } from "react";
import { OAUTH_TEXTS } from "../../../shared/auth-texts.js";
import { ApiError } from "../../lib/api-client.js";
import { useEstablishSession } from "./api/use-establish-session.js";
import {
  ACCOUNT_LINKING_REQUIRED,
  type OAuthErrorPayload,
  oauthAuthorizeUrl,
  popupFeatures,
  watchPopup,
} from "./oauth-popup.js";

/** Sign-in popup. */
export type OAuthState =
  | { status: "idle" }
  | { status: "connecting"; provider: string }
  | { status: "error"; message: string }
  | { status: "account-exists"; message: string; email: string | null };

const IDLE: OAuthState = { status: "idle" };

/** What an OAUTH_ERROR message turns into. */
export function oauthErrorState(error: OAuthErrorPayload): OAuthState {
  if (error.code === ACCOUNT_LINKING_REQUIRED) {
    const email = typeof error.details?.email === "string" ? error.details.email : null;
    return { status: "account-exists", message: error.message || OAUTH_TEXTS.failed, email };
  }
  return { status: "error", message: error.message || OAUTH_TEXTS.failed };
}

/** `carry`: what the sign-in takes along (the way back, a fund to save), as /login's query asked. */
export function useOAuthSignIn(carry: { returnTo?: string; saveFundId?: number } = {}) {
  const [state, setState] = useState<OAuthState>(IDLE);
  const establishSession = useEstablishSession();
  const cancelWatch = useRef<() => void>(() => {});
  const carryRef = useRef(carry);
  carryRef.current = carry;
  useEffect(() => () => cancelWatch.current(), []);

  /** Must run inside the click handler: browsers only allow popups opened by a user gesture. */
  const start = useCallback(
    async (provider: string) => {
      cancelWatch.current();
      let popup: Window | null = null;
      try {
        popup = window.open(oauthAuthorizeUrl(provider), "oauth-sign-in", popupFeatures(window));
      } catch {
        popup = null;
      }
      if (!popup) return setState({ status: "error", message: OAUTH_TEXTS.popupBlocked });
      setState({ status: "connecting", provider });
      try {
        const watch = watchPopup(popup, { target: window, origin: window.location.origin });
        cancelWatch.current = watch.cancel;
        const outcome = await watch.outcome;
        if (outcome.kind === "closed") return setState(IDLE);
        if (outcome.kind === "timeout") {
          // Five minutes; there is no message for it, so the button is simply offered again.
          console.warn("The sign-in window timed out.");
          return setState(IDLE);
        }
        if (outcome.kind === "error") return setState(oauthErrorState(outcome.error));
        try {
          await establishSession.mutateAsync({ tempToken: outcome.token, provider, ...carryRef.current });
          // The hook has set the user and scheduled the move to the home page.
        } catch (error) {
          const message =
            error instanceof ApiError && error.serverMessage ? error.serverMessage : OAUTH_TEXTS.establishFailed;
          setState({ status: "error", message });
        }
      } catch (error) {
        console.error(error);
        setState({ status: "error", message: OAUTH_TEXTS.unexpected });
      }
    },
    [establishSession.mutateAsync],
  );

  const dismiss = useCallback(() => setState(IDLE), []);
  return { state, start, dismiss };
}
