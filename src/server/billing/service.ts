import type { Logger } from "pino";
import type Stripe from "stripe";
import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import { GUEST_EMAIL_REQUIRED } from "../../shared/checkout-constants.js";
import { effectiveSubscriptionStatus, SUBSCRIPTION_STATUSES } from "../../shared/entitlements.js";
import { PLANS, type PlanId } from "../../shared/plans.js";
import type { CheckoutRequest } from "../../shared/schemas/billing.js";
import { issuePasswordToken, setPasswordLink } from "../auth/password-tokens.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { conflict, DomainError, invalid, notFound, unauthenticated, upstreamFailed } from "../errors.js";
import type { Mailer } from "../mail/mailer.js";
import { purchaseConfirmationEmail, setPasswordEmail } from "../mail/templates.js";
import * as users from "../users/repository.js";
import type { BillingGateway } from "./gateway.js";
import * as repository from "./repository.js";

/** What the checkout popup reports to its opener once a payment is applied. */
export type CheckoutOutcome = { plan: PlanId; guest: boolean; email: string | null; userId: number };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Stripe statuses kept as they are; the rest map to the nearest one the product knows. */
const KNOWN_STATUSES = new Set<string>(SUBSCRIPTION_STATUSES.filter((status) => status !== "none"));
/** A subscription in one of these is the customer's live one, even if another was stored before. */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due", "unpaid"]);

export function productStatus(status: Stripe.Subscription.Status): string {
  if (KNOWN_STATUSES.has(status)) return status;
  // incomplete: the first payment has not gone through; incomplete_expired: it never did.
  return status === "incomplete_expired" ? "canceled" : "none";
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe timestamps are whole seconds: local states are stamped the same way so that they compare. */
const nowInSeconds = () => new Date(Math.floor(Date.now() / 1000) * 1000);

/** The end of the paid period; in this API version it lives on the subscription's items. */
export function periodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter(Boolean);
  return ends.length > 0 ? fromUnix(Math.min(...ends)) : null;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

/** "jane.doe@example.com" becomes "Jane Doe": a display name the person can change later. */
export function displayNameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return (words.join(" ") || "FundMatch member").slice(0, 100);
}

const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export type BillingOptions = { publicOrigin: string | undefined; logger: Logger };

/**
 * Checkout, the customer portal, the lifetime upgrade, and keeping each user's subscription in step
 * with Stripe. The webhook, the popup's callback and the demo provider all apply payments through
 * applyCheckoutSession and applySubscription, so each path changes a user in exactly the same way.
 */
export class BillingService {
  constructor(
    private readonly db: Db,
    private readonly gateway: BillingGateway,
    private readonly mailer: Mailer,
    private readonly options: BillingOptions,
  ) {}

  // ---- Starting payments -------------------------------------------------------------------

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
    return this.withProvider(BILLING_TEXTS.checkoutFailed, async () => {
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
    return this.withProvider(BILLING_TEXTS.upgradeFailed, async () =>
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
    return this.withProvider(BILLING_TEXTS.portalFailed, async () => {
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
      ...(plan === "monthly" ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
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
    return (await users.claimCustomerId(this.db, user.id, customer.id)) ?? customer.id;
  }

  private async withProvider<T>(fallback: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      this.options.logger.error({ err: error }, fallback);
      throw upstreamFailed(fallback);
    }
  }

  // ---- Applying what Stripe reports ----------------------------------------------------------

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
      user ??= email ? await users.findUserByEmail(tx, email) : undefined;
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
      if (customerId && !user.stripeCustomerId) await users.claimCustomerId(tx, user.id, customerId);
      const previousSubscription =
        user.subscriptionType === "monthly" && LIVE_STATUSES.has(effectiveSubscriptionStatus(user) ?? "")
          ? user.stripeSubscriptionId
          : null;
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
          },
          new Date(),
        );
      } else if (subscription) {
        await this.applySubscriptionTo(tx, user, subscription, stateAt);
      }
      return { user, created, fresh, previousSubscription };
    });

    const outcome: CheckoutOutcome = { plan, guest: buyerId === undefined, email, userId: applied.user.id };
    if (!applied.fresh) return outcome;
    this.options.logger.info({ userId: applied.user.id, plan, session: session.id }, "checkout applied");
    const replaced = session.metadata?.upgradeFrom || applied.previousSubscription;
    // One plan per person: Lifetime replaces the monthly plan, and a second monthly plan (a guest
    // paying with the address of a subscribed account) replaces the first, never charging twice.
    if (replaced && replaced !== subscription?.id) await this.cancelReplacedSubscription(replaced);
    if (outcome.guest && email) await this.welcomeGuest(applied.user, applied.created, plan, session);
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

  private async welcomeGuest(user: UserRow, created: boolean, plan: PlanId, session: Stripe.Checkout.Session) {
    const origin = this.options.publicOrigin ?? linkOrigin(session);
    try {
      if (created || !user.passwordHash) {
        const token = await issuePasswordToken(this.db, user.id);
        await this.mailer.send(
          setPasswordEmail({ to: user.email, link: setPasswordLink(origin, token), planName: PLANS[plan].name }),
        );
      } else {
        await this.mailer.send(
          purchaseConfirmationEmail({ to: user.email, planName: PLANS[plan].name, loginUrl: `${origin}/login` }),
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
        await this.db.transaction(async (tx) => {
          if (!(await repository.markApplied(tx, event.id))) return;
          const user = await this.ownerOf(tx, subscription.customer, subscription.metadata);
          if (user) await this.applySubscriptionTo(tx, user, subscription, fromUnix(event.created) ?? nowInSeconds());
        });
        return;
      }
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        await this.db.transaction(async (tx) => {
          if (!(await repository.markApplied(tx, event.id)) || !subscriptionId || !invoice.customer) return;
          const user = await this.ownerOf(tx, invoice.customer, {});
          if (!user || user.stripeSubscriptionId !== subscriptionId || user.subscriptionType === "lifetime") return;
          await users.writeSubscriptionState(
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
        });
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

  /** Stores a subscription's state on its owner, unless it is stale or outranked by Lifetime. */
  private async applySubscriptionTo(tx: Tx, user: UserRow, subscription: Stripe.Subscription, stateAt: Date) {
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
      },
      stateAt,
    );
  }

  // ---- Admin actions --------------------------------------------------------------------------

  /** Pauses at the end of the paid period (spec section 9): collection stops, access ends then. */
  async pause(userId: number): Promise<string> {
    const user = await this.requireUser(userId);
    if (user.subscriptionType === "lifetime") throw conflict("Lifetime access has no subscription to pause.");
    const status = effectiveSubscriptionStatus(user);
    if (!user.stripeSubscriptionId || (status !== "active" && status !== "trialing")) {
      throw conflict("No active subscription to pause.");
    }
    if (user.subscriptionPauseAt) throw conflict("This subscription is already paused.");
    const subscriptionId = user.stripeSubscriptionId;
    const subscription = await this.withProvider("Failed to pause the subscription. Please try again.", () =>
      this.gateway.stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: "void" } }),
    );
    await this.db.transaction((tx) => this.applySubscriptionTo(tx, user, subscription, nowInSeconds()));
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
    const subscription = await this.withProvider("Failed to resume the subscription. Please try again.", () =>
      this.gateway.stripe.subscriptions.update(subscriptionId, { pause_collection: "" }),
    );
    await this.db.transaction((tx) => this.applySubscriptionTo(tx, user, subscription, nowInSeconds()));
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

function isPaid(session: Stripe.Checkout.Session): boolean {
  return (
    session.status === "complete" &&
    (session.payment_status === "paid" || session.payment_status === "no_payment_required")
  );
}

/** A client-given URL on this app's own origin, else nothing: never a redirect to another host. */
export function sameOriginUrl(candidate: string, origin: string): string | null {
  try {
    const url = new URL(candidate);
    // Compared as URLs: "http://localhost:80" and "http://localhost" are the same origin.
    return url.origin === new URL(origin).origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Without PUBLIC_ORIGIN, e-mailed links point where the checkout was started from. */
function linkOrigin(session: Stripe.Checkout.Session): string {
  try {
    return new URL(session.success_url ?? "").origin;
  } catch {
    return "http://localhost:3000";
  }
}
