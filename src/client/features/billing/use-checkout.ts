import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { BILLING_TEXTS } from "../../../shared/billing-texts.js";
import type { PlanId } from "../../../shared/plans.js";
import { accountStatusQueryKey, fetchAccountStatus } from "../../lib/account-status.js";
import { track } from "../../lib/analytics.js";
import { sessionQueryKey } from "../../lib/session.js";
import { billingErrorMessage, createCheckoutSession, createUpgradeSession } from "./api/billing-api.js";
import {
  CHECKOUT_POPUP_NAME,
  type CheckoutMessage,
  centredPopupFeatures,
  parseCheckoutMessage,
  watchCheckoutPopup,
} from "./checkout-popup.js";
import { type PollResult, pollDecision, STATUS_POLL_ATTEMPTS, STATUS_POLL_INTERVAL_MS } from "./status-polling.js";

/** What is being bought: a plan (a guest gives an e-mail), or the upgrade of a monthly plan. */
export type CheckoutRequest = { kind: "plan"; plan: PlanId; email: string | null } | { kind: "upgrade" };

export type CheckoutTarget = PlanId | "upgrade";

export type CheckoutState =
  | { status: "idle" }
  /** The popup is open and waits for the checkout address. */
  | { status: "opening"; target: CheckoutTarget }
  /** The popup shows the checkout; it reports back or is closed. */
  | { status: "pending"; target: CheckoutTarget }
  /** Paid while signed in: the status is asked for until it is active. */
  | { status: "activating" }
  /** Paid as a guest: the account is created from the payment e-mail, the link is on its way. */
  | { status: "guest-paid"; email: string | null };

const IDLE: CheckoutState = { status: "idle" };

function targetOf(request: CheckoutRequest): CheckoutTarget {
  return request.kind === "plan" ? request.plan : "upgrade";
}

/** The blank popup says what is coming while the checkout address is fetched. */
function showPlaceholder(popup: Window, text: string): void {
  try {
    popup.document.title = text;
    const body = popup.document.body ?? popup.document.documentElement;
    body.textContent = text;
    body.setAttribute("style", "font: 16px system-ui, sans-serif; color: #334155; padding: 2rem; text-align: center");
  } catch {
    // Purely cosmetic; a browser that refuses simply shows a blank page for a moment.
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

type Options = {
  /** Signed in: a success is followed by status polling; otherwise it was a guest checkout. */
  signedIn: boolean;
  /** The payment provider's script must have loaded (or not be needed). */
  paymentsReady: boolean;
  /** Called instead of starting when the script is missing (the page may try loading it again). */
  onPaymentsNotReady?: () => void;
  /** Shows the placeholder text in the popup while the address is fetched. */
  openingText: string;
};

/**
 * The checkout and upgrade flow: opens the popup within the click, asks
 * the server for the checkout address and sends the popup there, then waits for the popup's
 * message or its closing; after a payment it refreshes the user and subscription data and, when
 * signed in, polls the status until the subscription is active.
 */
export function useCheckout({ signedIn, paymentsReady, onPaymentsNotReady, openingText }: Options) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CheckoutState>(IDLE);
  const popupRef = useRef<Window | null>(null);
  const cancelWatch = useRef<() => void>(() => {});
  const polling = useRef<AbortController | null>(null);
  // Each start gets a number, so that a late answer of an abandoned attempt changes nothing.
  const run = useRef(0);
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;
  /** Whether a checkout this page started is being watched (its outcome comes through the watch). */
  const watching = useRef(false);

  useEffect(
    () => () => {
      run.current += 1;
      cancelWatch.current();
      polling.current?.abort();
    },
    [],
  );

  const refreshAccount = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: accountStatusQueryKey });
  }, [queryClient]);

  const pollStatus = useCallback(async () => {
    polling.current?.abort();
    const controller = new AbortController();
    polling.current = controller;
    setState({ status: "activating" });
    try {
      for (let attempt = 1; attempt <= STATUS_POLL_ATTEMPTS; attempt += 1) {
        await delay(STATUS_POLL_INTERVAL_MS, controller.signal);
        let result: PollResult;
        try {
          const status = await queryClient.fetchQuery({
            queryKey: accountStatusQueryKey,
            queryFn: ({ signal }) => fetchAccountStatus(signal),
            staleTime: 0,
            retry: false,
          });
          result = { ok: true, subscriptionStatus: status?.subscriptionStatus };
        } catch {
          result = { ok: false };
        }
        if (controller.signal.aborted) return;
        const decision = pollDecision(attempt, result);
        if (decision === "done") {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          setState(IDLE);
          return;
        }
        if (decision === "reload") {
          window.location.reload();
          return;
        }
      }
    } catch {
      // Aborted: the page is leaving.
    }
  }, [queryClient]);

  const onMessage = useCallback(
    (message: CheckoutMessage, guestEmail: string | null) => {
      if (message.kind === "cancelled") {
        toast.info(BILLING_TEXTS.checkoutCancelled);
        setState(IDLE);
        return;
      }
      if (message.kind === "error") {
        toast.error(message.message ?? BILLING_TEXTS.paymentFailed);
        setState(IDLE);
        return;
      }
      toast.success(BILLING_TEXTS.paymentSuccess);
      refreshAccount();
      if (message.guest || !signedInRef.current) {
        setState({ status: "guest-paid", email: message.email ?? guestEmail });
        return;
      }
      void pollStatus();
    },
    [pollStatus, refreshAccount],
  );

  // A checkout the page's plain form opened before the app started (plan-picker.tsx) reports to
  // this window like the app's own popup: its outcome is taken the same way.
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (watching.current || event.origin !== window.location.origin) return;
      const message = parseCheckoutMessage(event.data);
      if (message) onMessage(message, null);
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [onMessage]);

  /** Must run inside the click handler: browsers only allow popups opened by a user gesture. */
  const start = useCallback(
    async (request: CheckoutRequest) => {
      if (!paymentsReady) {
        toast.error(BILLING_TEXTS.scriptNotLoaded);
        onPaymentsNotReady?.();
        return;
      }
      cancelWatch.current();
      const current = ++run.current;
      let popup: Window | null = null;
      try {
        popup = window.open("about:blank", CHECKOUT_POPUP_NAME, centredPopupFeatures(window.screen));
      } catch {
        popup = null;
      }
      if (!popup) {
        toast.error(BILLING_TEXTS.popupBlocked);
        return;
      }
      popupRef.current = popup;
      showPlaceholder(popup, openingText);
      const target = targetOf(request);
      setState({ status: "opening", target });
      track({
        event: "subscription_action",
        action: "start_checkout",
        plan: request.kind === "plan" ? request.plan : "lifetime",
      });

      const watch = watchCheckoutPopup(popup, { target: window, origin: window.location.origin });
      watching.current = true;
      cancelWatch.current = () => {
        watching.current = false;
        watch.cancel();
      };

      try {
        const url =
          request.kind === "plan"
            ? await createCheckoutSession(request.plan, request.email, window.location)
            : await createUpgradeSession(window.location);
        if (current !== run.current) return;
        // Closed while the address was on its way: the watch reports it as cancelled.
        if (!popup.closed) {
          popup.location.href = url;
          setState({ status: "pending", target });
        }
      } catch (error) {
        if (current !== run.current) return;
        cancelWatch.current();
        if (!popup.closed) popup.close();
        popupRef.current = null;
        toast.error(
          request.kind === "plan"
            ? billingErrorMessage(error, BILLING_TEXTS.checkoutFallback)
            : billingErrorMessage(error, BILLING_TEXTS.upgradeFallback, BILLING_TEXTS.upgradeOpenFailed),
        );
        setState(IDLE);
        return;
      }

      const outcome = await watch.outcome;
      watching.current = false;
      if (current !== run.current) return;
      popupRef.current = null;
      if (outcome.kind === "closed") {
        // Closed by the person before paying (a payment ends on the callback page, which reports
        // it): they are told that nothing happened. The account is read again all the same, in case
        // a payment's message was lost, so that the page can never keep showing the wrong plan.
        toast.info(BILLING_TEXTS.checkoutCancelled);
        if (signedInRef.current) refreshAccount();
        setState(IDLE);
        return;
      }
      onMessage(outcome, request.kind === "plan" ? request.email : null);
    },
    [paymentsReady, onPaymentsNotReady, openingText, onMessage, refreshAccount],
  );

  /** Brings a popup that went behind the page back to the front. */
  const focusPopup = useCallback(() => {
    const popup = popupRef.current;
    if (popup && !popup.closed) popup.focus();
  }, []);

  const dismissGuestNotice = useCallback(() => setState(IDLE), []);

  return { state, start, focusPopup, dismissGuestNotice };
}
