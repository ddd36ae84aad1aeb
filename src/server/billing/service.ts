import type Stripe from "stripe";
import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import type { CheckoutRequest } from "../../shared/schemas/billing.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { unauthenticated } from "../errors.js";
import type { Mailer } from "../mail/mailer.js";
import { SubscriptionAdmin } from "./admin-actions.js";
import { CheckoutStarter } from "./checkout.js";
import { StripeEvents } from "./events.js";
import type { BillingGateway } from "./gateway.js";
import { RenewalControl, type RenewalOutcome } from "./renewal.js";

import type { BillingOptions, CheckoutOutcome } from "./stripe-state.js";

export type { RenewalOutcome } from "./renewal.js";
export type { BillingOptions, CheckoutOutcome } from "./stripe-state.js";

/**
 * Billing's one entry for routes and other domains. The work is in three parts: starting payments
 * (checkout.ts), applying what Stripe reports (events.ts) and admin actions (admin-actions.ts).
 */
export class BillingService {
  private readonly checkout: CheckoutStarter;
  private readonly events: StripeEvents;
  private readonly admin: SubscriptionAdmin;
  private readonly renewal: RenewalControl;

  constructor(db: Db, gateway: BillingGateway, mailer: Mailer, options: BillingOptions) {
    this.checkout = new CheckoutStarter(db, gateway, options);
    this.events = new StripeEvents(db, gateway, mailer, options);
    this.admin = new SubscriptionAdmin(db, gateway, options);
    this.renewal = new RenewalControl(db, gateway, options);
  }

  createCheckout(user: UserRow | null, body: CheckoutRequest, origin: string): Promise<string> {
    return this.checkout.createCheckout(user, body, origin);
  }

  upgradeToLifetime(user: UserRow | null, origin: string): Promise<string> {
    return this.checkout.upgradeToLifetime(user, origin);
  }

  createPortal(user: UserRow | null, returnUrl: string, origin: string): Promise<string> {
    return this.checkout.createPortal(user, returnUrl, origin);
  }

  completeFromCallback(sessionId: string): Promise<CheckoutOutcome> {
    return this.events.completeFromCallback(sessionId);
  }

  applyCheckoutSession(session: Stripe.Checkout.Session): Promise<CheckoutOutcome> {
    return this.events.applyCheckoutSession(session);
  }

  handleEvent(event: Stripe.Event): Promise<void> {
    return this.events.handleEvent(event);
  }

  pause(userId: number): Promise<string> {
    return this.admin.pause(userId);
  }

  resume(userId: number): Promise<string> {
    return this.admin.resume(userId);
  }

  cancelBeforeDeletion(user: UserRow): Promise<void> {
    return this.admin.cancelBeforeDeletion(user);
  }

  /** The member resumes a plan they set to end at the period's end. */
  resumeByMember(user: UserRow | null): Promise<{ message: string }> {
    if (!user) throw unauthenticated(BILLING_TEXTS.loginToManage);
    return this.renewal.resumeByMember(user);
  }

  /** Before an account is deactivated: its monthly plan stops renewing (ADR 0012). */
  stopRenewalForDeactivation(user: UserRow): Promise<RenewalOutcome> {
    return this.renewal.stopForDeactivation(user);
  }

  /** Before an account is reactivated: what the deactivation stopped renews again (ADR 0012). */
  resumeRenewalAfterReactivation(user: UserRow): Promise<RenewalOutcome> {
    return this.renewal.resumeAfterReactivation(user);
  }
}
