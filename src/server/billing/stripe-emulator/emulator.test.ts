import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type StripePeer, startStripePeer, stripeClientFor } from "../../../../tests/peers/stripe-api.js";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/database.js";
import { addInterval, StripeEmulator } from "./emulator.js";
import { MemoryStore } from "./memory-store.js";
import { DbStore } from "./repository.js";

// Jan 31: a month later is Feb 28 (clamped), and the month after that Mar 31 again (anchored).
const JAN_31 = Date.UTC(2026, 0, 31, 12) / 1000;
const FEB_28 = Date.UTC(2026, 1, 28, 12) / 1000;
const MAR_31 = Date.UTC(2026, 2, 31, 12) / 1000;

let clock = JAN_31;
let peer: StripePeer;
let stripe: Stripe;
let prices: { monthly: string; lifetime: string };

beforeAll(async () => {
  peer = await startStripePeer({ now: () => clock });
  stripe = stripeClientFor(peer);
  prices = await peer.emulator.ensureDemoPrices();
});
afterAll(() => peer.close());
afterEach(() => {
  clock = JAN_31;
});

async function expectStripeError(promise: Promise<unknown>, expected: Record<string, unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  expect(error).toMatchObject(expected);
}

function eventsSince(count: number) {
  return peer.events.slice(count);
}

async function subscriptionCheckout(params: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: prices.monthly, quantity: 1 }],
    success_url: "http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/pricing",
    ...params,
  });
}

async function activeSubscription(metadata: Record<string, string> = {}) {
  const session = await subscriptionCheckout({ customer_email: "sub@example.com", subscription_data: { metadata } });
  const completed = await peer.emulator.completeCheckout(session.id);
  return stripe.subscriptions.retrieve(completed.subscription as string);
}

describe("authentication and routing", () => {
  it("refuses a request without a secret key", async () => {
    await expectStripeError(stripeClientFor(peer, "pk_test_public").customers.retrieve("cus_x"), {
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    const response = await fetch(`${peer.baseUrl}/v1/customers/cus_x`);
    expect(response.status).toBe(401);
    expect((await response.json()).error.type).toBe("invalid_request_error");
  });

  it("accepts restricted keys and answers unknown URLs with 404", async () => {
    const response = await fetch(`${peer.baseUrl}/v1/charges`, { headers: { authorization: "Bearer rk_test_x" } });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toContain("Unrecognized request URL (GET: /v1/charges)");
  });
});

describe("customers, products and prices", () => {
  it("creates and retrieves a customer", async () => {
    const created = await stripe.customers.create({ email: "a@example.com", name: "Ada", metadata: { userId: "7" } });
    expect(created).toMatchObject({ object: "customer", email: "a@example.com", name: "Ada", livemode: false });
    expect(created.id).toMatch(/^cus_\w+$/);
    expect(created.metadata).toEqual({ userId: "7" });
    expect(created.created).toBe(JAN_31);
    expect(await stripe.customers.retrieve(created.id)).toEqual(created);
  });

  it("answers an unknown id with 404 resource_missing", async () => {
    await expectStripeError(stripe.customers.retrieve("cus_missing"), {
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
    });
    await expectStripeError(stripe.prices.retrieve("price_missing"), { statusCode: 404, code: "resource_missing" });
    await expectStripeError(stripe.checkout.sessions.retrieve("cs_test_missing"), { statusCode: 404 });
    await expectStripeError(stripe.subscriptions.retrieve("sub_missing"), { statusCode: 404 });
  });

  it("creates products and prices, and lists prices by lookup key", async () => {
    const product = await stripe.products.create({ name: "Extra", description: "More", metadata: { a: "b" } });
    expect(product).toMatchObject({ object: "product", name: "Extra", description: "More", active: true });
    expect(product.id).toMatch(/^prod_/);
    const monthly = await stripe.prices.create({
      product: product.id,
      unit_amount: 500,
      currency: "eur",
      recurring: { interval: "month" },
      nickname: "Extra monthly",
      lookup_key: "extra_monthly",
      metadata: { plan: "extra" },
    });
    expect(monthly).toMatchObject({
      object: "price",
      type: "recurring",
      unit_amount: 500,
      currency: "eur",
      product: product.id,
      nickname: "Extra monthly",
      lookup_key: "extra_monthly",
      recurring: { interval: "month", interval_count: 1 },
      metadata: { plan: "extra" },
    });
    const once = await stripe.prices.create({ product: product.id, unit_amount: 100, currency: "eur" });
    expect(once).toMatchObject({ type: "one_time", recurring: null, lookup_key: null });
    expect(await stripe.prices.retrieve(monthly.id)).toEqual(monthly);

    const found = await stripe.prices.list({ lookup_keys: ["extra_monthly", "nope"], active: true });
    expect(found).toMatchObject({ object: "list", has_more: false, url: "/v1/prices" });
    expect(found.data.map((price) => price.id)).toEqual([monthly.id]);
    const byProduct = await stripe.prices.list({ product: product.id });
    expect(byProduct.data.map((price) => price.id)).toEqual([once.id, monthly.id]);
    expect((await stripe.prices.list({ product: product.id, active: false })).data).toEqual([]);
  });

  it("validates prices", async () => {
    await expectStripeError(stripe.prices.create({ product: "prod_missing", unit_amount: 1, currency: "usd" }), {
      statusCode: 400,
      code: "resource_missing",
      param: "product",
    });
    await expectStripeError(
      stripe.prices.create({ product: "prod_demo_premium", unit_amount: 1 } as Stripe.PriceCreateParams),
      { statusCode: 400, param: "currency" },
    );
    await stripe.prices.create({ product: "prod_demo_premium", unit_amount: 1, currency: "usd", lookup_key: "taken" });
    await expectStripeError(
      stripe.prices.create({ product: "prod_demo_premium", unit_amount: 2, currency: "usd", lookup_key: "taken" }),
      { statusCode: 400, param: "lookup_key" },
    );
    await expectStripeError(
      stripe.prices.create({
        product: "prod_demo_premium",
        unit_amount: 2,
        currency: "usd",
        recurring: { interval: "fortnight" as "month" },
      }),
      { statusCode: 400, param: "recurring[interval]" },
    );
  });

  it("creates the demo prices once, with fixed ids", async () => {
    expect(await peer.emulator.ensureDemoPrices()).toEqual({
      monthly: "price_demo_monthly",
      lifetime: "price_demo_lifetime",
    });
    const monthly = await stripe.prices.retrieve("price_demo_monthly", { expand: ["product"] });
    expect(monthly).toMatchObject({ unit_amount: 999, currency: "usd", recurring: { interval: "month" } });
    expect(monthly.product).toMatchObject({ id: "prod_demo_premium", name: "FundMatch Premium" });
    expect(await stripe.prices.retrieve("price_demo_lifetime")).toMatchObject({ unit_amount: 14900, type: "one_time" });
    expect((await stripe.prices.list({ product: "prod_demo_premium", type: "recurring" })).data).toHaveLength(1);
  });
});

describe("checkout sessions", () => {
  it("creates an open session", async () => {
    const session = await subscriptionCheckout({
      customer_email: "new@example.com",
      client_reference_id: "user-1",
      metadata: { kind: "monthly" },
      line_items: [{ price: prices.monthly, quantity: 2 }],
    });
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      mode: "subscription",
      customer: null,
      customer_email: "new@example.com",
      customer_details: null,
      subscription: null,
      payment_intent: null,
      client_reference_id: "user-1",
      metadata: { kind: "monthly" },
      amount_total: 1998,
      currency: "usd",
      success_url: `http://app.test/billing/success?session_id=${session.id}`,
      cancel_url: "http://app.test/pricing",
      url: `http://app.test/_api/billing/demo/checkout/${session.id}`,
      expires_at: JAN_31 + 86_400,
      livemode: false,
      created: JAN_31,
    });
    expect(session.line_items).toBeUndefined();
    expect(Object.keys(session).some((key) => key.startsWith("_"))).toBe(false);
    const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(withItems.line_items?.data[0]).toMatchObject({ quantity: 2, price: { id: prices.monthly } });
  });

  it("rejects invalid parameters", async () => {
    const valid = {
      mode: "payment" as const,
      line_items: [{ price: prices.lifetime, quantity: 1 }],
      success_url: "http://app.test/ok",
    };
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ mode: undefined }, { param: "mode", code: "parameter_missing" }],
      [{ mode: "setup" }, { param: "mode" }],
      [{ success_url: undefined }, { param: "success_url" }],
      [{ success_url: "not a url" }, { param: "success_url" }],
      [{ line_items: [] }, { param: "line_items" }],
      [{ line_items: [{ price: "price_missing" }] }, { param: "line_items[0][price]", code: "resource_missing" }],
      [{ line_items: [{ price: prices.monthly }] }, { param: "line_items[0][price]" }],
      [{ mode: "subscription" }, { param: "line_items[0][price]" }],
      [{ line_items: [{ price: prices.lifetime, quantity: 0 }] }, { param: "line_items[0][quantity]" }],
      [{ customer: "cus_missing" }, { param: "customer", code: "resource_missing" }],
      [{ subscription_data: { metadata: { a: "b" } } }, { param: "subscription_data" }],
    ];
    for (const [override, expected] of cases) {
      await expectStripeError(
        stripe.checkout.sessions.create({ ...valid, ...override } as Stripe.Checkout.SessionCreateParams),
        { statusCode: 400, type: "StripeInvalidRequestError", ...expected },
      );
    }
    const customer = await stripe.customers.create({ email: "c@example.com" });
    await expectStripeError(
      stripe.checkout.sessions.create({ ...valid, customer: customer.id, customer_email: "c@example.com" }),
      { statusCode: 400 },
    );
  });

  it("completes a subscription checkout for a new customer", async () => {
    const before = peer.events.length;
    const session = await subscriptionCheckout({
      customer_email: "new@example.com",
      subscription_data: { metadata: { userId: "42" } },
      metadata: { userId: "42" },
    });
    const completed = await peer.emulator.completeCheckout(session.id);
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", url: null });
    expect(completed.customer).toMatch(/^cus_/);
    expect(completed.subscription).toMatch(/^sub_/);
    expect(completed.customer_details).toMatchObject({ email: "new@example.com", name: null });

    const events = eventsSince(before);
    expect(events.map((event) => event.type)).toEqual([
      "customer.created",
      "customer.subscription.created",
      "checkout.session.completed",
    ]);
    for (const event of events) {
      expect(event).toMatchObject({
        object: "event",
        api_version: "2026-10-28.endive",
        created: JAN_31,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      expect(event.id).toMatch(/^evt_/);
    }
    expect(events[2]?.data.object).toEqual(completed);

    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription", "customer"] });
    expect(expanded.customer).toMatchObject({ id: completed.customer, email: "new@example.com" });
    const subscription = expanded.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      object: "subscription",
      status: "active",
      customer: completed.customer,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      pause_collection: null,
      start_date: JAN_31,
      currency: "usd",
      metadata: { userId: "42" },
      items: { object: "list", has_more: false, total_count: 1 },
    });
    const item = subscription.items.data[0];
    expect(item?.id).toMatch(/^si_/);
    expect(item).toMatchObject({
      object: "subscription_item",
      price: { id: prices.monthly, unit_amount: 999 },
      quantity: 1,
      current_period_start: JAN_31,
      current_period_end: FEB_28,
      subscription: subscription.id,
    });
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 999, customer: completed.customer });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);

    await expect(peer.emulator.completeCheckout(session.id)).rejects.toThrow(/is complete; only an open one/);
  });

  it("completes a payment checkout for an existing customer", async () => {
    const customer = await stripe.customers.create({ email: "buyer@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer: customer.id,
      line_items: [{ price: prices.lifetime, quantity: 1 }],
      success_url: "http://app.test/ok",
      payment_intent_data: { metadata: { userId: "9" } },
    });
    expect(session.customer).toBe(customer.id);
    const before = peer.events.length;
    const completed = await peer.emulator.completeCheckout(session.id);
    expect(eventsSince(before).map((event) => event.type)).toEqual(["checkout.session.completed"]);
    expect(completed).toMatchObject({ customer: customer.id, subscription: null, amount_total: 14900 });
    expect(completed.customer_details?.email).toBe("buyer@example.com");
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(expanded.payment_intent).toMatchObject({
      object: "payment_intent",
      status: "succeeded",
      amount: 14900,
      currency: "usd",
      customer: customer.id,
      metadata: { userId: "9" },
    });
  });

  it("takes the e-mail from the page when the session has none, and needs one", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ price: prices.lifetime }],
      success_url: "http://app.test/ok",
      customer_creation: "always",
    });
    await expect(peer.emulator.completeCheckout(session.id)).rejects.toThrow(/e-mail/);
    const completed = await peer.emulator.completeCheckout(session.id, { email: "guest@example.com" });
    expect(await peer.emulator.getCustomer(completed.customer as string)).toMatchObject({ email: "guest@example.com" });
  });

  it("expires an open session", async () => {
    const session = await subscriptionCheckout();
    const before = peer.events.length;
    const expired = await peer.emulator.expireCheckout(session.id);
    expect(expired).toMatchObject({ status: "expired", url: null });
    expect(eventsSince(before).map((event) => event.type)).toEqual(["checkout.session.expired"]);
    await expect(peer.emulator.expireCheckout(session.id)).rejects.toThrow(/expired/);
    await expect(peer.emulator.completeCheckout(session.id, { email: "x@example.com" })).rejects.toThrow(/expired/);
    await expect(peer.emulator.completeCheckout("cs_test_missing")).rejects.toThrow(/No such checkout.session/);
    expect(await peer.emulator.getCheckoutSession(session.id)).toMatchObject({ status: "expired" });
    expect(await peer.emulator.getCheckoutSession("cs_test_missing")).toBeUndefined();
  });
});

describe("billing portal", () => {
  it("creates a portal session the emulator can look up", async () => {
    const customer = await stripe.customers.create({ email: "p@example.com" });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://app.test/account",
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal).toMatchObject({
      object: "billing_portal.session",
      customer: customer.id,
      return_url: "http://app.test/account",
      url: `http://app.test/_api/billing/demo/portal/${portal.id}`,
      created: JAN_31,
      livemode: false,
    });
    expect(await peer.emulator.getPortalSession(portal.id)).toEqual(portal);
    expect(await peer.emulator.getPortalSession(customer.id)).toBeUndefined();
  });

  it("needs an existing customer", async () => {
    await expectStripeError(
      stripe.billingPortal.sessions.create({
        return_url: "http://app.test/account",
      } as Stripe.BillingPortal.SessionCreateParams),
      { statusCode: 400, param: "customer" },
    );
    await expectStripeError(
      stripe.billingPortal.sessions.create({ customer: "cus_missing", return_url: "http://app.test/account" }),
      { statusCode: 400, param: "customer", code: "resource_missing" },
    );
  });
});

describe("subscriptions", () => {
  it("sets and clears cancel_at_period_end through the API", async () => {
    const subscription = await activeSubscription();
    const before = peer.events.length;
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: FEB_28, status: "active" });
    const [event] = eventsSince(before);
    expect(event?.type).toBe("customer.subscription.updated");
    expect(event?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    const restored = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(restored).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    // An update that changes nothing emits nothing.
    const count = peer.events.length;
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false, description: "ignored" });
    expect(peer.events.length).toBe(count);
  });

  it("schedules an end with cancel_at, clears it with an empty value, and refuses both parameters at once", async () => {
    const subscription = await activeSubscription();
    const scheduled = await stripe.subscriptions.update(subscription.id, { cancel_at: FEB_28 });
    expect(scheduled).toMatchObject({ cancel_at: FEB_28, cancel_at_period_end: false, status: "active" });
    expect(peer.events.at(-1)?.data.previous_attributes).toMatchObject({ cancel_at: null });
    const cleared = await stripe.subscriptions.update(subscription.id, { cancel_at: "" });
    expect(cleared).toMatchObject({ cancel_at: null, cancel_at_period_end: false });
    await expectStripeError(
      stripe.subscriptions.update(subscription.id, { cancel_at: FEB_28, cancel_at_period_end: true }),
      { statusCode: 400, param: "cancel_at" },
    );
    // A scheduled end is where the period's renewal stops.
    await stripe.subscriptions.update(subscription.id, { cancel_at: FEB_28 });
    const ended = await peer.emulator.renew(subscription.id);
    expect(ended.status).toBe("canceled");
  });

  it("pauses and resumes collection, and merges metadata", async () => {
    const subscription = await activeSubscription({ userId: "1", plan: "monthly" });
    const paused = await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: "void", resumes_at: MAR_31 },
      metadata: { plan: "", note: "paused by admin" },
    });
    expect(paused.pause_collection).toEqual({ behavior: "void", resumes_at: MAR_31 });
    expect(paused.metadata).toEqual({ userId: "1", note: "paused by admin" });
    expect(peer.events.at(-1)?.data.previous_attributes).toMatchObject({
      pause_collection: null,
      metadata: { userId: "1", plan: "monthly" },
    });
    const resumed = await stripe.subscriptions.update(subscription.id, { pause_collection: "" });
    expect(resumed.pause_collection).toBeNull();
    await expectStripeError(
      stripe.subscriptions.update(subscription.id, { pause_collection: { behavior: "sleep" as "void" } }),
      { statusCode: 400, param: "pause_collection[behavior]" },
    );
    await expectStripeError(stripe.subscriptions.update("sub_missing", { metadata: { a: "b" } }), {
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("cancels a subscription once", async () => {
    const subscription = await activeSubscription();
    clock = JAN_31 + 3600;
    const before = peer.events.length;
    const canceled = await stripe.subscriptions.cancel(subscription.id, { prorate: false, invoice_now: false });
    expect(canceled).toMatchObject({ status: "canceled", canceled_at: clock, ended_at: clock });
    expect(eventsSince(before).map((event) => event.type)).toEqual(["customer.subscription.deleted"]);
    // The SDK turns unit_amount_decimal into a Decimal, so compare the wire form.
    expect(JSON.stringify(peer.events.at(-1)?.data.object)).toBe(JSON.stringify(canceled));
    await expectStripeError(stripe.subscriptions.cancel(subscription.id), { statusCode: 400 });
    await expectStripeError(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }), {
      statusCode: 400,
    });
    await expectStripeError(stripe.subscriptions.cancel("sub_missing"), { statusCode: 404 });
  });

  it("lists a customer's subscriptions by status", async () => {
    const first = await activeSubscription();
    const customer = first.customer as string;
    const session = await subscriptionCheckout({ customer });
    const second = (await peer.emulator.completeCheckout(session.id)).subscription as string;
    await stripe.subscriptions.cancel(first.id);

    const ids = async (params: Stripe.SubscriptionListParams) =>
      (await stripe.subscriptions.list({ customer, ...params })).data.map((subscription) => subscription.id);
    expect(await ids({})).toEqual([second]);
    expect(await ids({ status: "all" })).toEqual([second, first.id]);
    expect(await ids({ status: "canceled" })).toEqual([first.id]);
    expect(await ids({ status: "active", limit: 1 })).toEqual([second]);
    const page = await stripe.subscriptions.list({ customer, status: "all", limit: 1, expand: ["data.customer"] });
    expect(page).toMatchObject({ object: "list", has_more: true, url: "/v1/subscriptions" });
    expect(page.data[0]?.customer).toMatchObject({ id: customer, object: "customer" });
    expect((await peer.emulator.listSubscriptions(customer)).map((subscription) => subscription.id)).toEqual([
      second,
      first.id,
    ]);
    expect(await peer.emulator.getSubscription(second)).toMatchObject({ id: second, status: "active" });
  });
});

describe("actions on the hosted pages", () => {
  it("sets cancel at period end as the portal does", async () => {
    const subscription = await activeSubscription();
    const updated = await peer.emulator.setCancelAtPeriodEnd(subscription.id, true);
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: FEB_28 });
    expect(peer.events.at(-1)).toMatchObject({
      type: "customer.subscription.updated",
      data: { previous_attributes: { cancel_at_period_end: false } },
    });
  });

  it("fails a payment: an open invoice and a past_due subscription", async () => {
    const subscription = await activeSubscription();
    const before = peer.events.length;
    const pastDue = await peer.emulator.failPayment(subscription.id);
    expect(pastDue.status).toBe("past_due");
    const [failed, updated] = eventsSince(before);
    expect(failed?.type).toBe("invoice.payment_failed");
    const invoice = failed?.data.object as Stripe.Invoice;
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice).toMatchObject({
      status: "open",
      attempt_count: 1,
      amount_due: 999,
      customer: subscription.customer,
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(updated).toMatchObject({
      type: "customer.subscription.updated",
      data: { object: { status: "past_due", latest_invoice: invoice.id }, previous_attributes: { status: "active" } },
    });
  });

  it("renews for another calendar month, recovering a past_due subscription", async () => {
    const subscription = await activeSubscription();
    await peer.emulator.failPayment(subscription.id);
    const before = peer.events.length;
    const renewed = await peer.emulator.renew(subscription.id);
    expect(renewed.status).toBe("active");
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: FEB_28, current_period_end: MAR_31 });
    const [paid, updated] = eventsSince(before);
    expect(paid).toMatchObject({ type: "invoice.paid", data: { object: { status: "paid", period_end: MAR_31 } } });
    expect(updated?.type).toBe("customer.subscription.updated");
    expect(updated?.data.previous_attributes).toHaveProperty("items");
    expect(updated?.data.previous_attributes).toMatchObject({ status: "past_due" });
  });

  it("ends, rather than renews, a subscription set to cancel at period end", async () => {
    const subscription = await activeSubscription();
    await peer.emulator.setCancelAtPeriodEnd(subscription.id, true);
    const ended = await peer.emulator.renew(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", ended_at: FEB_28 });
    expect(peer.events.at(-1)?.type).toBe("customer.subscription.deleted");
    await expect(peer.emulator.renew(subscription.id)).rejects.toThrow(/canceled/);
    await expect(peer.emulator.failPayment(subscription.id)).rejects.toThrow(/canceled/);
  });

  it("does not collect while collection is paused", async () => {
    const subscription = await activeSubscription();
    await stripe.subscriptions.update(subscription.id, { pause_collection: { behavior: "void" } });
    const before = peer.events.length;
    const renewed = await peer.emulator.renew(subscription.id);
    expect(eventsSince(before).map((event) => event.type)).toEqual(["customer.subscription.updated"]);
    expect(await stripe.invoices.retrieve(renewed.latest_invoice as string)).toMatchObject({ status: "void" });
  });
});

describe("events as webhooks", () => {
  it("signs and verifies every emitted event", async () => {
    await activeSubscription();
    const secret = "whsec_test";
    for (const event of peer.events) {
      const payload = JSON.stringify(event);
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
      expect(stripe.webhooks.constructEvent(payload, header, secret)).toEqual(event);
    }
  });
});

describe("in-process use (demo mode)", () => {
  it("serves the SDK through fetch, delivering events before the call returns", async () => {
    const delivered: string[] = [];
    const emulator = new StripeEmulator({
      store: new MemoryStore(),
      onEvent: async (event) => {
        // A webhook handler may call the API again while an event is delivered.
        const subscription = (event.data.object as { subscription?: string }).subscription;
        if (event.type === "checkout.session.completed" && subscription) {
          await client.subscriptions.retrieve(subscription);
        }
        delivered.push(event.type);
      },
      checkoutPageUrl: ({ id }) => `http://demo.test/pay/${id}`,
    });
    const client = new Stripe("sk_test_demo", {
      httpClient: Stripe.createFetchHttpClient((input, init) => emulator.fetch(new Request(input, init))),
      maxNetworkRetries: 0,
    });
    const { monthly } = await emulator.ensureDemoPrices();
    const session = await client.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: monthly, quantity: 1 }],
      success_url: "http://demo.test/ok",
      customer_email: "demo@example.com",
    });
    expect(session.url).toBe(`http://demo.test/pay/${session.id}`);
    await emulator.completeCheckout(session.id);
    expect(delivered).toEqual(["customer.created", "customer.subscription.created", "checkout.session.completed"]);
    const subscription = await client.subscriptions.retrieve(
      (await emulator.getCheckoutSession(session.id))?.subscription as string,
    );
    await client.subscriptions.cancel(subscription.id);
    expect(delivered.at(-1)).toBe("customer.subscription.deleted");
  });

  it("keeps going when an event handler fails", async () => {
    const failures: string[] = [];
    const emulator = new StripeEmulator({
      store: new MemoryStore(),
      onEvent: () => {
        throw new Error("handler down");
      },
      onEventError: (error, event) => failures.push(`${event.type}: ${(error as Error).message}`),
    });
    const { lifetime } = await emulator.ensureDemoPrices();
    const request = new Request("http://stripe.test/v1/checkout/sessions", {
      method: "POST",
      headers: { authorization: "Bearer sk_test_x", "content-type": "application/x-www-form-urlencoded" },
      body: `mode=payment&line_items[0][price]=${lifetime}&success_url=${encodeURIComponent("http://a.test/ok")}&customer_email=x%40example.com`,
    });
    const session = (await (await emulator.fetch(request)).json()) as Stripe.Checkout.Session;
    expect((await emulator.completeCheckout(session.id)).status).toBe("complete");
    expect(failures).toEqual(["customer.created: handler down", "checkout.session.completed: handler down"]);
  });
});

describe("addInterval", () => {
  it("anchors monthly periods on the day of the month", () => {
    expect(addInterval(JAN_31, "month", 1)).toBe(FEB_28);
    expect(addInterval(JAN_31, "month", 2)).toBe(MAR_31);
    expect(addInterval(JAN_31, "year", 1)).toBe(Date.UTC(2027, 0, 31, 12) / 1000);
    expect(addInterval(Date.UTC(2028, 1, 29) / 1000, "year", 1)).toBe(Date.UTC(2029, 1, 28) / 1000);
    expect(addInterval(JAN_31, "week", 2)).toBe(JAN_31 + 14 * 86_400);
  });
});

describe("DbStore on PGlite", () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase("pglite");
  });
  afterAll(() => testDatabase.drop());

  it("stores, replaces and lists objects by type, oldest first", async () => {
    const store = new DbStore(testDatabase.database.db);
    await store.put({ id: "cus_b", object: "customer", email: "b@example.com" });
    await store.put({ id: "cus_a", object: "customer", email: "a@example.com" });
    await store.put({ id: "sub_1", object: "subscription", nested: { list: [1, 2] } });
    await store.put({ id: "cus_b", object: "customer", email: "b2@example.com" });
    expect(await store.get("cus_b")).toEqual({ id: "cus_b", object: "customer", email: "b2@example.com" });
    expect(await store.get("cus_missing")).toBeUndefined();
    expect((await store.list("customer")).map((object) => object.id)).toEqual(["cus_b", "cus_a"]);
    expect(await store.list("subscription")).toEqual([
      { id: "sub_1", object: "subscription", nested: { list: [1, 2] } },
    ]);
  });

  it("keeps the emulated account across emulator instances", async () => {
    const store = new DbStore(testDatabase.database.db);
    const first = new StripeEmulator({ store });
    const { monthly } = await first.ensureDemoPrices();
    const fetchFrom = (emulator: StripeEmulator) =>
      new Stripe("sk_test_demo", {
        httpClient: Stripe.createFetchHttpClient((input, init) => emulator.fetch(new Request(input, init))),
        maxNetworkRetries: 0,
      });
    const session = await fetchFrom(first).checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: monthly }],
      success_url: "http://demo.test/ok",
      customer_email: "db@example.com",
    });
    const completed = await first.completeCheckout(session.id);

    const second = new StripeEmulator({ store });
    expect(await second.ensureDemoPrices()).toEqual({ monthly, lifetime: "price_demo_lifetime" });
    const subscription = await fetchFrom(second).subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({ status: "active", customer: completed.customer });
    expect((await second.listSubscriptions(completed.customer as string)).map((s) => s.id)).toEqual([subscription.id]);
  });
});
