import { effectiveSubscriptionStatus } from "../../shared/entitlements.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { conflict, notFound, upstreamFailed } from "../errors.js";
import * as users from "../users/repository.js";
import type { BillingGateway } from "./gateway.js";
import { applySubscriptionTo, type BillingOptions, nowInSeconds, periodEnd, withProvider } from "./stripe-state.js";

const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * What an admin (or an account's deletion) does to a subscription: pause at the end of the paid
 * period, resume, and cancel before the account goes.
 */
export class SubscriptionAdmin {
  constructor(
    private readonly db: Db,
    private readonly gateway: BillingGateway,
    private readonly options: BillingOptions,
  ) {}

  /** Pauses at the end of the paid period: collection stops, access ends then. */
  async pause(userId: number): Promise<string> {
    const user = await this.requireUser(userId);
    if (user.subscriptionType === "lifetime") throw conflict("Lifetime access has no subscription to pause.");
    const status = effectiveSubscriptionStatus(user);
    if (!user.stripeSubscriptionId || (status !== "active" && status !== "trialing")) {
      throw conflict("No active subscription to pause.");
    }
    if (user.subscriptionPauseAt) throw conflict("This subscription is already paused.");
    const subscriptionId = user.stripeSubscriptionId;
    const subscription = await withProvider(
      this.options.logger,
      "Failed to pause the subscription. Please try again.",
      () => this.gateway.stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: "void" } }),
    );
    await this.db.transaction((tx) => applySubscriptionTo(tx, user, subscription, nowInSeconds()));
    await this.options.userChanged(user.id);
    const from = periodEnd(subscription);
    return from
      ? `Subscription paused. ${user.displayName} keeps premium access until ${longDate(from)}, the end of the current billing period.`
      : "Subscription paused at the end of the current billing period.";
  }

  async resume(userId: number): Promise<string> {
    const user = await this.requireUser(userId);
    if (!user.stripeSubscriptionId) throw conflict("No subscription to resume.");
    if (user.subscriptionStatus === "canceled") {
      throw conflict("This subscription has ended and cannot be resumed; the user can subscribe again.");
    }
    if (!user.subscriptionPauseAt) throw conflict("Only a paused subscription can be resumed.");
    const subscriptionId = user.stripeSubscriptionId;
    const subscription = await withProvider(
      this.options.logger,
      "Failed to resume the subscription. Please try again.",
      () => this.gateway.stripe.subscriptions.update(subscriptionId, { pause_collection: "" }),
    );
    await this.db.transaction((tx) => applySubscriptionTo(tx, user, subscription, nowInSeconds()));
    await this.options.userChanged(user.id);
    return "Subscription resumed. The user will be charged on the next billing date.";
  }

  /**
   * Before an account is deleted: its monthly plan is cancelled at once, or the person would go on
   * paying for an account that no longer exists. A failure stops the deletion (nothing changes).
   */
  async cancelBeforeDeletion(user: UserRow): Promise<void> {
    if (!user.stripeSubscriptionId || user.subscriptionStatus === "canceled") return;
    try {
      await this.gateway.stripe.subscriptions.cancel(user.stripeSubscriptionId);
    } catch (error) {
      // Already gone at Stripe: nothing left to stop.
      if ((error as { code?: string }).code === "resource_missing") return;
      this.options.logger.error({ err: error, userId: user.id }, "could not cancel a subscription before deletion");
      throw upstreamFailed(
        "The subscription could not be cancelled at the payment provider, so nothing was deleted. Please try again.",
      );
    }
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await users.findUserById(this.db, userId);
    if (!user) throw notFound("User not found.");
    return user;
  }
}
