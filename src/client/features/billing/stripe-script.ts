import { useCallback, useEffect, useState } from "react";

/**
 * Stripe's browser script (loaded from the provider's host, initialised with the
 * publishable key). Loaded once per page load, by the subscribe page only; with no key (demo
 * payments) nothing is loaded and nothing is required.
 */
export const STRIPE_SCRIPT_URL = "https://js.stripe.com/v3";

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => unknown;
  }
}

export type StripeScriptState = "not-needed" | "loading" | "ready" | "failed";

let loading: Promise<void> | undefined;
let stripe: unknown;

function injectScript(doc: Document): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = doc.querySelector<HTMLScriptElement>(`script[src="${STRIPE_SCRIPT_URL}"]`);
    const script = existing ?? doc.createElement("script");
    script.addEventListener("load", () => resolve(), { once: true });
    script.addEventListener(
      "error",
      () => {
        // Gone, so that a later attempt adds a fresh tag rather than waiting on this failed one.
        script.remove();
        reject(new Error("The Stripe script could not be loaded."));
      },
      { once: true },
    );
    if (!existing) {
      script.src = STRIPE_SCRIPT_URL;
      script.async = true;
      doc.head.append(script);
    }
  });
}

/** Loads the script (once) and initialises Stripe with the key; a failed load may be tried again. */
export function loadStripe(publishableKey: string): Promise<void> {
  if (stripe) return Promise.resolve();
  if (!loading) {
    const attempt = (window.Stripe ? Promise.resolve() : injectScript(document)).then(() => {
      if (!window.Stripe) throw new Error("The Stripe script loaded without defining Stripe.");
      stripe = window.Stripe(publishableKey);
    });
    loading = attempt.catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  }
  return loading;
}

/**
 * Whether the payment provider's script is there, as checkout and upgrade require.
 * `retry` loads it again after a failure (a click on a plan asks for it).
 */
export function useStripeScript(publishableKey: string | null): { state: StripeScriptState; retry: () => void } {
  const [state, setState] = useState<StripeScriptState>(() =>
    publishableKey ? (stripe ? "ready" : "loading") : "not-needed",
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!publishableKey) return;
    let current = true;
    if (attempt > 0) setState("loading");
    loadStripe(publishableKey).then(
      () => current && setState("ready"),
      (error: unknown) => {
        console.warn(error);
        if (current) setState("failed");
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}

/** Checkout and upgrade may start: the script is loaded, or none is needed. */
export function stripeScriptReady(state: StripeScriptState): boolean {
  return state === "ready" || state === "not-needed";
}
