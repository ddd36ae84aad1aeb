import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import { GUEST_EMAIL_REQUIRED } from "../../shared/checkout-constants.js";
import { effectiveSubscriptionStatus } from "../../shared/entitlements.js";
import type { PlanId } from "../../shared/plans.js";
import type { CheckoutRequest } from "../../shared/schemas/billing.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { conflict, invalid, unauthenticated } from "../errors.js";
import * as users from "../users/repository.js";
import type { BillingGateway } from "./gateway.js";
import { type BillingOptions, withProvider } from "./stripe-state.js";

/**
 * Starting payments: a Checkout Session for a plan (a signed-in user's customer created once), the
 * customer portal, and the upgrade from monthly to Lifetime. Nothing here changes a subscription:
 * that happens when Stripe reports the payment (events.ts).
 */
export class CheckoutStarter {
  constructor(
    private readonly db: Db,
    private readonly gateway: BillingGateway,
    private readonly options: BillingOptions,
  ) {}

  async createCheckout(user: UserRow | null, body: CheckoutRequest, origin: string): Promise<string> {
    if (user) {
      const status = effectiveSubscriptionStatus(user);
      if (user.subscriptionType === "lifetime" && status === "active") throw conflict(BILLING_TEXTS.alreadyLifetime);
      if (body.plan === "lifetime" && status === "active" && user.subscriptionType === "monthly") {
        return this.upgradeToLifetime(user, origin);
      }
      if (status === "active" || status === "trialing") throw conflict(BILLING_TEXTS.alreadySubscribed);
    } else if (!body.email) {
      throw invalid(GUEST_EMAIL_REQUIRED);
    }
    return withProvider(this.options.logger, BILLING_TEXTS.checkoutFailed, async () => {
      const customer = user ? await this.customerFor(user) : undefined;
      return this.checkoutSession(body.plan, origin, {
        customer,
        email: user ? undefined : body.email,
        userId: user?.id,
      });
    });
  }

  /** Active monthly subscribers buy Lifetime; the monthly plan is cancelled once the payment lands. */
  async upgradeToLifetime(user: UserRow | null, origin: string): Promise<string> {
    if (!user) throw unauthenticated(BILLING_TEXTS.loginToUpgrade);
    if (effectiveSubscriptionStatus(user) !== "active" || user.subscriptionType !== "monthly") {
      throw invalid(BILLING_TEXTS.upgradeOnlyMonthly);
    }
    return withProvider(this.options.logger, BILLING_TEXTS.upgradeFailed, async () =>
      this.checkoutSession("lifetime", origin, {
        customer: await this.customerFor(user),
        userId: user.id,
        upgradeFrom: user.stripeSubscriptionId ?? undefined,
      }),
    );
  }

  async createPortal(user: UserRow | null, returnUrl: string, origin: string): Promise<string> {
    if (!user) throw unauthenticated(BILLING_TEXTS.loginToManage);
    if (!user.stripeCustomerId) throw invalid(BILLING_TEXTS.billingNotAvailable);
    if (!user.subscriptionStatus && !user.subscriptionType) throw invalid(BILLING_TEXTS.noSubscription);
    const customer = user.stripeCustomerId;
    return withProvider(this.options.logger, BILLING_TEXTS.portalFailed, async () => {
      const session = await this.gateway.stripe.billingPortal.sessions.create({
        customer,
        return_url: sameOriginUrl(returnUrl, origin) ?? `${origin}/subscribe`,
      });
      return session.url;
    });
  }

  private async checkoutSession(
    plan: PlanId,
    origin: string,
    who: { customer?: string; email?: string; userId?: number; upgradeFrom?: string },
  ): Promise<string> {
    const metadata: Record<string, string> = { plan };
    if (who.userId !== undefined) metadata.userId = String(who.userId);
    if (who.upgradeFrom) metadata.upgradeFrom = who.upgradeFrom;
    // The popup always comes back to the callback on this server's own origin: whatever URLs the
    // client sent, nothing here can send a paying customer to another host.
    const callback = `${origin}/_api/checkout-callback`;
    const session = await this.gateway.stripe.checkout.sessions.create({
      mode: plan === "monthly" ? "subscription" : "payment",
      line_items: [{ price: this.gateway.prices[plan], quantity: 1 }],
      ...(who.customer ? { customer: who.customer } : { customer_email: who.email }),
      ...(plan === "lifetime" && !who.customer && { customer_creation: "always" as const }),
      ...(who.userId !== undefined && { client_reference_id: String(who.userId) }),
      metadata,
      // A one-time payment gets an invoice of its own, as subscription payments do: Stripe's customer
      // portal lists invoices, so a Lifetime member finds their purchase (date, amount) there.
      ...(plan === "monthly"
        ? { subscription_data: { metadata } }
        : { payment_intent_data: { metadata }, invoice_creation: { enabled: true } }),
      success_url: `${callback}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${callback}?cancelled=1`,
    });
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
    return session.url;
  }

  /** The user's Stripe customer, created on first use; two racing requests end up with one. */
  private async customerFor(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await this.gateway.stripe.customers.create(
      { email: user.email, name: user.displayName, metadata: { userId: String(user.id) } },
      { idempotencyKey: `fundmatch-customer-${user.id}` },
    );
    const claimed = (await users.claimCustomerId(this.db, user.id, customer.id)) ?? customer.id;
    await this.options.userChanged(user.id);
    return claimed;
  }
}

/** A client-given URL on this app's own origin, else nothing: never a redirect to another host. */
function sameOriginUrl(candidate: string, origin: string): string | null {
  try {
    const url = new URL(candidate);
    // Compared as URLs: "http://localhost:80" and "http://localhost" are the same origin.
    return url.origin === new URL(origin).origin ? url.href : null;
  } catch {
    return null;
  }
}
