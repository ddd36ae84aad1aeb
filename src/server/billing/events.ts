import type Stripe from "stripe";
import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import { PLANS, type PlanId } from "../../shared/plans.js";
import { graphemePrefix } from "../../shared/text-cut.js";
import { revokeUnprovenAccess } from "../auth/ownership.js";
import { issuePasswordToken, setPasswordLink } from "../auth/password-tokens.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { invalid } from "../errors.js";
import type { Mailer } from "../mail/mailer.js";
import { purchaseConfirmationEmail, setPasswordEmail } from "../mail/templates.js";
import * as users from "../users/repository.js";
import type { BillingGateway } from "./gateway.js";
import * as repository from "./repository.js";
import {
  applySubscriptionTo,
  type BillingOptions,
  type CheckoutOutcome,
  fromUnix,
  hasLiveMonthlyPlan,
  idOf,
  isPaid,
  nowInSeconds,
  type Tx,
} from "./stripe-state.js";

/**
 * Applying what Stripe reports: the webhook's events, the checkout popup's callback and the demo
 * provider's events all come through here, so each path changes a user in exactly the same way,
 * once (billing_applied), with the newest state winning over late older events.
 */
export class StripeEvents {
  constructor(
    private readonly db: Db,
    private readonly gateway: BillingGateway,
    private readonly mailer: Mailer,
    private readonly options: BillingOptions,
  ) {}

  /** The popup's landing: verify the session with Stripe, then apply it like the webhook does. */
  async completeFromCallback(sessionId: string): Promise<CheckoutOutcome> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.gateway.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      this.options.logger.warn({ err: error, sessionId }, "checkout callback: session not retrievable");
      throw invalid(BILLING_TEXTS.checkoutUnknown);
    }
    if (!isPaid(session)) throw invalid(BILLING_TEXTS.checkoutNotPaid);
    return this.applyCheckoutSession(session);
  }

  /**
   * Gives the buyer what they paid for. Idempotent per Checkout Session: the callback and the
   * webhook may both arrive, in either order, even at once.
   */
  async applyCheckoutSession(session: Stripe.Checkout.Session): Promise<CheckoutOutcome> {
    const plan: PlanId =
      session.metadata?.plan === "monthly" || session.mode === "subscription" ? "monthly" : "lifetime";
    const customerId = idOf(session.customer) ?? null;
    const email = session.customer_details?.email ?? session.customer_email ?? null;
    const metaUserId = Number(session.metadata?.userId);
    const buyerId = Number.isInteger(metaUserId) && metaUserId > 0 ? metaUserId : undefined;
    // Reads from Stripe happen before the transaction: it must not stay open across the network.
    const subscriptionId = idOf(session.subscription);
    const subscription =
      plan === "monthly" && subscriptionId ? await this.gateway.stripe.subscriptions.retrieve(subscriptionId) : null;
    const stateAt = nowInSeconds();

    const applied = await this.db.transaction(async (tx) => {
      const fresh = await repository.markApplied(tx, `checkout:${session.id}`);
      let user = buyerId === undefined ? undefined : await users.findUserById(tx, buyerId);
      user ??= customerId ? await users.findUserByCustomerId(tx, customerId) : undefined;
      const byEmail = !user && email ? await users.findUserByEmail(tx, email) : undefined;
      user ??= byEmail;
      let created = false;
      if (!user) {
        if (!email) throw new Error(`Checkout Session ${session.id} has neither a known customer nor an e-mail`);
        user = await users.insertUser(tx, {
          email,
          displayName: displayNameFromEmail(email),
          passwordHash: null,
        });
        // A registration with this address won the race: the transaction rolls back and is retried.
        if (!user) throw new Error(`An account for ${email} appeared during checkout ${session.id}`);
        created = true;
      }
      if (!fresh) return { user, created, fresh, previousSubscription: null };
      // A guest paid for an address whose account nobody has proven to own: whoever registered it
      // or took it through the demo sign-in may not be the payer. Every way in that did not prove
      // the address ends (sessions, demo bindings, its password), and the payer gets the
      // set-password link: only the owner of the inbox enjoys the payment (docs/security.md).
      if (byEmail && !byEmail.emailVerifiedAt) {
        await revokeUnprovenAccess(tx, user.id);
        user = (await users.updateUser(tx, user.id, { passwordHash: null })) ?? { ...user, passwordHash: null };
      }
      if (customerId && !user.stripeCustomerId) await users.claimCustomerId(tx, user.id, customerId);
      const previousSubscription = hasLiveMonthlyPlan(user) ? user.stripeSubscriptionId : null;
      if (plan === "lifetime") {
        // Lifetime is permanent: it overrides whatever subscription state is stored.
        await users.writeSubscriptionState(
          tx,
          user.id,
          {
            stripeSubscriptionId: null,
            subscriptionStatus: "active",
            subscriptionType: "lifetime",
            subscriptionEndDate: null,
            subscriptionPauseAt: null,
            subscriptionCancelAtPeriodEnd: false,
            subscriptionStoppedOnDeactivation: false,
          },
          new Date(),
        );
      } else if (subscription) {
        await applySubscriptionTo(tx, user, subscription, stateAt);
      }
      return { user, created, fresh, previousSubscription };
    });

    const outcome: CheckoutOutcome = { plan, guest: buyerId === undefined, email, userId: applied.user.id };
    if (!applied.fresh) return outcome;
    await this.options.userChanged(applied.user.id);
    this.options.logger.info({ userId: applied.user.id, plan, session: session.id }, "checkout applied");
    const replaced = session.metadata?.upgradeFrom || applied.previousSubscription;
    // One plan per person: Lifetime replaces the monthly plan, and a second monthly plan (a guest
    // paying with the address of a subscribed account) replaces the first, never charging twice.
    if (replaced && replaced !== subscription?.id) await this.cancelReplacedSubscription(replaced);
    if (outcome.guest && email) await this.welcomeGuest(applied.user, applied.created, plan);
    return outcome;
  }

  /** Stops a replaced monthly plan at once, crediting its unused days to the customer (proration). */
  private async cancelReplacedSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.gateway.stripe.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true });
    } catch (error) {
      // The lifetime access is already granted; a failure here only means the old plan must be
      // cancelled by hand in the Stripe dashboard, so it is logged loudly rather than undone.
      this.options.logger.error({ err: error, subscriptionId }, "could not cancel a replaced monthly plan");
    }
  }

  private async welcomeGuest(user: UserRow, created: boolean, plan: PlanId) {
    const origin = this.options.publicOrigin;
    try {
      if (created || !user.passwordHash) {
        const token = await issuePasswordToken(this.db, user.id);
        await this.mailer.send(
          await setPasswordEmail({
            to: user.email,
            link: setPasswordLink(origin, token),
            planName: PLANS[plan].name,
            existingAccount: !created,
          }),
        );
      } else {
        await this.mailer.send(
          await purchaseConfirmationEmail({ to: user.email, planName: PLANS[plan].name, loginUrl: `${origin}/login` }),
        );
      }
    } catch (error) {
      // The payment is applied either way; the person can still reset access through support.
      this.options.logger.error({ err: error, userId: user.id }, "could not send the post-checkout e-mail");
    }
  }

  /** Webhook events: each applied once; anything not listed is acknowledged and ignored. */
  async handleEvent(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        if (isPaid(event.data.object)) await this.applyCheckoutSession(event.data.object);
        await repository.markApplied(this.db, event.id);
        return;
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const subscription = event.data.object;
        const changed = await this.db.transaction(async (tx) => {
          if (!(await repository.markApplied(tx, event.id))) return undefined;
          const user = await this.ownerOf(tx, subscription.customer, subscription.metadata);
          if (!user) return undefined;
          return (await applySubscriptionTo(tx, user, subscription, fromUnix(event.created) ?? nowInSeconds()))
            ? user.id
            : undefined;
        });
        if (changed !== undefined) await this.options.userChanged(changed);
        return;
      }
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        const changed = await this.db.transaction(async (tx) => {
          if (!(await repository.markApplied(tx, event.id)) || !subscriptionId || !invoice.customer) return undefined;
          const user = await this.ownerOf(tx, invoice.customer, {});
          if (!user || user.stripeSubscriptionId !== subscriptionId || user.subscriptionType === "lifetime") {
            return undefined;
          }
          const written = await users.writeSubscriptionState(
            tx,
            user.id,
            {
              stripeSubscriptionId: subscriptionId,
              subscriptionStatus: "past_due",
              subscriptionType: user.subscriptionType,
              subscriptionEndDate: user.subscriptionEndDate,
            },
            fromUnix(event.created) ?? nowInSeconds(),
          );
          return written ? user.id : undefined;
        });
        if (changed !== undefined) await this.options.userChanged(changed);
        return;
      }
      default:
        this.options.logger.debug({ type: event.type }, "stripe event ignored");
    }
  }

  private async ownerOf(
    tx: Tx,
    customer: string | { id: string } | null,
    metadata: Stripe.Metadata | null,
  ): Promise<UserRow | undefined> {
    const customerId = idOf(customer);
    const byCustomer = customerId ? await users.findUserByCustomerId(tx, customerId) : undefined;
    if (byCustomer) return byCustomer;
    const userId = Number(metadata?.userId);
    return Number.isInteger(userId) && userId > 0 ? users.findUserById(tx, userId) : undefined;
  }
}

/** "jane.doe@example.com" becomes "Jane Doe": a display name the person can change later. */
function displayNameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return graphemePrefix(words.join(" ") || "FundMatch member", 100);
}
