import type Stripe from "stripe";
import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { conflict, upstreamFailed } from "../errors.js";
import type { BillingGateway } from "./gateway.js";
import {
  applySubscriptionTo,
  type BillingOptions,
  nowInSeconds,
  ON_DEACTIVATION,
  periodEnd,
  RENEWAL_STOPPED_BY,
  withProvider,
} from "./stripe-state.js";

/** A monthly plan Stripe still runs: these can be stopped from renewing, or resumed. */
const RUNNING = new Set(["active", "trialing", "past_due", "unpaid"]);

export const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** What happened to the renewal; the message completes the caller's own (account or admin). */
export type RenewalOutcome = { changed: boolean; note: string | null };

const UNCHANGED: RenewalOutcome = { changed: false, note: null };

/**
 * Whether a monthly plan renews (docs/decisions/0012): the member resumes a plan they set to end,
 * a deactivation stops the renewal at the end of the paid period, and a reactivation resumes what
 * the deactivation stopped, never a cancellation the member chose. Every change goes to Stripe
 * first (the subscription there is the truth) and is then stored as its event would store it.
 */
export class RenewalControl {
  constructor(
    private readonly db: Db,
    private readonly gateway: BillingGateway,
    private readonly options: BillingOptions,
  ) {}

  /** The member's own 'Resume': a plan set to end at the period's end renews again. */
  async resumeByMember(user: UserRow): Promise<{ message: string }> {
    if (user.subscriptionType !== "monthly" || !user.stripeSubscriptionId) {
      throw conflict(BILLING_TEXTS.nothingToResume);
    }
    const subscription = await withProvider(this.options.logger, BILLING_TEXTS.resumeFailed, () =>
      this.gateway.stripe.subscriptions.retrieve(user.stripeSubscriptionId as string),
    );
    if (!RUNNING.has(subscription.status)) throw conflict(BILLING_TEXTS.subscriptionEnded);
    if (!endsInsteadOfRenewing(subscription)) {
      // Already renewing at Stripe (resumed in the portal meanwhile): store that and say so.
      await this.store(user, subscription);
      return { message: renewsMessage(subscription) };
    }
    const resumed = await withProvider(this.options.logger, BILLING_TEXTS.resumeFailed, () =>
      this.gateway.stripe.subscriptions.update(subscription.id, resumeParams(subscription)),
    );
    await this.store(user, resumed);
    return { message: renewsMessage(resumed) };
  }

  /**
   * Deactivation: the monthly plan stops renewing at the end of the paid period, so a disabled
   * account is never charged again. A plan the member already set to end is left as it is. If
   * Stripe cannot be reached, the deactivation does not happen (nothing changes).
   */
  async stopForDeactivation(user: UserRow): Promise<RenewalOutcome> {
    if (user.subscriptionType !== "monthly" || !user.stripeSubscriptionId) return UNCHANGED;
    const subscriptionId = user.stripeSubscriptionId;
    const subscription = await this.retrieveOrNull(subscriptionId, BILLING_TEXTS.stopForDeactivationFailed);
    if (!subscription || !RUNNING.has(subscription.status) || endsInsteadOfRenewing(subscription)) {
      return UNCHANGED;
    }
    const stopped = await withProvider(this.options.logger, BILLING_TEXTS.stopForDeactivationFailed, () =>
      this.gateway.stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: true,
        metadata: { [RENEWAL_STOPPED_BY]: ON_DEACTIVATION },
      }),
    );
    await this.store(user, stopped);
    const end = periodEnd(stopped);
    this.options.logger.info({ userId: user.id, subscriptionId }, "renewal stopped on deactivation");
    return {
      changed: true,
      note: end
        ? `The monthly subscription will not renew: it ends on ${longDate(end)}.`
        : "The monthly subscription will not renew.",
    };
  }

  /**
   * Reactivation: the renewal the deactivation stopped starts again, if the plan has not ended
   * meanwhile. If Stripe cannot be reached, the reactivation does not happen (nothing changes).
   */
  async resumeAfterReactivation(user: UserRow): Promise<RenewalOutcome> {
    if (user.subscriptionType !== "monthly" || !user.stripeSubscriptionId) return UNCHANGED;
    const subscriptionId = user.stripeSubscriptionId;
    const subscription = await this.retrieveOrNull(subscriptionId, BILLING_TEXTS.resumeAfterReactivationFailed);
    if (!subscription) return UNCHANGED;
    if (!RUNNING.has(subscription.status)) {
      const ended = user.subscriptionEndDate;
      return {
        changed: false,
        note: ended
          ? `Their subscription ended on ${longDate(ended)}; they can subscribe again.`
          : "Their subscription has ended; they can subscribe again.",
      };
    }
    if (!endsInsteadOfRenewing(subscription) || subscription.metadata?.[RENEWAL_STOPPED_BY] !== ON_DEACTIVATION) {
      return UNCHANGED;
    }
    const resumed = await withProvider(this.options.logger, BILLING_TEXTS.resumeAfterReactivationFailed, () =>
      this.gateway.stripe.subscriptions.update(subscriptionId, resumeParams(subscription)),
    );
    await this.store(user, resumed);
    this.options.logger.info({ userId: user.id, subscriptionId }, "renewal resumed on reactivation");
    const end = periodEnd(resumed);
    return {
      changed: true,
      note: end
        ? `Their monthly subscription renews again; the next charge is on ${longDate(end)}.`
        : "Their monthly subscription renews again.",
    };
  }

  private async retrieveOrNull(subscriptionId: string, fallback: string): Promise<Stripe.Subscription | null> {
    try {
      return await this.gateway.stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      // Gone at Stripe: nothing is left to renew or stop.
      if ((error as { code?: string }).code === "resource_missing") return null;
      this.options.logger.error({ err: error, subscriptionId }, fallback);
      throw upstreamFailed(fallback);
    }
  }

  private store(user: UserRow, subscription: Stripe.Subscription) {
    return this.db.transaction((tx) => applySubscriptionTo(tx, user, subscription, nowInSeconds()));
  }
}

/** Stripe ends such a subscription instead of renewing it: at the period's end, or on a set date. */
function endsInsteadOfRenewing(subscription: Stripe.Subscription): boolean {
  return subscription.cancel_at_period_end || subscription.cancel_at != null;
}

/**
 * Undoes either way of scheduling the end (Stripe refuses both parameters in one call), and drops
 * the app's own marker so that the next stop is judged afresh.
 */
function resumeParams(subscription: Stripe.Subscription): Stripe.SubscriptionUpdateParams {
  const marker = { metadata: { [RENEWAL_STOPPED_BY]: "" } };
  return subscription.cancel_at_period_end ? { cancel_at_period_end: false, ...marker } : { cancel_at: "", ...marker };
}

function renewsMessage(subscription: Stripe.Subscription): string {
  const end = periodEnd(subscription);
  return end
    ? `Your subscription will renew on ${longDate(end)}.`
    : "Your subscription will renew at the end of the current period.";
}
