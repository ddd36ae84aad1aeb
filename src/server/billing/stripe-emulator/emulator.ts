import { randomBytes } from "node:crypto";
import qs from "qs";
import type Stripe from "stripe";

/**
 * A small Stripe API emulator: the subset of the REST API the app uses, plus the actions a customer
 * takes on Stripe's hosted pages (pay, let a checkout expire, a renewal, a failed payment). Demo mode
 * runs it in-process behind the real SDK; tests serve it over HTTP (tests/peers/stripe-api.ts).
 */

export type StripeObject = { id: string; object: string } & Record<string, unknown>;

export interface EmulatorStore {
  get(id: string): Promise<StripeObject | undefined>;
  /** Insert or replace; the `type` column, where there is one, is `object.object`. */
  put(object: StripeObject): Promise<void>;
  /** Every object whose `object` field equals `type`, oldest first. */
  list(type: string): Promise<StripeObject[]>;
}

export type EmulatorOptions = {
  store: EmulatorStore;
  /** Unix seconds; default Math.floor(Date.now() / 1000). */
  now?: () => number;
  /** Awaited for each event in emission order, after the change is stored and before the call returns. */
  onEvent?: (event: Stripe.Event) => void | Promise<void>;
  /** A failing onEvent does not fail the API call (a webhook failing does not undo a payment); default console.error. */
  onEventError?: (error: unknown, event: Stripe.Event) => void;
  checkoutPageUrl?: (session: { id: string; success_url: string }) => string;
  portalPageUrl?: (portal: { id: string; return_url: string }) => string;
};

export const EMULATOR_API_VERSION = "2026-10-28.endive";
export const DEMO_PRODUCT_ID = "prod_demo_premium";
export const DEMO_PRICE_MONTHLY = "price_demo_monthly";
export const DEMO_PRICE_LIFETIME = "price_demo_lifetime";

/** A Stripe-shaped API error; the public actions throw it too (status 400 for a wrong state, 404 for an unknown id). */
export class StripeEmulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
    this.name = "StripeEmulatorError";
  }
}

type Params = Record<string, unknown>;
type Metadata = Record<string, string>;
type Interval = "day" | "week" | "month" | "year";
type Price = StripeObject & {
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  lookup_key: string | null;
  type: "one_time" | "recurring";
  recurring: ({ interval: Interval; interval_count: number } & Record<string, unknown>) | null;
};
type LineItem = { id: string; object: "item"; price: Price; quantity: number; amount_total: number; currency: string };
type Session = StripeObject & {
  status: "open" | "complete" | "expired";
  payment_status: string;
  mode: "payment" | "subscription";
  customer: string | null;
  customer_email: string | null;
  amount_total: number;
  currency: string;
  url: string | null;
  subscription: string | null;
  payment_intent: string | null;
  line_items: { object: "list"; data: LineItem[]; has_more: false; url: string };
  // Not part of Stripe's session object; kept for completion and stripped from every response.
  _subscription_metadata: Metadata;
  _payment_intent_metadata: Metadata;
};
type SubscriptionItem = {
  id: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
} & Record<string, unknown>;
type Subscription = StripeObject & {
  status: string;
  customer: string;
  currency: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  billing_cycle_anchor: number;
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  metadata: Metadata;
  latest_invoice: string | null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
};
type ListObject = { object: "list"; data: StripeObject[]; has_more: boolean; url: string };
type Route = [
  method: string,
  path: RegExp,
  handler: (params: Params, id: string) => Promise<StripeObject | ListObject>,
];

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DAY = 86_400;

export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let suffix = "";
  for (const byte of bytes) suffix += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}${suffix}`;
}

/** Stripe anchors billing periods on a day of the month and clamps it to shorter months (Jan 31 → Feb 28 → Mar 31). */
export function addInterval(anchor: number, interval: Interval, count: number): number {
  if (interval === "day" || interval === "week") return anchor + count * (interval === "day" ? DAY : 7 * DAY);
  const months = interval === "year" ? 12 * count : count;
  const start = new Date(anchor * 1000);
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export class StripeEmulator {
  readonly #store: EmulatorStore;
  readonly #now: () => number;
  readonly #options: EmulatorOptions;
  readonly #routes: Route[];
  // Every operation is a read-modify-write on the store, so operations run one at a time.
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: EmulatorOptions) {
    this.#options = options;
    this.#store = options.store;
    this.#now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.#routes = [
      ["POST", /^\/v1\/customers$/, (p) => this.#exclusive((emit) => this.#createCustomer(p, emit, false))],
      ["GET", /^\/v1\/customers\/([^/]+)$/, (_, id) => this.#require(id, "customer")],
      ["POST", /^\/v1\/products$/, (p) => this.#exclusive(() => this.#createProduct(p))],
      ["GET", /^\/v1\/products\/([^/]+)$/, (_, id) => this.#require(id, "product")],
      ["POST", /^\/v1\/prices$/, (p) => this.#exclusive(() => this.#createPrice(p))],
      ["GET", /^\/v1\/prices$/, (p) => this.#listPrices(p)],
      ["GET", /^\/v1\/prices\/([^/]+)$/, (_, id) => this.#require(id, "price")],
      ["POST", /^\/v1\/checkout\/sessions$/, (p) => this.#exclusive(() => this.#createCheckoutSession(p))],
      ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (_, id) => this.#require(id, "checkout.session")],
      ["POST", /^\/v1\/billing_portal\/sessions$/, (p) => this.#exclusive(() => this.#createPortalSession(p))],
      ["GET", /^\/v1\/subscriptions$/, (p) => this.#listSubscriptionsApi(p)],
      ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (_, id) => this.#require(id, "subscription")],
      ["POST", /^\/v1\/subscriptions\/([^/]+)$/, (p, id) => this.#exclusive((emit) => this.#update(id, p, emit))],
      ["DELETE", /^\/v1\/subscriptions\/([^/]+)$/, (_, id) => this.#exclusive((emit) => this.#cancel(id, emit))],
      ["GET", /^\/v1\/invoices\/([^/]+)$/, (_, id) => this.#require(id, "invoice")],
      ["GET", /^\/v1\/payment_intents\/([^/]+)$/, (_, id) => this.#require(id, "payment_intent")],
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
        return json(200, await this.#render(result, expand));
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
      if (!(await this.#store.get(DEMO_PRODUCT_ID))) {
        await this.#store.put(product(DEMO_PRODUCT_ID, created, { name: "FundMatch Premium" }));
      }
      const prices = [
        { id: DEMO_PRICE_MONTHLY, unit_amount: 999, recurring: { interval: "month" as const, interval_count: 1 } },
        { id: DEMO_PRICE_LIFETIME, unit_amount: 14900, recurring: null },
      ];
      for (const { id, unit_amount, recurring } of prices) {
        if (await this.#store.get(id)) continue;
        await this.#store.put(
          price(id, created, { product: DEMO_PRODUCT_ID, currency: "usd", unit_amount, recurring }),
        );
      }
      return { monthly: DEMO_PRICE_MONTHLY, lifetime: DEMO_PRICE_LIFETIME };
    });
  }

  completeCheckout(sessionId: string, details: { email?: string } = {}): Promise<Stripe.Checkout.Session> {
    return this.#exclusive(async (emit) => {
      const session = await this.#require<Session>(sessionId, "checkout.session");
      if (session.status !== "open") {
        throw new StripeEmulatorError(
          400,
          `Checkout Session ${sessionId} is ${session.status}; only an open one can be paid.`,
        );
      }
      const now = this.#now();
      let customer = session.customer ? await this.#require(session.customer, "customer") : undefined;
      if (!customer) {
        const email = session.customer_email ?? details.email?.trim();
        if (!email) {
          throw new StripeEmulatorError(400, "An e-mail address is needed to pay this Checkout Session.", "email");
        }
        customer = await this.#createCustomer({ email }, emit, true);
      }
      if (session.mode === "subscription") {
        const subscription = await this.#createSubscription(session, customer.id, now);
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
        await this.#store.put(intent);
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
      await this.#store.put(session);
      emit("checkout.session.completed", session);
      return strip(session) as unknown as Stripe.Checkout.Session;
    });
  }

  expireCheckout(sessionId: string): Promise<Stripe.Checkout.Session> {
    return this.#exclusive(async (emit) => {
      const session = await this.#require<Session>(sessionId, "checkout.session");
      if (session.status !== "open") {
        throw new StripeEmulatorError(
          400,
          `Checkout Session ${sessionId} is ${session.status}; only an open one can expire.`,
        );
      }
      Object.assign(session, { status: "expired", url: null });
      await this.#store.put(session);
      emit("checkout.session.expired", session);
      return strip(session) as unknown as Stripe.Checkout.Session;
    });
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Stripe.Subscription> {
    return this.#exclusive(
      async (emit) =>
        strip(
          await this.#update(subscriptionId, { cancel_at_period_end: String(cancel) }, emit),
        ) as unknown as Stripe.Subscription,
    );
  }

  failPayment(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.#exclusive(async (emit) => {
      const subscription = await this.#require<Subscription>(subscriptionId, "subscription");
      if (subscription.status === "canceled") {
        throw new StripeEmulatorError(400, `Subscription ${subscriptionId} is canceled; it has no payment to fail.`);
      }
      const before = structuredClone(subscription);
      const [item] = subscription.items.data;
      const invoice = await this.#createInvoice(subscription, "subscription_cycle", "open", item);
      Object.assign(subscription, { status: "past_due", latest_invoice: invoice.id });
      await this.#store.put(subscription);
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
      const subscription = await this.#require<Subscription>(subscriptionId, "subscription");
      if (subscription.status === "canceled") {
        throw new StripeEmulatorError(400, `Subscription ${subscriptionId} is canceled; it cannot renew.`);
      }
      const before = structuredClone(subscription);
      const periodEnd = subscription.items.data[0]?.current_period_end ?? this.#now();
      if (subscription.cancel_at_period_end) {
        Object.assign(subscription, { status: "canceled", canceled_at: periodEnd, ended_at: periodEnd });
        await this.#store.put(subscription);
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
      const invoice = await this.#createInvoice(subscription, "subscription_cycle", status, subscription.items.data[0]);
      subscription.latest_invoice = invoice.id;
      if (status === "paid") subscription.status = "active";
      await this.#store.put(subscription);
      if (status === "paid") emit("invoice.paid", invoice);
      emit("customer.subscription.updated", subscription, changedAttributes(before, subscription));
      return strip(subscription) as unknown as Stripe.Subscription;
    });
  }

  async getCheckoutSession(id: string): Promise<Stripe.Checkout.Session | undefined> {
    return this.#find(id, "checkout.session") as Promise<Stripe.Checkout.Session | undefined>;
  }
  async getPortalSession(id: string): Promise<Stripe.BillingPortal.Session | undefined> {
    return this.#find(id, "billing_portal.session") as Promise<Stripe.BillingPortal.Session | undefined>;
  }
  async getSubscription(id: string): Promise<Stripe.Subscription | undefined> {
    return this.#find(id, "subscription") as Promise<Stripe.Subscription | undefined>;
  }
  async getCustomer(id: string): Promise<Stripe.Customer | undefined> {
    return this.#find(id, "customer") as Promise<Stripe.Customer | undefined>;
  }
  /** Every subscription of the customer, canceled ones included, newest first. */
  async listSubscriptions(customerId: string): Promise<Stripe.Subscription[]> {
    const all = (await this.#store.list("subscription")) as Subscription[];
    return all
      .filter((subscription) => subscription.customer === customerId)
      .reverse()
      .map((subscription) => strip(subscription) as unknown as Stripe.Subscription);
  }

  // ---- Resources --------------------------------------------------------------------------------

  async #createCustomer(params: Params, emit: Emit, announce: boolean): Promise<StripeObject> {
    const customer: StripeObject = {
      ...base(stripeId("cus_", 14), "customer", this.#now()),
      email: optionalString(params, "email") ?? null,
      name: optionalString(params, "name") ?? null,
      description: optionalString(params, "description") ?? null,
      phone: null,
      balance: 0,
      currency: null,
      default_source: null,
      delinquent: false,
      invoice_prefix: stripeId("", 8).toUpperCase(),
      metadata: metadata(params, "metadata"),
    };
    await this.#store.put(customer);
    // Only a customer made on the hosted page is announced: the app made the others itself.
    if (announce) emit("customer.created", customer);
    return customer;
  }

  async #createProduct(params: Params): Promise<StripeObject> {
    const name = optionalString(params, "name");
    if (!name) throw missing("name");
    const created = product(stripeId("prod_", 14), this.#now(), {
      name,
      description: optionalString(params, "description"),
      metadata: metadata(params, "metadata"),
    });
    await this.#store.put(created);
    return created;
  }

  async #createPrice(params: Params): Promise<StripeObject> {
    const productId = optionalString(params, "product");
    if (!productId) throw missing("product");
    await this.#requireParam(productId, "product", "product");
    const currency = optionalString(params, "currency")?.toLowerCase();
    if (!currency) throw missing("currency");
    const unitAmount = optionalInteger(params, "unit_amount");
    if (unitAmount === undefined || unitAmount < 0) throw missing("unit_amount");
    let recurring: Price["recurring"] = null;
    if (params.recurring !== undefined && params.recurring !== "") {
      const interval = optionalString(asParams(params.recurring, "recurring"), "interval");
      if (!interval || !["day", "week", "month", "year"].includes(interval)) {
        throw new StripeEmulatorError(
          400,
          "Invalid recurring[interval]: must be one of day, week, month or year",
          "recurring[interval]",
        );
      }
      const count = optionalInteger(asParams(params.recurring, "recurring"), "interval_count") ?? 1;
      recurring = { interval: interval as Interval, interval_count: count };
    }
    const lookupKey = optionalString(params, "lookup_key");
    if (lookupKey) {
      const taken = ((await this.#store.list("price")) as Price[]).find((p) => p.lookup_key === lookupKey);
      if (taken && params.transfer_lookup_key !== "true") {
        throw new StripeEmulatorError(400, `A price (\`${taken.id}\`) already uses that lookup key.`, "lookup_key");
      }
      if (taken) await this.#store.put({ ...taken, lookup_key: null });
    }
    const created = price(stripeId("price_"), this.#now(), {
      product: productId,
      currency,
      unit_amount: unitAmount,
      recurring,
      nickname: optionalString(params, "nickname"),
      lookup_key: lookupKey,
      metadata: metadata(params, "metadata"),
    });
    await this.#store.put(created);
    return created;
  }

  async #listPrices(params: Params): Promise<ListObject> {
    const lookupKeys = params.lookup_keys === undefined ? undefined : stringArray(params.lookup_keys, "lookup_keys");
    const active = optionalBoolean(params, "active");
    const productId = optionalString(params, "product");
    const type = optionalString(params, "type");
    const prices = ((await this.#store.list("price")) as Price[]).filter(
      (p) =>
        (lookupKeys === undefined || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
        (active === undefined || p.active === active) &&
        (productId === undefined || p.product === productId) &&
        (type === undefined || p.type === type),
    );
    return list("/v1/prices", prices.reverse(), params);
  }

  async #createCheckoutSession(params: Params): Promise<StripeObject> {
    const mode = optionalString(params, "mode");
    if (!mode) throw missing("mode");
    if (mode !== "payment" && mode !== "subscription") {
      throw new StripeEmulatorError(400, `Invalid mode: must be payment or subscription (got ${mode}).`, "mode");
    }
    const successUrl = optionalString(params, "success_url");
    if (!successUrl) throw missing("success_url");
    if (!URL.canParse(successUrl)) throw new StripeEmulatorError(400, "Not a valid URL", "success_url");
    const cancelUrl = optionalString(params, "cancel_url");
    if (cancelUrl && !URL.canParse(cancelUrl)) throw new StripeEmulatorError(400, "Not a valid URL", "cancel_url");

    const customerId = optionalString(params, "customer");
    const customerEmail = optionalString(params, "customer_email");
    if (customerId && customerEmail) {
      throw new StripeEmulatorError(
        400,
        "You may only specify one of these parameters: customer, customer_email.",
        "customer_email",
      );
    }
    if (customerId) await this.#requireParam(customerId, "customer", "customer");
    const customerCreation = optionalString(params, "customer_creation");
    if (customerCreation && mode !== "payment") {
      throw new StripeEmulatorError(
        400,
        "`customer_creation` can only be used in `payment` mode.",
        "customer_creation",
      );
    }
    if (params.subscription_data !== undefined && mode !== "subscription") {
      throw new StripeEmulatorError(
        400,
        "You can only specify `subscription_data` in `subscription` mode.",
        "subscription_data",
      );
    }
    if (params.payment_intent_data !== undefined && mode !== "payment") {
      throw new StripeEmulatorError(
        400,
        "You can only specify `payment_intent_data` in `payment` mode.",
        "payment_intent_data",
      );
    }

    const rawItems = params.line_items;
    if (!Array.isArray(rawItems) || rawItems.length === 0) throw missing("line_items");
    const lineItems: LineItem[] = [];
    for (const [index, raw] of rawItems.entries()) {
      const itemParams = asParams(raw, `line_items[${index}]`);
      const priceId = optionalString(itemParams, "price");
      if (!priceId) throw missing(`line_items[${index}][price]`);
      const item = await this.#requireParam<Price>(priceId, "price", `line_items[${index}][price]`);
      if (!item.active)
        throw new StripeEmulatorError(400, `The price \`${priceId}\` is not active.`, `line_items[${index}][price]`);
      if (mode === "payment" && item.recurring) {
        throw new StripeEmulatorError(
          400,
          "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
          `line_items[${index}][price]`,
        );
      }
      if (mode === "subscription" && !item.recurring) {
        throw new StripeEmulatorError(
          400,
          "You specified `subscription` mode but passed a one-time price. Use `payment` mode or only recurring prices.",
          `line_items[${index}][price]`,
        );
      }
      if (lineItems[0] && lineItems[0].currency !== item.currency) {
        throw new StripeEmulatorError(400, "All prices must be in the same currency.", `line_items[${index}][price]`);
      }
      const quantity = optionalInteger(itemParams, "quantity") ?? 1;
      if (quantity < 1)
        throw new StripeEmulatorError(400, "Quantity must be at least 1.", `line_items[${index}][quantity]`);
      const amount = item.unit_amount * quantity;
      lineItems.push({
        id: stripeId("li_"),
        object: "item",
        price: item,
        quantity,
        amount_total: amount,
        currency: item.currency,
      });
    }

    const id = stripeId("cs_test_", 58);
    const now = this.#now();
    const amountTotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    const resolvedSuccessUrl = successUrl.replaceAll("{CHECKOUT_SESSION_ID}", id);
    const session: Session = {
      ...base(id, "checkout.session", now),
      mode,
      status: "open",
      payment_status: "unpaid",
      customer: customerId ?? null,
      customer_email: customerEmail ?? null,
      customer_creation: customerCreation ?? (mode === "payment" ? "if_required" : null),
      customer_details: null,
      client_reference_id: optionalString(params, "client_reference_id") ?? null,
      metadata: metadata(params, "metadata"),
      amount_subtotal: amountTotal,
      amount_total: amountTotal,
      currency: lineItems[0]?.currency ?? "usd",
      success_url: resolvedSuccessUrl,
      cancel_url: cancelUrl ?? null,
      url: (this.#options.checkoutPageUrl ?? defaultCheckoutPageUrl)({ id, success_url: resolvedSuccessUrl }),
      expires_at: now + DAY,
      subscription: null,
      payment_intent: null,
      invoice: null,
      payment_method_types: ["card"],
      ui_mode: "hosted",
      line_items: { object: "list", data: lineItems, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` },
      _subscription_metadata: metadata(asParams(params.subscription_data ?? {}, "subscription_data"), "metadata"),
      _payment_intent_metadata: metadata(asParams(params.payment_intent_data ?? {}, "payment_intent_data"), "metadata"),
    };
    await this.#store.put(session);
    return session;
  }

  async #createPortalSession(params: Params): Promise<StripeObject> {
    const customerId = optionalString(params, "customer");
    if (!customerId) throw missing("customer");
    await this.#requireParam(customerId, "customer", "customer");
    const returnUrl = optionalString(params, "return_url");
    if (!returnUrl) throw missing("return_url");
    if (!URL.canParse(returnUrl)) throw new StripeEmulatorError(400, "Not a valid URL", "return_url");
    const id = stripeId("bps_");
    const portal: StripeObject = {
      ...base(id, "billing_portal.session", this.#now()),
      configuration: "bpc_demo",
      customer: customerId,
      flow: null,
      locale: null,
      on_behalf_of: null,
      return_url: returnUrl,
      url: (this.#options.portalPageUrl ?? defaultPortalPageUrl)({ id, return_url: returnUrl }),
    };
    await this.#store.put(portal);
    return portal;
  }

  async #createSubscription(session: Session, customerId: string, now: number): Promise<Subscription> {
    const id = stripeId("sub_");
    const items: SubscriptionItem[] = session.line_items.data.map((line) => {
      const { interval, interval_count } = line.price.recurring ?? { interval: "month", interval_count: 1 };
      return {
        id: stripeId("si_", 14),
        object: "subscription_item",
        created: now,
        metadata: {},
        price: line.price,
        quantity: line.quantity,
        current_period_start: now,
        current_period_end: addInterval(now, interval, interval_count),
        subscription: id,
        discounts: [],
        tax_rates: [],
      };
    });
    const subscription: Subscription = {
      ...base(id, "subscription", now),
      customer: customerId,
      status: "active",
      currency: session.currency,
      billing_cycle_anchor: now,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      ended_at: null,
      start_date: now,
      pause_collection: null,
      metadata: session._subscription_metadata,
      latest_invoice: null,
      trial_start: null,
      trial_end: null,
      items: {
        object: "list",
        data: items,
        has_more: false,
        total_count: items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    const invoice = await this.#createInvoice(subscription, "subscription_create", "paid", items[0]);
    subscription.latest_invoice = invoice.id;
    await this.#store.put(subscription);
    return subscription;
  }

  async #createInvoice(
    subscription: Subscription,
    reason: string,
    status: "paid" | "open" | "void" | "draft" | "uncollectible",
    period: SubscriptionItem | undefined,
  ): Promise<StripeObject> {
    const amount = subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
    const paid = status === "paid";
    const invoice: StripeObject = {
      ...base(stripeId("in_"), "invoice", this.#now()),
      customer: subscription.customer,
      status,
      billing_reason: reason,
      collection_method: "charge_automatically",
      currency: subscription.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: status === "paid" || status === "open" ? 1 : 0,
      attempted: status === "paid" || status === "open",
      period_start: period?.current_period_start ?? null,
      period_end: period?.current_period_end ?? null,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: "list",
        has_more: false,
        url: "/v1/invoices/lines",
        data: subscription.items.data.map((item) => ({
          id: stripeId("il_"),
          object: "line_item",
          amount: item.price.unit_amount * item.quantity,
          currency: subscription.currency,
          quantity: item.quantity,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: { type: "price_details", price_details: { price: item.price.id, product: item.price.product } },
        })),
      },
      status_transitions: { paid_at: paid ? this.#now() : null },
    };
    await this.#store.put(invoice);
    return invoice;
  }

  async #listSubscriptionsApi(params: Params): Promise<ListObject> {
    const customer = optionalString(params, "customer");
    const status = optionalString(params, "status");
    const priceId = optionalString(params, "price");
    const subscriptions = ((await this.#store.list("subscription")) as Subscription[]).filter(
      (sub) =>
        (customer === undefined || sub.customer === customer) &&
        // Like Stripe: canceled subscriptions are listed only when asked for by status.
        (status === "all" || (status === undefined ? sub.status !== "canceled" : sub.status === status)) &&
        (priceId === undefined || sub.items.data.some((item) => item.price.id === priceId)),
    );
    return list("/v1/subscriptions", subscriptions.reverse(), params);
  }

  async #update(id: string, params: Params, emit: Emit): Promise<StripeObject> {
    const subscription = await this.#require<Subscription>(id, "subscription");
    const before = structuredClone(subscription);
    const canceled = subscription.status === "canceled";
    const cancelAtPeriodEnd = optionalBoolean(params, "cancel_at_period_end");
    if (cancelAtPeriodEnd !== undefined || params.pause_collection !== undefined) {
      if (canceled) {
        throw new StripeEmulatorError(
          400,
          "A canceled subscription can only update its cancellation_details and metadata.",
        );
      }
    }
    if (cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? (subscription.items.data[0]?.current_period_end ?? null) : null;
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        reason: cancelAtPeriodEnd ? "cancellation_requested" : null,
      };
    }
    if (params.pause_collection === "") {
      subscription.pause_collection = null;
    } else if (params.pause_collection !== undefined) {
      const pause = asParams(params.pause_collection, "pause_collection");
      const behavior = optionalString(pause, "behavior");
      if (!behavior || !pauseInvoiceStatus(behavior)) {
        throw new StripeEmulatorError(
          400,
          "Invalid pause_collection[behavior]: must be one of keep_as_draft, mark_uncollectible or void",
          "pause_collection[behavior]",
        );
      }
      subscription.pause_collection = { behavior, resumes_at: optionalInteger(pause, "resumes_at") ?? null };
    }
    if (params.metadata === "") subscription.metadata = {};
    else if (params.metadata !== undefined) {
      // Stripe merges metadata; an empty value deletes that key.
      for (const [key, value] of Object.entries(metadata(params, "metadata"))) {
        if (value === "") delete subscription.metadata[key];
        else subscription.metadata[key] = value;
      }
    }
    const changes = changedAttributes(before, subscription);
    if (Object.keys(changes).length > 0) {
      await this.#store.put(subscription);
      emit("customer.subscription.updated", subscription, changes);
    }
    return subscription;
  }

  async #cancel(id: string, emit: Emit): Promise<StripeObject> {
    const subscription = await this.#require<Subscription>(id, "subscription");
    if (subscription.status === "canceled") {
      throw new StripeEmulatorError(
        400,
        `The subscription ${id} has already been canceled.`,
        undefined,
        "subscription_canceled",
      );
    }
    const now = this.#now();
    Object.assign(subscription, {
      status: "canceled",
      canceled_at: now,
      ended_at: now,
      cancellation_details: { comment: null, feedback: null, reason: "cancellation_requested" },
    });
    await this.#store.put(subscription);
    emit("customer.subscription.deleted", subscription);
    return subscription;
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

  async #find(id: string, type: string): Promise<StripeObject | undefined> {
    const found = await this.#store.get(id);
    return found?.object === type ? strip(found) : undefined;
  }

  async #require<T extends StripeObject = StripeObject>(id: string, type: string): Promise<T> {
    const found = await this.#store.get(id);
    if (found?.object !== type)
      throw new StripeEmulatorError(404, `No such ${type}: '${id}'`, "id", "resource_missing");
    return found as T;
  }

  /** An unknown id inside the parameters is a 400 naming the parameter, as Stripe answers. */
  async #requireParam<T extends StripeObject = StripeObject>(id: string, type: string, param: string): Promise<T> {
    const found = await this.#store.get(id);
    if (found?.object !== type)
      throw new StripeEmulatorError(400, `No such ${type}: '${id}'`, param, "resource_missing");
    return found as T;
  }

  /** Removes internal fields, hides line_items unless asked for and replaces expanded ids by their objects. */
  async #render(value: StripeObject | ListObject, expand: string[]): Promise<Record<string, unknown>> {
    if (value.object === "list" && Array.isArray(value.data)) {
      const inner = expand.filter((path) => path.startsWith("data.")).map((path) => path.slice(5));
      return { ...value, data: await Promise.all(value.data.map((item) => this.#render(item as StripeObject, inner))) };
    }
    const out = strip(value as StripeObject, expand.includes("line_items"));
    const byField = new Map<string, string[]>();
    for (const path of expand) {
      const [field = "", ...rest] = path.split(".");
      byField.set(field, [...(byField.get(field) ?? []), ...(rest.length ? [rest.join(".")] : [])]);
    }
    for (const [field, rest] of byField) {
      const current = out[field];
      if (typeof current === "string") {
        const target = await this.#store.get(current);
        if (target) out[field] = await this.#render(target, rest);
      } else if (current && typeof current === "object" && rest.length > 0) {
        out[field] = await this.#render(current as StripeObject, rest);
      }
    }
    return out;
  }
}

type Emit = (type: string, object: StripeObject, previous?: Record<string, unknown>) => void;

function base(id: string, object: string, created: number) {
  return { id, object, created, livemode: false };
}

function product(
  id: string,
  created: number,
  fields: { name: string; description?: string | null; metadata?: Metadata },
) {
  return {
    ...base(id, "product", created),
    active: true,
    default_price: null,
    description: fields.description ?? null,
    images: [],
    metadata: fields.metadata ?? {},
    name: fields.name,
    updated: created,
  };
}

function price(
  id: string,
  created: number,
  fields: Pick<Price, "product" | "currency" | "unit_amount" | "recurring"> & {
    nickname?: string | null;
    lookup_key?: string | null;
    metadata?: Metadata;
  },
): Price {
  return {
    ...base(id, "price", created),
    active: true,
    billing_scheme: "per_unit",
    currency: fields.currency,
    lookup_key: fields.lookup_key ?? null,
    metadata: fields.metadata ?? {},
    nickname: fields.nickname ?? null,
    product: fields.product,
    recurring: fields.recurring && {
      ...fields.recurring,
      meter: null,
      trial_period_days: null,
      usage_type: "licensed",
    },
    tax_behavior: "unspecified",
    type: fields.recurring ? "recurring" : "one_time",
    unit_amount: fields.unit_amount,
    unit_amount_decimal: String(fields.unit_amount),
  };
}

function list(url: string, data: StripeObject[], params: Params): ListObject {
  const limit = Math.min(Math.max(optionalInteger(params, "limit") ?? 10, 1), 100);
  return { object: "list", data: data.slice(0, limit), has_more: data.length > limit, url };
}

function strip(object: StripeObject, keepLineItems = false): StripeObject {
  const copy = structuredClone(object);
  for (const key of Object.keys(copy)) {
    if (key.startsWith("_") || (key === "line_items" && !keepLineItems)) delete copy[key];
  }
  return copy;
}

/** previous_attributes: the old value of every top-level field that changed. */
function changedAttributes(before: StripeObject, after: StripeObject): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key] ?? null;
  }
  return changed;
}

function pauseInvoiceStatus(behavior: string | undefined): "void" | "draft" | "uncollectible" | undefined {
  return behavior === "void"
    ? "void"
    : behavior === "keep_as_draft"
      ? "draft"
      : behavior === "mark_uncollectible"
        ? "uncollectible"
        : undefined;
}

function defaultCheckoutPageUrl(session: { id: string; success_url: string }): string {
  return `${new URL(session.success_url).origin}/_api/billing/demo/checkout/${session.id}`;
}

function defaultPortalPageUrl(portal: { id: string; return_url: string }): string {
  return `${new URL(portal.return_url).origin}/_api/billing/demo/portal/${portal.id}`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json",
      "request-id": stripeId("req_", 14),
      "stripe-version": EMULATOR_API_VERSION,
    },
  });
}

// ---- Parameters (form-encoded, as the SDK sends them) -------------------------------------------

function parseForm(text: string): Params {
  return text ? (qs.parse(text, { depth: 10, arrayLimit: 100, parameterLimit: 2000 }) as Params) : {};
}

function missing(param: string): StripeEmulatorError {
  return new StripeEmulatorError(400, `Missing required param: ${param}.`, param, "parameter_missing");
}

function invalid(param: string, expected: string): StripeEmulatorError {
  return new StripeEmulatorError(400, `Invalid ${param}: expected ${expected}.`, param, "parameter_invalid");
}

function asParams(value: unknown, param: string): Params {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Params;
  throw invalid(param, "an object");
}

/** An empty string reads as unset, as Stripe treats it. */
function optionalString(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw invalid(key, "a string");
  return value;
}

function optionalInteger(params: Params, key: string): number | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(key, "an integer");
  return Number(value);
}

function optionalBoolean(params: Params, key: string): boolean | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(key, "a boolean");
  return value === "true";
}

function stringArray(value: unknown, param: string): string[] {
  const values = Array.isArray(value) ? value : typeof value === "string" ? [value] : undefined;
  if (!values?.every((item) => typeof item === "string")) throw invalid(param, "an array of strings");
  return values as string[];
}

function metadata(params: Params, key: string): Metadata {
  const value = params[key];
  if (value === undefined || value === "") return {};
  const object = asParams(value, key);
  const result: Metadata = {};
  for (const [name, entry] of Object.entries(object)) {
    if (typeof entry !== "string") throw invalid(`${key}[${name}]`, "a string");
    result[name] = entry;
  }
  return result;
}

function expandParam(params: Params): string[] {
  return params.expand === undefined ? [] : stringArray(params.expand, "expand");
}
