import type { PlanId } from "../../../../shared/plans.js";
import { ApiError, apiPost } from "../../../lib/api-client.js";

/**
 * The three billing calls. The server builds the real return addresses itself
 * from the path and query of these (open redirects); the page sends its own origin's callback as
 * the success address and itself as the cancel address.
 */

import { CHECKOUT_CALLBACK_PATH } from "../../../../shared/checkout-form.js";

export { CHECKOUT_CALLBACK_PATH };

type Location = Pick<globalThis.Location, "origin" | "href">;

export function checkoutReturnUrls(location: Location): { successUrl: string; cancelUrl: string } {
  return { successUrl: `${location.origin}${CHECKOUT_CALLBACK_PATH}`, cancelUrl: location.href };
}

type UrlResponse = { url?: unknown };

/** The answer's `url`; an answer without one is a failure like any other. */
function urlOf(response: UrlResponse | null): string {
  const url = response?.url;
  if (typeof url !== "string" || !url) throw new Error("The server answered without a URL.");
  return url;
}

export async function createCheckoutSession(plan: PlanId, email: string | null, location: Location): Promise<string> {
  const body = { plan, ...checkoutReturnUrls(location), ...(email ? { email } : {}) };
  return urlOf(await apiPost<UrlResponse>("/_api/stripe/create-checkout-session", body));
}

export async function createPortalSession(location: Location): Promise<string> {
  return urlOf(await apiPost<UrlResponse>("/_api/stripe/customer-portal", { returnUrl: location.href }));
}

export async function createUpgradeSession(location: Location): Promise<string> {
  return urlOf(await apiPost<UrlResponse>("/_api/stripe/upgrade-to-lifetime", checkoutReturnUrls(location)));
}

/**
 * The server's error text, else the call's fallback ('Could not initiate
 * checkout...'); a failure that never reached an answer (network, no URL) gets `unexpected`, the
 * subscription manager's message, where there is one.
 */
export function billingErrorMessage(error: unknown, fallback: string, unexpected = fallback): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return unexpected;
}
