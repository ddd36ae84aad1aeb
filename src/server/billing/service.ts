import type Stripe from "stripe";
import type { CheckoutRequest } from "../../shared/schemas/billing.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import type { Mailer } from "../mail/mailer.js";
import { SubscriptionAdmin } from "./admin-actions.js";
import { CheckoutStarter } from "./checkout.js";
import { StripeEvents } from "./events.js";
import type { BillingGateway } from "./gateway.js";

import type { BillingOptions, CheckoutOutcome } from "./stripe-state.js";

export type { BillingOptions, CheckoutOutcome } from "./stripe-state.js";

/**
 * Billing's one entry for routes and other domains. The work is in three parts: starting payments
 * (checkout.ts), applying what Stripe reports (events.ts) and admin actions (admin-actions.ts).
 */
export class BillingService {
  private readonly checkout: CheckoutStarter;
  private readonly events: StripeEvents;
  private readonly admin: SubscriptionAdmin;

  constructor(db: Db, gateway: BillingGateway, mailer: Mailer, options: BillingOptions) {
    this.checkout = new CheckoutStarter(db, gateway, options);
    this.events = new StripeEvents(db, gateway, mailer, options);
    this.admin = new SubscriptionAdmin(db, gateway, options);
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
}
