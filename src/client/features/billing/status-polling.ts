import { hasActiveSubscription } from "./subscription-display.js";

/**
 * After a payment the subscribe page asks for the subscription status once
 * a second, up to 15 times, until it is active or trialing; when the attempts run out, or the last
 * attempt fails, the page reloads.
 */
export const STATUS_POLL_ATTEMPTS = 15;
export const STATUS_POLL_INTERVAL_MS = 1000;

export type PollResult = { ok: true; subscriptionStatus: string | null | undefined } | { ok: false };

export type PollDecision = "done" | "continue" | "reload";

/** What to do after attempt number `attempt` (1-based) answered `result`. */
export function pollDecision(attempt: number, result: PollResult, maxAttempts = STATUS_POLL_ATTEMPTS): PollDecision {
  if (result.ok && hasActiveSubscription(result.subscriptionStatus)) return "done";
  return attempt >= maxAttempts ? "reload" : "continue";
}
