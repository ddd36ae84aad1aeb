import { asParams, metadata, missing, optionalBoolean, optionalInteger, optionalString, stringArray } from "./form.js";
import {
  addInterval,
  base,
  changedAttributes,
  DAY,
  defaultCheckoutPageUrl,
  defaultPortalPageUrl,
  type Emit,
  type EmulatorOptions,
  type EmulatorStore,
  type Interval,
  type LineItem,
  type ListObject,
  type Params,
  type Price,
  pauseInvoiceStatus,
  price,
  product,
  type Session,
  StripeEmulatorError,
  type StripeObject,
  type Subscription,
  type SubscriptionItem,
  strip,
  stripeId,
} from "./model.js";
/**
 * The emulated account's resources: customers, products, prices, Checkout Sessions, portal
 * sessions, subscriptions and invoices, created, changed and looked up as Stripe's API does. The
 * emulator (emulator.ts) routes requests here, one operation at a time, and delivers the events.
 */
export class EmulatedResources {
  constructor(
    readonly store: EmulatorStore,
    readonly now: () => number,
    private readonly options: EmulatorOptions,
  ) {}

  async createCustomer(params: Params, emit: Emit, announce: boolean): Promise<StripeObject> {
    const customer: StripeObject = {
      ...base(stripeId("cus_", 14), "customer", this.now()),
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
    await this.store.put(customer);
    // Only a customer made on the hosted page is announced: the app made the others itself.
    if (announce) emit("customer.created", customer);
    return customer;
  }

  async createProduct(params: Params): Promise<StripeObject> {
    const name = optionalString(params, "name");
    if (!name) throw missing("name");
    const created = product(stripeId("prod_", 14), this.now(), {
      name,
      description: optionalString(params, "description"),
      metadata: metadata(params, "metadata"),
    });
    await this.store.put(created);
    return created;
  }

  async createPrice(params: Params): Promise<StripeObject> {
    const productId = optionalString(params, "product");
    if (!productId) throw missing("product");
    await this.requireParam(productId, "product", "product");
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
      const taken = ((await this.store.list("price")) as Price[]).find((p) => p.lookup_key === lookupKey);
      if (taken && params.transfer_lookup_key !== "true") {
        throw new StripeEmulatorError(400, `A price (\`${taken.id}\`) already uses that lookup key.`, "lookup_key");
      }
      if (taken) await this.store.put({ ...taken, lookup_key: null });
    }
    const created = price(stripeId("price_"), this.now(), {
      product: productId,
      currency,
      unit_amount: unitAmount,
      recurring,
      nickname: optionalString(params, "nickname"),
      lookup_key: lookupKey,
      metadata: metadata(params, "metadata"),
    });
    await this.store.put(created);
    return created;
  }

  async listPrices(params: Params): Promise<ListObject> {
    const lookupKeys = params.lookup_keys === undefined ? undefined : stringArray(params.lookup_keys, "lookup_keys");
    const active = optionalBoolean(params, "active");
    const productId = optionalString(params, "product");
    const type = optionalString(params, "type");
    const prices = ((await this.store.list("price")) as Price[]).filter(
      (p) =>
        (lookupKeys === undefined || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
        (active === undefined || p.active === active) &&
        (productId === undefined || p.product === productId) &&
        (type === undefined || p.type === type),
    );
    return list("/v1/prices", prices.reverse(), params);
  }

  async createCheckoutSession(params: Params): Promise<StripeObject> {
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
    if (customerId) await this.requireParam(customerId, "customer", "customer");
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

    // Like Stripe: an invoice for a one-time payment (the customer portal lists it) in payment mode only.
    const invoiceCreation =
      params.invoice_creation === undefined
        ? false
        : (optionalBoolean(asParams(params.invoice_creation, "invoice_creation"), "enabled") ?? false);
    if (params.invoice_creation !== undefined && mode !== "payment") {
      throw new StripeEmulatorError(
        400,
        "You can only specify `invoice_creation` in `payment` mode.",
        "invoice_creation",
      );
    }

    const rawItems = params.line_items;
    if (!Array.isArray(rawItems) || rawItems.length === 0) throw missing("line_items");
    const lineItems: LineItem[] = [];
    for (const [index, raw] of rawItems.entries()) {
      const itemParams = asParams(raw, `line_items[${index}]`);
      const priceId = optionalString(itemParams, "price");
      if (!priceId) throw missing(`line_items[${index}][price]`);
      const item = await this.requireParam<Price>(priceId, "price", `line_items[${index}][price]`);
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
    const now = this.now();
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
      url: (this.options.checkoutPageUrl ?? defaultCheckoutPageUrl)({ id, success_url: resolvedSuccessUrl }),
      expires_at: now + DAY,
      subscription: null,
      payment_intent: null,
      invoice: null,
      invoice_creation: mode === "payment" ? { enabled: invoiceCreation, invoice_data: {} } : null,
      payment_method_types: ["card"],
      ui_mode: "hosted",
      line_items: { object: "list", data: lineItems, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` },
      _subscription_metadata: metadata(asParams(params.subscription_data ?? {}, "subscription_data"), "metadata"),
      _payment_intent_metadata: metadata(asParams(params.payment_intent_data ?? {}, "payment_intent_data"), "metadata"),
    };
    await this.store.put(session);
    return session;
  }

  async createPortalSession(params: Params): Promise<StripeObject> {
    const customerId = optionalString(params, "customer");
    if (!customerId) throw missing("customer");
    await this.requireParam(customerId, "customer", "customer");
    const returnUrl = optionalString(params, "return_url");
    if (!returnUrl) throw missing("return_url");
    if (!URL.canParse(returnUrl)) throw new StripeEmulatorError(400, "Not a valid URL", "return_url");
    const id = stripeId("bps_");
    const portal: StripeObject = {
      ...base(id, "billing_portal.session", this.now()),
      configuration: "bpc_demo",
      customer: customerId,
      flow: null,
      locale: null,
      on_behalf_of: null,
      return_url: returnUrl,
      url: (this.options.portalPageUrl ?? defaultPortalPageUrl)({ id, return_url: returnUrl }),
    };
    await this.store.put(portal);
    return portal;
  }

  async createSubscription(session: Session, customerId: string, now: number): Promise<Subscription> {
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
    const invoice = await this.createInvoice(subscription, "subscription_create", "paid", items[0]);
    subscription.latest_invoice = invoice.id;
    await this.store.put(subscription);
    return subscription;
  }

  async createInvoice(
    subscription: Subscription,
    reason: string,
    status: "paid" | "open" | "void" | "draft" | "uncollectible",
    period: SubscriptionItem | undefined,
  ): Promise<StripeObject> {
    const amount = subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
    const paid = status === "paid";
    const invoice: StripeObject = {
      ...base(stripeId("in_"), "invoice", this.now()),
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
      status_transitions: { paid_at: paid ? this.now() : null },
    };
    await this.store.put(invoice);
    return invoice;
  }

  async listSubscriptionsApi(params: Params): Promise<ListObject> {
    const customer = optionalString(params, "customer");
    const status = optionalString(params, "status");
    const priceId = optionalString(params, "price");
    const subscriptions = ((await this.store.list("subscription")) as Subscription[]).filter(
      (sub) =>
        (customer === undefined || sub.customer === customer) &&
        // Like Stripe: canceled subscriptions are listed only when asked for by status.
        (status === "all" || (status === undefined ? sub.status !== "canceled" : sub.status === status)) &&
        (priceId === undefined || sub.items.data.some((item) => item.price.id === priceId)),
    );
    return list("/v1/subscriptions", subscriptions.reverse(), params);
  }

  async update(id: string, params: Params, emit: Emit): Promise<StripeObject> {
    const subscription = await this.require<Subscription>(id, "subscription");
    const before = structuredClone(subscription);
    const canceled = subscription.status === "canceled";
    const cancelAtPeriodEnd = optionalBoolean(params, "cancel_at_period_end");
    // cancel_at: a Unix time to end on, or "" to remove a scheduled end (as the newer portal sets it).
    const cancelAt = params.cancel_at === "" ? null : optionalInteger(params, "cancel_at");
    if (cancelAtPeriodEnd !== undefined && cancelAt !== undefined) {
      throw new StripeEmulatorError(
        400,
        "You may only specify one of these parameters: cancel_at, cancel_at_period_end.",
        "cancel_at",
      );
    }
    if (cancelAtPeriodEnd !== undefined || cancelAt !== undefined || params.pause_collection !== undefined) {
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
    if (cancelAt !== undefined) {
      subscription.cancel_at_period_end = false;
      subscription.cancel_at = cancelAt;
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        reason: cancelAt === null ? null : "cancellation_requested",
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
      await this.store.put(subscription);
      emit("customer.subscription.updated", subscription, changes);
    }
    return subscription;
  }

  async cancel(id: string, emit: Emit): Promise<StripeObject> {
    const subscription = await this.require<Subscription>(id, "subscription");
    if (subscription.status === "canceled") {
      throw new StripeEmulatorError(
        400,
        `The subscription ${id} has already been canceled.`,
        undefined,
        "subscription_canceled",
      );
    }
    const now = this.now();
    Object.assign(subscription, {
      status: "canceled",
      canceled_at: now,
      ended_at: now,
      cancellation_details: { comment: null, feedback: null, reason: "cancellation_requested" },
    });
    await this.store.put(subscription);
    emit("customer.subscription.deleted", subscription);
    return subscription;
  }

  async find(id: string, type: string): Promise<StripeObject | undefined> {
    const found = await this.store.get(id);
    return found?.object === type ? strip(found) : undefined;
  }

  async require<T extends StripeObject = StripeObject>(id: string, type: string): Promise<T> {
    const found = await this.store.get(id);
    if (found?.object !== type)
      throw new StripeEmulatorError(404, `No such ${type}: '${id}'`, "id", "resource_missing");
    return found as T;
  }

  /** An unknown id inside the parameters is a 400 naming the parameter, as Stripe answers. */
  async requireParam<T extends StripeObject = StripeObject>(id: string, type: string, param: string): Promise<T> {
    const found = await this.store.get(id);
    if (found?.object !== type)
      throw new StripeEmulatorError(400, `No such ${type}: '${id}'`, param, "resource_missing");
    return found as T;
  }

  /** Removes internal fields, hides line_items unless asked for and replaces expanded ids by their objects. */
  async render(value: StripeObject | ListObject, expand: string[]): Promise<Record<string, unknown>> {
    if (value.object === "list" && Array.isArray(value.data)) {
      const inner = expand.filter((path) => path.startsWith("data.")).map((path) => path.slice(5));
      return { ...value, data: await Promise.all(value.data.map((item) => this.render(item as StripeObject, inner))) };
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
        const target = await this.store.get(current);
        if (target) out[field] = await this.render(target, rest);
      } else if (current && typeof current === "object" && rest.length > 0) {
        out[field] = await this.render(current as StripeObject, rest);
      }
    }
    return out;
  }
}

function list(url: string, data: StripeObject[], params: Params): ListObject {
  const limit = Math.min(Math.max(optionalInteger(params, "limit") ?? 10, 1), 100);
  return { object: "list", data: data.slice(0, limit), has_more: data.length > limit, url };
}
