import type { Logger } from "pino";
import type Stripe from "stripe";
import { effectiveSubscriptionStatus, SUBSCRIPTION_STATUSES } from "../../shared/entitlements.js";
import type { PlanId } from "../../shared/plans.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { DomainError, isDatabaseUnavailable, upstreamFailed } from "../errors.js";
import * as users from "../users/repository.js";

/**
 * What the three parts of billing (starting payments, applying Stripe's reports, admin actions)
 * share: reading Stripe's objects, and writing a subscription's state onto its owner.
 */

/** What the checkout popup reports to its opener once a payment is applied. */
export type CheckoutOutcome = { plan: PlanId; guest: boolean; email: string | null; userId: number };

export type BillingOptions = {
  /** Where e-mailed links point: the configured origin (config.APP_ORIGIN), never a request's. */
  publicOrigin: string;
  logger: Logger;
  /** After a committed write to a user's subscription or customer: drops their cached sessions. */
  userChanged: (userId: number) => Promise<void>;
};

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Stripe statuses kept as they are; the rest map to the nearest one the product knows. */
const KNOWN_STATUSES = new Set<string>(SUBSCRIPTION_STATUSES.filter((status) => status !== "none"));
/** A subscription in one of these is the customer's live one, even if another was stored before. */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due", "unpaid"]);

function productStatus(status: Stripe.Subscription.Status): string {
  if (KNOWN_STATUSES.has(status)) return status;
  // incomplete: the first payment has not gone through; incomplete_expired: it never did.
  return status === "incomplete_expired" ? "canceled" : "none";
}

/** Whether the user's monthly plan is one Stripe is still charging for (or about to). */
export function hasLiveMonthlyPlan(user: UserRow): boolean {
  return user.subscriptionType === "monthly" && LIVE_STATUSES.has(effectiveSubscriptionStatus(user) ?? "");
}

export const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe timestamps are whole seconds: local states are stamped the same way so that they compare. */
export const nowInSeconds = () => new Date(Math.floor(Date.now() / 1000) * 1000);

/** The end of the paid period; in this API version it lives on the subscription's items. */
export function periodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter(Boolean);
  return ends.length > 0 ? fromUnix(Math.min(...ends)) : null;
}

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : value?.id;

export function isPaid(session: Stripe.Checkout.Session): boolean {
  return (
    session.status === "complete" &&
    (session.payment_status === "paid" || session.payment_status === "no_payment_required")
  );
}

/**
 * Runs a call to the payment provider: the product's own errors pass through, anything else is
 * logged and becomes an upstream failure with the given message for the person.
 */
export async function withProvider<T>(logger: Logger, fallback: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The product's own errors, and a database that is down (503), are not the provider's fault.
    if (error instanceof DomainError || isDatabaseUnavailable(error)) throw error;
    logger.error({ err: error }, fallback);
    throw upstreamFailed(fallback);
  }
}

/** Stores a subscription's state on its owner, unless it is stale or outranked by Lifetime. */
export async function applySubscriptionTo(
  tx: Tx,
  user: UserRow,
  subscription: Stripe.Subscription,
  stateAt: Date,
): Promise<boolean> {
  if (user.subscriptionType === "lifetime") return false;
  const status = productStatus(subscription.status);
  // Late news about a subscription the customer has since replaced changes nothing.
  if (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id && !LIVE_STATUSES.has(status)) {
    return false;
  }
  const end = periodEnd(subscription);
  const endDate =
    status === "canceled" ? (fromUnix(subscription.ended_at) ?? end) : (fromUnix(subscription.cancel_at) ?? end);
  const samePause = user.stripeSubscriptionId === subscription.id ? user.subscriptionPauseAt : null;
  // Set to end rather than renew: the portal's 'Cancel at period end', or a cancellation date.
  const ending = status !== "canceled" && (subscription.cancel_at_period_end || subscription.cancel_at != null);
  const pauseAt = subscription.pause_collection && status !== "canceled" ? (samePause ?? end ?? stateAt) : null;
  return users.writeSubscriptionState(
    tx,
    user.id,
    {
      stripeCustomerId: idOf(subscription.customer) ?? user.stripeCustomerId ?? undefined,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: status,
      subscriptionType: "monthly",
      subscriptionEndDate: endDate,
      subscriptionPauseAt: pauseAt,
      subscriptionCancelAtPeriodEnd: ending,
      subscriptionStoppedOnDeactivation: ending && subscription.metadata?.[RENEWAL_STOPPED_BY] === ON_DEACTIVATION,
    },
    stateAt,
  );
}

/**
 * The subscription metadata key the app sets when it stops a renewal itself (deactivation), so
 * that reactivation resumes only what the app stopped, never a cancellation the customer chose.
 */
export const RENEWAL_STOPPED_BY = "fundmatch_renewal_stopped_by";
export const ON_DEACTIVATION = "deactivation";
