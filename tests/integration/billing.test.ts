import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingApplied, users } from "../../src/server/db/schema/index.js";
import { type SmtpPeer, startSmtpPeer } from "../peers/smtp.js";
import { type StripePeer, startStripePeer } from "../peers/stripe-api.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

const WEBHOOK_SECRET = "whsec_test_fundmatch";
const ORIGIN = "http://localhost";
const signer = new Stripe("sk_test_signer");

describe.each(TEST_DRIVERS)("billing through the Stripe API on %s", (driver) => {
  let t: TestApp;
  let stripe: StripePeer;
  let smtp: SmtpPeer;
  let nextIp = 1;
  let adminToken = "";

  beforeAll(async () => {
    [stripe, smtp] = await Promise.all([startStripePeer(), startSmtpPeer()]);
    const prices = await stripe.emulator.ensureDemoPrices();
    t = await createTestApp(driver, {
      STRIPE_SECRET_KEY: "sk_test_fundmatch",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: prices.monthly,
      STRIPE_PRICE_LIFETIME: prices.lifetime,
      STRIPE_API_BASE_URL: stripe.baseUrl,
      // The origin every link and return address is built from (the requests' Host is localhost:80 too).
      PUBLIC_ORIGIN: ORIGIN,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "Admin-pass-1",
    });
    await insertFunds(
      t.testDatabase.database.db,
      Array.from({ length: 6 }, (_, index) => ({
        name: `Paid Fund ${index + 1}`,
        website: `https://fund${index}.example`,
      })),
    );
    t.app.services.fundsIndex.invalidate();
    const admin = await t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email: "admin@example.com", password: "Admin-pass-1" },
    });
    adminToken = cookieOf(admin);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([stripe?.close(), smtp?.close()]);
  });

  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

  let nextCaller = 0;
  // Each call from its own address: the suite starts more checkouts than one IP may per minute.
  const call = (method: "GET" | "POST", url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.1.${Math.floor(++nextCaller / 250)}.${nextCaller % 250}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: token ? { fundmatch_session: token } : {},
    });

  /** A new member with a session; each from its own address, so the registration limit stays out of the way. */
  async function member(email: string) {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: "Member-pass-1", displayName: "Member" },
      remoteAddress: `10.0.0.${nextIp++}`,
    });
    expect(response.statusCode).toBe(201);
    return { token: cookieOf(response), id: response.json().user.id as number };
  }

  const userRow = async (id: number) => {
    const [row] = await t.testDatabase.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no user ${id}`);
    return row;
  };

  const checkoutBody = (plan: string, extra: Record<string, unknown> = {}) => ({
    plan,
    successUrl: "https://evil.example/_api/checkout-callback",
    cancelUrl: "https://evil.example/subscribe",
    ...extra,
  });

  /** Starts a checkout and returns the emulator's session id (the last segment of the hosted page). */
  async function startCheckout(token: string | null, plan: string, extra: Record<string, unknown> = {}) {
    const response = await call("POST", "/_api/stripe/create-checkout-session", token, checkoutBody(plan, extra));
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json().url).pathname.split("/").pop() as string;
  }

  async function pay(sessionId: string) {
    await stripe.emulator.completeCheckout(sessionId);
    const callback = await call("GET", `/_api/checkout-callback?session_id=${sessionId}`, null);
    expect(callback.statusCode).toBe(200);
    return callback;
  }

  async function sendEvent(event: Stripe.Event, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: "POST",
      url: "/_api/stripe/webhook",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  }

  const eventsOf = (type: string, objectId: string) =>
    stripe.events.filter((event) => event.type === type && (event.data.object as { id: string }).id === objectId);

  async function subscribedMember(email: string) {
    const who = await member(email);
    await pay(await startCheckout(who.token, "monthly"));
    return { ...who, row: await userRow(who.id) };
  }

  describe("validation", () => {
    it.each([
      [{ plan: "yearly" }, "Plan must be monthly or lifetime."],
      [{ successUrl: "not a url" }, "A valid success URL is required."],
      [{ cancelUrl: "javascript:alert(1)" }, "A valid cancel URL is required."],
      [{ email: "no-at-sign" }, "Please enter a valid email address"],
      [{ email: "two words@example.com" }, "Please enter a valid email address"],
    ])("refuses %j", async (change, message) => {
      const response = await call("POST", "/_api/stripe/create-checkout-session", null, {
        ...checkoutBody("monthly", { email: "guest@example.com" }),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    });

    it("asks a guest for an e-mail", async () => {
      const response = await call("POST", "/_api/stripe/create-checkout-session", null, checkoutBody("monthly"));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "Email is required for checkout" });
    });

    it("gives the product's messages to the portal and the upgrade", async () => {
      expect((await call("POST", "/_api/stripe/customer-portal", null, { returnUrl: ORIGIN })).json()).toEqual({
        error: "Please log in to manage your billing.",
      });
      expect((await call("POST", "/_api/stripe/upgrade-to-lifetime", null, checkoutBody("x"))).statusCode).toBe(400);
      const upgrade = await call("POST", "/_api/stripe/upgrade-to-lifetime", null, {
        successUrl: `${ORIGIN}/a`,
        cancelUrl: `${ORIGIN}/b`,
      });
      expect(upgrade.statusCode).toBe(401);
      expect(upgrade.json().error).toBe("Please log in to upgrade your subscription.");
      const free = await member("free-portal@example.com");
      const portal = await call("POST", "/_api/stripe/customer-portal", free.token, { returnUrl: ORIGIN });
      expect(portal.statusCode).toBe(400);
      expect(portal.json().error).toBe(
        "Billing management is not available. Please contact support if you have an active subscription.",
      );
      const notMonthly = await call("POST", "/_api/stripe/upgrade-to-lifetime", free.token, {
        successUrl: `${ORIGIN}/a`,
        cancelUrl: `${ORIGIN}/b`,
      });
      expect(notMonthly.json().error).toBe("Upgrade is only available for active monthly subscribers.");
      const bad = await call("POST", "/_api/stripe/upgrade-to-lifetime", free.token, {
        successUrl: "nope",
        cancelUrl: "x",
      });
      expect(bad.json().error).toBe("A valid success URL is required.");
    });
  });

  it("sells the monthly plan: customer, subscription, return URLs on this origin, all results", async () => {
    const who = await member("monthly@example.com");
    const searchBefore = await call("POST", "/_api/funds/search", who.token, { limit: 50 });
    expect(searchBefore.json().results).toHaveLength(3);

    const sessionId = await startCheckout(who.token, "monthly");
    const session = await stripe.emulator.getCheckoutSession(sessionId);
    expect(session?.mode).toBe("subscription");
    // The client's URLs pointed at another host: the server's own callback is used instead.
    expect(session?.success_url).toBe(`${ORIGIN}/_api/checkout-callback?session_id=${sessionId}`);
    expect(session?.cancel_url).toBe(`${ORIGIN}/_api/checkout-callback?cancelled=1`);
    const linked = await userRow(who.id);
    expect(linked.stripeCustomerId).toMatch(/^cus_/);
    expect(session?.customer).toBe(linked.stripeCustomerId);

    const callback = await pay(sessionId);
    expect(callback.headers["content-type"]).toContain("text/html");
    expect(callback.body).toContain('"type":"CHECKOUT_SUCCESS"');
    expect(callback.body).toContain(`postMessage(message, "${ORIGIN}")`);
    expect(callback.headers["cross-origin-opener-policy"]).toBe("unsafe-none");

    const row = await userRow(who.id);
    expect(row).toMatchObject({ subscriptionStatus: "active", subscriptionType: "monthly" });
    expect(row.stripeSubscriptionId).toMatch(/^sub_/);
    const days = ((row.subscriptionEndDate?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const session2 = await call("GET", "/_api/auth/session", who.token);
    expect(session2.json().user).toMatchObject({ subscriptionStatus: "active", subscriptionType: "monthly" });
    const search = await call("POST", "/_api/funds/search", who.token, { limit: 50 });
    expect(search.json().results).toHaveLength(6);
    expect(search.json().results[5].website).toBeDefined();
    const save = await call("POST", "/_api/user/save-fund", who.token, { fundId: search.json().results[4].id });
    expect(save.statusCode).toBe(200);

    // A second monthly checkout would charge twice.
    const again = await call("POST", "/_api/stripe/create-checkout-session", who.token, checkoutBody("monthly"));
    expect(again.statusCode).toBe(409);
  });

  it("applies a checkout once, whether the callback or the webhook comes first, and a replayed event once", async () => {
    const who = await member("replay@example.com");
    const sessionId = await startCheckout(who.token, "monthly");
    await stripe.emulator.completeCheckout(sessionId);
    const [completed] = eventsOf("checkout.session.completed", sessionId);
    expect(completed).toBeDefined();
    const event = completed as Stripe.Event;
    expect((await sendEvent(event)).statusCode).toBe(200);
    expect((await sendEvent(event)).json()).toEqual({ received: true });
    const callback = await call("GET", `/_api/checkout-callback?session_id=${sessionId}`, null);
    expect(callback.body).toContain("CHECKOUT_SUCCESS");
    const applied = await t.testDatabase.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(billingApplied)
      .where(eq(billingApplied.key, event.id));
    expect(applied[0]?.count).toBe(1);
    expect(await userRow(who.id)).toMatchObject({ subscriptionStatus: "active", subscriptionType: "monthly" });
  });

  it("refuses a bad signature and changes nothing", async () => {
    const who = await subscribedMember("signature@example.com");
    const subscription = await stripe.emulator.getSubscription(who.row.stripeSubscriptionId as string);
    const forged = fakeEvent("customer.subscription.deleted", { ...subscription, status: "canceled" }, now() + 60);
    const response = await sendEvent(forged, "whsec_wrong_secret");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Invalid webhook signature." });
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/_api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(forged),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await userRow(who.id)).toMatchObject({ subscriptionStatus: "active" });
  });

  it("keeps the newest subscription state when events arrive out of order", async () => {
    const who = await subscribedMember("order@example.com");
    const subscription = (await stripe.emulator.getSubscription(
      who.row.stripeSubscriptionId as string,
    )) as Stripe.Subscription;
    const newer = fakeEvent(
      "customer.subscription.updated",
      { ...subscription, status: "active", cancel_at_period_end: true },
      now() + 100,
    );
    const older = fakeEvent("customer.subscription.updated", { ...subscription, status: "unpaid" }, now() + 50);
    expect((await sendEvent(newer)).statusCode).toBe(200);
    expect((await sendEvent(older)).statusCode).toBe(200);
    expect((await userRow(who.id)).subscriptionStatus).toBe("active");
    // Read once: the clock may pass a second boundary while the event is handled.
    const endedAt = now() + 150;
    const deleted = fakeEvent(
      "customer.subscription.deleted",
      { ...subscription, status: "canceled", ended_at: endedAt },
      endedAt,
    );
    await sendEvent(deleted);
    const row = await userRow(who.id);
    expect(row).toMatchObject({ subscriptionStatus: "canceled", subscriptionType: "monthly" });
    expect(row.subscriptionEndDate?.getTime()).toBe(endedAt * 1000);
    expect((await call("POST", "/_api/funds/search", who.token, { limit: 50 })).json().results).toHaveLength(3);
  });

  it("marks a failed renewal past_due and closes the gate", async () => {
    const who = await subscribedMember("failed@example.com");
    await stripe.emulator.failPayment(who.row.stripeSubscriptionId as string);
    const failed = stripe.events.find(
      (event) =>
        event.type === "invoice.payment_failed" &&
        (event.data.object as Stripe.Invoice).customer === who.row.stripeCustomerId,
    );
    expect(failed).toBeDefined();
    expect((await sendEvent(failed as Stripe.Event)).statusCode).toBe(200);
    expect((await userRow(who.id)).subscriptionStatus).toBe("past_due");
    expect((await call("POST", "/_api/funds/search", who.token, { limit: 50 })).json().results).toHaveLength(3);
    const save = await call("POST", "/_api/user/save-fund", who.token, { fundId: 1 });
    expect(save.statusCode).toBe(402);
  });

  it("opens the customer portal with a return URL on this origin only", async () => {
    const who = await subscribedMember("portal@example.com");
    const foreign = await call("POST", "/_api/stripe/customer-portal", who.token, {
      returnUrl: "https://evil.example/x",
    });
    expect(foreign.statusCode).toBe(200);
    const foreignPortal = await stripe.emulator.getPortalSession(
      new URL(foreign.json().url).pathname.split("/").pop() as string,
    );
    expect(foreignPortal?.return_url).toBe(`${ORIGIN}/subscribe`);
    expect(foreignPortal?.customer).toBe(who.row.stripeCustomerId);
    const own = await call("POST", "/_api/stripe/customer-portal", who.token, { returnUrl: `${ORIGIN}/profile?tab=1` });
    const ownPortal = await stripe.emulator.getPortalSession(
      new URL(own.json().url).pathname.split("/").pop() as string,
    );
    expect(ownPortal?.return_url).toBe("http://localhost/profile?tab=1");
  });

  it("upgrades a monthly subscriber to lifetime and cancels the monthly plan at once", async () => {
    const who = await subscribedMember("upgrade@example.com");
    const monthlyId = who.row.stripeSubscriptionId as string;
    const response = await call("POST", "/_api/stripe/upgrade-to-lifetime", who.token, {
      successUrl: `${ORIGIN}/_api/checkout-callback`,
      cancelUrl: `${ORIGIN}/subscribe`,
    });
    expect(response.statusCode).toBe(200);
    const sessionId = new URL(response.json().url).pathname.split("/").pop() as string;
    expect((await stripe.emulator.getCheckoutSession(sessionId))?.mode).toBe("payment");
    await pay(sessionId);
    const row = await userRow(who.id);
    expect(row).toMatchObject({
      subscriptionStatus: "active",
      subscriptionType: "lifetime",
      stripeSubscriptionId: null,
    });
    expect((await stripe.emulator.getSubscription(monthlyId))?.status).toBe("canceled");
    // Stripe then reports the monthly plan's end: Lifetime outranks it.
    const [deleted] = eventsOf("customer.subscription.deleted", monthlyId);
    expect((await sendEvent(deleted as Stripe.Event)).statusCode).toBe(200);
    expect(await userRow(who.id)).toMatchObject({ subscriptionStatus: "active", subscriptionType: "lifetime" });
    const again = await call("POST", "/_api/stripe/create-checkout-session", who.token, checkoutBody("lifetime"));
    expect(again.statusCode).toBe(409);
  });

  it("sells lifetime access in payment mode", async () => {
    const who = await member("lifetime@example.com");
    const sessionId = await startCheckout(who.token, "lifetime");
    const session = await stripe.emulator.getCheckoutSession(sessionId);
    expect(session?.mode).toBe("payment");
    // Stripe makes an invoice of the one-time payment: its customer portal lists invoices, so a
    // Lifetime member finds the purchase there (date and amount), not only an old monthly plan.
    expect(session?.invoice_creation?.enabled).toBe(true);
    await pay(sessionId);
    expect(await userRow(who.id)).toMatchObject({ subscriptionStatus: "active", subscriptionType: "lifetime" });
  });

  it("turns a guest's payment into an account and e-mails a single-use set-password link", async () => {
    const sessionId = await startCheckout(null, "monthly", { email: "  New.Guest@example.com " });
    await stripe.emulator.completeCheckout(sessionId);
    const [completed] = eventsOf("checkout.session.completed", sessionId);
    expect((await sendEvent(completed as Stripe.Event)).statusCode).toBe(200);

    const [row] = await t.testDatabase.database.db.select().from(users).where(eq(users.email, "New.Guest@example.com"));
    expect(row).toMatchObject({ displayName: "New Guest", passwordHash: null, subscriptionStatus: "active" });
    const mail = await smtp.waitFor((message) => message.to.includes("New.Guest@example.com"));
    expect(mail.subject).toBe("Set your FundMatch password");
    const link = /http:\/\/localhost(?::80)?\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();

    // The popup's callback arrives too: the same payment, no second account or e-mail.
    const callback = await call("GET", `/_api/checkout-callback?session_id=${sessionId}`, null);
    expect(callback.body).toContain('"guest":true');
    expect(callback.body).toContain('"email":"New.Guest@example.com"');

    const set = await call("POST", "/_api/auth/set-password", null, { token: link?.[1], password: "Guest-pass-1" });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ email: "New.Guest@example.com", subscriptionStatus: "active" });
    const reuse = await call("POST", "/_api/auth/set-password", null, { token: link?.[1], password: "Guest-pass-2" });
    expect(reuse.statusCode).toBe(400);
    // The app awaits each e-mail until the SMTP peer has stored it, before it answers: every request
    // above has answered, so a second e-mail would already be here.
    expect(smtp.messages.filter((message) => message.to.includes("New.Guest@example.com"))).toHaveLength(1);
  });

  it("attaches a guest's payment to the existing account with that e-mail, once its owner proved the address", async () => {
    const who = await member("existing@example.com");
    // As an e-mailed link or a provider that verifies addresses records it (docs/security.md).
    await t.testDatabase.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, who.id));
    const sessionId = await startCheckout(null, "lifetime", { email: "EXISTING@example.com" });
    await pay(sessionId);
    expect(await userRow(who.id)).toMatchObject({ subscriptionStatus: "active", subscriptionType: "lifetime" });
    const count = await t.testDatabase.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = 'existing@example.com'`);
    expect(count[0]?.count).toBe(1);
    const mail = await smtp.waitFor((message) => message.to.includes("existing@example.com"));
    expect(mail.subject).toContain("Lifetime");
    expect(mail.text).not.toContain("set-password");
    expect((await call("GET", "/_api/auth/session", who.token)).statusCode).toBe(200);
  });

  it("gives a guest's payment for an address nobody proved to whoever opens the e-mailed link, not to the account's sessions", async () => {
    const who = await member("unproven@example.com");
    await pay(await startCheckout(null, "lifetime", { email: "unproven@example.com" }));
    expect(await userRow(who.id)).toMatchObject({ subscriptionType: "lifetime", passwordHash: null });
    expect((await call("GET", "/_api/auth/session", who.token)).statusCode).toBe(401);
    const mail = await smtp.waitFor((message) => message.to.includes("unproven@example.com"));
    expect(mail.subject).toBe("Set your FundMatch password");
  });

  it("replaces a subscribed account's monthly plan when a guest pays monthly with its address", async () => {
    const who = await subscribedMember("twice@example.com");
    const first = who.row.stripeSubscriptionId as string;
    await pay(await startCheckout(null, "monthly", { email: "twice@example.com" }));
    const row = await userRow(who.id);
    expect(row.stripeSubscriptionId).not.toBe(first);
    expect(row).toMatchObject({ subscriptionStatus: "active", subscriptionType: "monthly" });
    expect((await stripe.emulator.getSubscription(first))?.status).toBe("canceled");
    expect((await stripe.emulator.getSubscription(row.stripeSubscriptionId as string))?.status).toBe("active");
  });

  it("lets an admin pause at the end of the period, and resume", async () => {
    const who = await subscribedMember("paused@example.com");
    const action = (name: string) =>
      call("POST", "/_api/admin/user-action", adminToken, { userId: who.id, action: name });
    const paused = await action("pause_subscription");
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().message).toMatch(/^Subscription paused\. Member keeps premium access until \w+ \d+, \d{4}/);
    expect(
      (await stripe.emulator.getSubscription(who.row.stripeSubscriptionId as string))?.pause_collection,
    ).toMatchObject({
      behavior: "void",
    });
    const listed = (await call("GET", "/_api/admin/users", adminToken))
      .json()
      .users.find((u: { id: number }) => u.id === who.id);
    expect(listed.subscriptionStatus).toBe("paused");
    // Until the paid period ends the member keeps access.
    expect((await call("GET", "/_api/user/account-status", who.token)).json().subscriptionStatus).toBe("active");
    expect((await action("pause_subscription")).statusCode).toBe(409);

    // The period ends: from then on the subscription reads paused and the gate closes.
    await changeUserBehindTheApp(t.app, who.row.email, { subscriptionPauseAt: new Date(Date.now() - 1000) });
    expect((await call("GET", "/_api/user/account-status", who.token)).json().subscriptionStatus).toBe("paused");
    expect((await call("POST", "/_api/funds/search", who.token, { limit: 50 })).json().results).toHaveLength(3);

    const resumed = await action("resume_subscription");
    expect(resumed.json()).toEqual({
      message: "Subscription resumed. The user will be charged on the next billing date.",
    });
    expect(
      (await stripe.emulator.getSubscription(who.row.stripeSubscriptionId as string))?.pause_collection,
    ).toBeNull();
    expect((await call("GET", "/_api/user/account-status", who.token)).json().subscriptionStatus).toBe("active");
    expect((await action("resume_subscription")).statusCode).toBe(409);
  });

  it("cancels the subscription at Stripe when the member or an admin deletes the account", async () => {
    const self = await subscribedMember("leaving@example.com");
    const deleted = await call("POST", "/_api/user/delete-account", self.token, { password: "Member-pass-1" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await stripe.emulator.getSubscription(self.row.stripeSubscriptionId as string))?.status).toBe("canceled");

    const removed = await subscribedMember("removed@example.com");
    const action = await call("POST", "/_api/admin/user-action", adminToken, {
      userId: removed.id,
      action: "delete_user",
    });
    expect(action.statusCode, action.body).toBe(200);
    expect((await stripe.emulator.getSubscription(removed.row.stripeSubscriptionId as string))?.status).toBe(
      "canceled",
    );
    // Stripe's news of the end finds no account and changes nothing.
    const [ended] = eventsOf("customer.subscription.deleted", removed.row.stripeSubscriptionId as string);
    expect((await sendEvent(ended as Stripe.Event)).statusCode).toBe(200);
  });

  it("answers pause and resume for accounts without a subscription with 409", async () => {
    const who = await member("nosub@example.com");
    for (const name of ["pause_subscription", "resume_subscription"]) {
      const response = await call("POST", "/_api/admin/user-action", adminToken, { userId: who.id, action: name });
      expect(response.statusCode).toBe(409);
    }
  });

  it("reports an unknown or unpaid session to the opener as an error", async () => {
    const unknown = await call("GET", "/_api/checkout-callback?session_id=cs_test_missing", null);
    expect(unknown.body).toContain('"type":"stripe-checkout-error"');
    expect(unknown.body).toContain("This checkout session could not be found.");
    const who = await member("unpaid@example.com");
    const sessionId = await startCheckout(who.token, "monthly");
    const unpaid = await call("GET", `/_api/checkout-callback?session_id=${sessionId}`, null);
    expect(unpaid.body).toContain("The payment was not completed.");
    expect((await userRow(who.id)).subscriptionStatus).toBeNull();
    const cancelled = await call("GET", "/_api/checkout-callback?cancelled=1", null);
    expect(cancelled.body).toContain("stripe-checkout-cancelled");
  });
});

const now = () => Math.floor(Date.now() / 1000);
let eventCounter = 0;

/** An event as Stripe would send it, for states the emulator has no action for. */
function fakeEvent(type: string, object: unknown, created: number): Stripe.Event {
  eventCounter += 1;
  return {
    id: `evt_test_${Date.now()}_${eventCounter}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  } as unknown as Stripe.Event;
}
