import type Stripe from "stripe";
import { expandParam, parseForm } from "./form.js";
import {
  addInterval,
  base,
  changedAttributes,
  DEMO_PRICE_LIFETIME,
  DEMO_PRICE_MONTHLY,
  DEMO_PRODUCT_ID,
  EMULATOR_API_VERSION,
  type Emit,
  type EmulatorOptions,
  json,
  type Params,
  pauseInvoiceStatus,
  price,
  product,
  type Route,
  type Session,
  StripeEmulatorError,
  type StripeObject,
  type Subscription,
  strip,
  stripeId,
} from "./model.js";
import { EmulatedResources } from "./resources.js";

export {
  addInterval,
  DEMO_PRICE_LIFETIME,
  DEMO_PRICE_MONTHLY,
  DEMO_PRODUCT_ID,
  EMULATOR_API_VERSION,
  type EmulatorOptions,
  type EmulatorStore,
  StripeEmulatorError,
  type StripeObject,
  stripeId,
} from "./model.js";

/**
 * A small Stripe API emulator: the subset of the REST API the app uses, plus the actions a customer
 * takes on Stripe's hosted pages (pay, let a checkout expire, a renewal, a failed payment). Demo mode
 * runs it in-process behind the real SDK; tests serve it over HTTP (tests/peers/stripe-api.ts).
 * This file is the router, the hosted-page actions and the one-at-a-time plumbing; the objects
 * live in resources.ts, their shapes and builders in model.ts, parameter parsing in form.ts.
 */

export class StripeEmulator {
  readonly #resources: EmulatedResources;
  readonly #now: () => number;
  readonly #options: EmulatorOptions;
  readonly #routes: Route[];
  // Every operation is a read-modify-write on the store, so operations run one at a time.
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: EmulatorOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.#resources = new EmulatedResources(options.store, this.#now, options);
    this.#routes = [
      ["POST", /^\/v1\/customers$/, (p) => this.#exclusive((emit) => this.#resources.createCustomer(p, emit, false))],
      ["GET", /^\/v1\/customers\/([^/]+)$/, (_, id) => this.#resources.require(id, "customer")],
      ["POST", /^\/v1\/products$/, (p) => this.#exclusive(() => this.#resources.createProduct(p))],
      ["GET", /^\/v1\/products\/([^/]+)$/, (_, id) => this.#resources.require(id, "product")],
      ["POST", /^\/v1\/prices$/, (p) => this.#exclusive(() => this.#resources.createPrice(p))],
      ["GET", /^\/v1\/prices$/, (p) => this.#resources.listPrices(p)],
      ["GET", /^\/v1\/prices\/([^/]+)$/, (_, id) => this.#resources.require(id, "price")],
      ["POST", /^\/v1\/checkout\/sessions$/, (p) => this.#exclusive(() => this.#resources.createCheckoutSession(p))],
      ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (_, id) => this.#resources.require(id, "checkout.session")],
      [
        "POST",
        /^\/v1\/billing_portal\/sessions$/,
        (p) => this.#exclusive(() => this.#resources.createPortalSession(p)),
      ],
      ["GET", /^\/v1\/subscriptions$/, (p) => this.#resources.listSubscriptionsApi(p)],
      ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (_, id) => this.#resources.require(id, "subscription")],
      [
        "POST",
        /^\/v1\/subscriptions\/([^/]+)$/,
        (p, id) => this.#exclusive((emit) => this.#resources.update(id, p, emit)),
      ],
      [
        "DELETE",
        /^\/v1\/subscriptions\/([^/]+)$/,
        (_, id) => this.#exclusive((emit) => this.#resources.cancel(id, emit)),
      ],
      ["GET", /^\/v1\/invoices\/([^/]+)$/, (_, id) => this.#resources.require(id, "invoice")],
      ["GET", /^\/v1\/payment_intents\/([^/]+)$/, (_, id) => this.#resources.require(id, "payment_intent")],
    ];
  }

  // ---- HTTP -------------------------------------------------------------------------------------

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    try {
      const auth = request.headers.get("authorization") ?? "";
      if (!/^Bearer (sk|rk)_\S+$/.test(auth)) {
        throw new StripeEmulatorError(
          401,
          "You did not provide a valid API key. Provide your secret key in the Authorization header as 'Bearer sk_...'.",
        );
      }
      const body = method === "GET" || method === "HEAD" ? "" : await request.text();
      const params: Params = { ...parseForm(url.search.slice(1)), ...parseForm(body) };
      const expand = expandParam(params);
      for (const [routeMethod, pattern, handler] of this.#routes) {
        const match = routeMethod === method ? pattern.exec(url.pathname) : null;
        if (!match) continue;
        const result = await handler(params, decodeURIComponent(match[1] ?? ""));
        return json(200, await this.#resources.render(result, expand));
      }
      throw new StripeEmulatorError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
    } catch (error) {
      if (error instanceof StripeEmulatorError) {
        const { type, message, param, code } = error;
        return json(error.status, { error: { type, message, ...(param && { param }), ...(code && { code }) } });
      }
      return json(500, { error: { type: "api_error", message: `Emulator error: ${(error as Error).message}` } });
    }
  }

  // ---- Actions on the hosted pages --------------------------------------------------------------

  ensureDemoPrices(): Promise<{ monthly: string; lifetime: string }> {
    return this.#exclusive(async () => {
      const created = this.#now();
      if (!(await this.#resources.store.get(DEMO_PRODUCT_ID))) {
        await this.#resources.store.put(product(DEMO_PRODUCT_ID, created, { name: "FundMatch Premium" }));
      }
      const prices = [
        { id: DEMO_PRICE_MONTHLY, unit_amount: 999, recurring: { interval: "month" as const, interval_count: 1 } },
        { id: DEMO_PRICE_LIFETIME, unit_amount: 14900, recurring: null },
      ];
      for (const { id, unit_amount, recurring } of prices) {
        if (await this.#resources.store.get(id)) continue;
        await this.#resources.store.put(
          price(id, created, { product: DEMO_PRODUCT_ID, currency: "usd", unit_amount, recurring }),
        );
      }
      return { monthly: DEMO_PRICE_MONTHLY, lifetime: DEMO_PRICE_LIFETIME };
    });
  }

  completeCheckout(sessionId: string, details: { email?: string } = {}): Promise<Stripe.Checkout.Session> {
    return this.#exclusive(async (emit) => {
      const session = await this.#resources.require<Session>(sessionId, "checkout.session");
      if (session.status !== "open") {
        throw new StripeEmulatorError(
          400,
          `Checkout Session ${sessionId} is ${session.status}; only an open one can be paid.`,
        );
      }
      const now = this.#now();
      let customer = session.customer ? await this.#resources.require(session.customer, "customer") : undefined;
      if (!customer) {
        const email = session.customer_email ?? details.email?.trim();
        if (!email) {
          throw new StripeEmulatorError(400, "An e-mail address is needed to pay this Checkout Session.", "email");
        }
        customer = await this.#resources.createCustomer({ email }, emit, true);
      }
      if (session.mode === "subscription") {
        const subscription = await this.#resources.createSubscription(session, customer.id, now);
        session.subscription = subscription.id;
        session.invoice = subscription.latest_invoice;
        emit("customer.subscription.created", subscription);
      } else {
        const intent: StripeObject = {
          ...base(stripeId("pi_"), "payment_intent", now),
          amount: session.amount_total,
          amount_received: session.amount_total,
          currency: session.currency,
          customer: customer.id,
          description: null,
          metadata: session._payment_intent_metadata,
          payment_method_types: ["card"],
          status: "succeeded",
        };
        await this.#resources.store.put(intent);
        session.payment_intent = intent.id;
      }
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer: customer.id,
        url: null,
        customer_details: {
          email: (customer.email as string | null) ?? details.email ?? null,
          name: null,
          phone: null,
          address: null,
          tax_exempt: "none",
          tax_ids: [],
        },
      });
      await this.#resources.store.put(session);
      emit("checkout.session.completed", session);
      return strip(session) as unknown as Stripe.Checkout.Session;
    });
  }

  expireCheckout(sessionId: string): Promise<Stripe.Checkout.Session> {
    return this.#exclusive(async (emit) => {
      const session = await this.#resources.require<Session>(sessionId, "checkout.session");
      if (session.status !== "open") {
        throw new StripeEmulatorError(
          400,
          `Checkout Session ${sessionId} is ${session.status}; only an open one can expire.`,
        );
      }
      Object.assign(session, { status: "expired", url: null });
      await this.#resources.store.put(session);
      emit("checkout.session.expired", session);
      return strip(session) as unknown as Stripe.Checkout.Session;
    });
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Stripe.Subscription> {
    return this.#exclusive(
      async (emit) =>
        strip(
          await this.#resources.update(subscriptionId, { cancel_at_period_end: String(cancel) }, emit),
        ) as unknown as Stripe.Subscription,
    );
  }

  failPayment(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.#exclusive(async (emit) => {
      const subscription = await this.#resources.require<Subscription>(subscriptionId, "subscription");
      if (subscription.status === "canceled") {
        throw new StripeEmulatorError(400, `Subscription ${subscriptionId} is canceled; it has no payment to fail.`);
      }
      const before = structuredClone(subscription);
      const [item] = subscription.items.data;
      const invoice = await this.#resources.createInvoice(subscription, "subscription_cycle", "open", item);
      Object.assign(subscription, { status: "past_due", latest_invoice: invoice.id });
      await this.#resources.store.put(subscription);
      emit("invoice.payment_failed", invoice);
      emit("customer.subscription.updated", subscription, changedAttributes(before, subscription));
      return strip(subscription) as unknown as Stripe.Subscription;
    });
  }

  /**
   * The end of the current period: a subscription set to cancel at period end ends (customer.subscription.deleted);
   * otherwise the next period starts and is paid, or, while collection is paused, its invoice is voided, left as a
   * draft or marked uncollectible as pause_collection.behavior says.
   */
  renew(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.#exclusive(async (emit) => {
      const subscription = await this.#resources.require<Subscription>(subscriptionId, "subscription");
      if (subscription.status === "canceled") {
        throw new StripeEmulatorError(400, `Subscription ${subscriptionId} is canceled; it cannot renew.`);
      }
      const before = structuredClone(subscription);
      const periodEnd = subscription.items.data[0]?.current_period_end ?? this.#now();
      if (
        subscription.cancel_at_period_end ||
        (subscription.cancel_at != null && subscription.cancel_at <= periodEnd)
      ) {
        Object.assign(subscription, { status: "canceled", canceled_at: periodEnd, ended_at: periodEnd });
        await this.#resources.store.put(subscription);
        emit("customer.subscription.deleted", subscription);
        return strip(subscription) as unknown as Stripe.Subscription;
      }
      for (const item of subscription.items.data) {
        const { interval, interval_count } = item.price.recurring ?? { interval: "month", interval_count: 1 };
        let periods = 1;
        while (addInterval(subscription.billing_cycle_anchor, interval, periods * interval_count) <= periodEnd)
          periods++;
        item.current_period_start = periodEnd;
        item.current_period_end = addInterval(subscription.billing_cycle_anchor, interval, periods * interval_count);
      }
      const pause = subscription.pause_collection;
      if (pause?.resumes_at != null && pause.resumes_at <= periodEnd) subscription.pause_collection = null;
      const status = pauseInvoiceStatus(subscription.pause_collection?.behavior) ?? "paid";
      const invoice = await this.#resources.createInvoice(
        subscription,
        "subscription_cycle",
        status,
        subscription.items.data[0],
      );
      subscription.latest_invoice = invoice.id;
      if (status === "paid") subscription.status = "active";
      await this.#resources.store.put(subscription);
      if (status === "paid") emit("invoice.paid", invoice);
      emit("customer.subscription.updated", subscription, changedAttributes(before, subscription));
      return strip(subscription) as unknown as Stripe.Subscription;
    });
  }

  async getCheckoutSession(id: string): Promise<Stripe.Checkout.Session | undefined> {
    return this.#resources.find(id, "checkout.session") as Promise<Stripe.Checkout.Session | undefined>;
  }
  async getPortalSession(id: string): Promise<Stripe.BillingPortal.Session | undefined> {
    return this.#resources.find(id, "billing_portal.session") as Promise<Stripe.BillingPortal.Session | undefined>;
  }
  async getSubscription(id: string): Promise<Stripe.Subscription | undefined> {
    return this.#resources.find(id, "subscription") as Promise<Stripe.Subscription | undefined>;
  }
  async getCustomer(id: string): Promise<Stripe.Customer | undefined> {
    return this.#resources.find(id, "customer") as Promise<Stripe.Customer | undefined>;
  }
  /** Every subscription of the customer, canceled ones included, newest first. */
  async listSubscriptions(customerId: string): Promise<Stripe.Subscription[]> {
    const all = (await this.#resources.store.list("subscription")) as Subscription[];
    return all
      .filter((subscription) => subscription.customer === customerId)
      .reverse()
      .map((subscription) => strip(subscription) as unknown as Stripe.Subscription);
  }

  /** The customer's one-time payments that went through (the Lifetime purchase), newest first. */
  async listPayments(customerId: string): Promise<Stripe.PaymentIntent[]> {
    const all = await this.#resources.store.list("payment_intent");
    return all
      .filter((intent) => intent.customer === customerId && intent.status === "succeeded")
      .reverse()
      .map((intent) => strip(intent) as unknown as Stripe.PaymentIntent);
  }

  // ---- Plumbing ---------------------------------------------------------------------------------

  /**
   * Runs one operation at a time, then delivers the events it emitted, in order. Delivery happens
   * after the lock is released: a webhook handler may well call the API again.
   */
  async #exclusive<T>(operation: (emit: Emit) => Promise<T>): Promise<T> {
    const events: Stripe.Event[] = [];
    const emit: Emit = (type, object, previous) => events.push(this.#event(type, object, previous));
    const run = this.#tail.then(() => operation(emit));
    this.#tail = run.catch(() => {});
    const result = await run;
    for (const event of events) {
      try {
        await this.#options.onEvent?.(event);
      } catch (error) {
        (this.#options.onEventError ?? ((e, ev) => console.error(`Stripe emulator: ${ev.type} handler failed`, e)))(
          error,
          event,
        );
      }
    }
    return result;
  }

  #event(type: string, object: StripeObject, previous?: Record<string, unknown>): Stripe.Event {
    return {
      id: stripeId("evt_"),
      object: "event",
      api_version: EMULATOR_API_VERSION,
      created: this.#now(),
      type,
      data: { object: strip(object), ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    } as unknown as Stripe.Event;
  }
}
