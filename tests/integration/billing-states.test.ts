import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema/index.js";
import { BILLING_TEXTS } from "../../src/shared/billing-texts.js";
import { type StripePeer, startStripePeer, stripeClientFor } from "../peers/stripe-api.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

/**
 * Honest account and billing states: a plan cancelled at the period's end reads as ending (and can
 * be resumed), admins are offered only the actions that apply, and deactivation stops a monthly
 * plan's renewal at the end of the paid period while reactivation resumes it (ADR 0012).
 */

const WEBHOOK_SECRET = "whsec_test_states";
const signer = new Stripe("sk_test_signer");
const PASSWORD = "Member-pass-1";
const RENEWAL_MARKER = "fundmatch_renewal_stopped_by";

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

describe.each(TEST_DRIVERS)("billing states through the Stripe API on %s", (driver) => {
  let t: TestApp;
  let stripe: StripePeer;
  let customerApi: Stripe;
  let adminToken = "";
  let adminId = 0;
  let caller = 0;

  beforeAll(async () => {
    stripe = await startStripePeer();
    customerApi = stripeClientFor(stripe);
    const prices = await stripe.emulator.ensureDemoPrices();
    t = await createTestApp(driver, {
      STRIPE_SECRET_KEY: "sk_test_states",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: prices.monthly,
      STRIPE_PRICE_LIFETIME: prices.lifetime,
      STRIPE_API_BASE_URL: stripe.baseUrl,
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "Admin-pass-1",
    });
    const admin = await t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email: "admin@example.com", password: "Admin-pass-1" },
    });
    adminToken = cookieOf(admin);
    adminId = admin.json().user.id;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  // Each call from its own address: the per-IP limits of checkout and log-in stay out of the way.
  const call = (method: "GET" | "POST", url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.2.${Math.floor(++caller / 250)}.${caller % 250}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: token ? { fundmatch_session: token } : {},
    });
  const userRow = async (id: number) => {
    const [row] = await t.testDatabase.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no user ${id}`);
    return row;
  };
  const sessionOf = async (token: string) => (await call("GET", "/_api/auth/session", token)).json().user;
  const adminRow = async (id: number) =>
    (await call("GET", "/_api/admin/users", adminToken)).json().users.find((u: { id: number }) => u.id === id);
  const adminAction = (userId: number, action: string) =>
    call("POST", "/_api/admin/user-action", adminToken, { userId, action });

  async function member(email: string) {
    const response = await call("POST", "/_api/auth/register_with_password", null, {
      email,
      password: PASSWORD,
      displayName: "Member",
    });
    expect(response.statusCode, response.body).toBe(201);
    return { token: cookieOf(response), id: response.json().user.id as number, email };
  }

  async function buy(token: string, plan: "monthly" | "lifetime") {
    const started = await call("POST", "/_api/stripe/create-checkout-session", token, {
      plan,
      successUrl: "http://localhost/_api/checkout-callback",
      cancelUrl: "http://localhost/subscribe",
    });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = new URL(started.json().url).pathname.split("/").pop() as string;
    await stripe.emulator.completeCheckout(sessionId);
    expect((await call("GET", `/_api/checkout-callback?session_id=${sessionId}`, null)).statusCode).toBe(200);
  }

  async function subscriber(email: string, plan: "monthly" | "lifetime" = "monthly") {
    const who = await member(email);
    await buy(who.token, plan);
    const row = await userRow(who.id);
    return { ...who, subscriptionId: row.stripeSubscriptionId as string };
  }

  /** Delivers Stripe's latest event of this type about this subscription, signed, to the webhook. */
  async function deliverLatest(type: string, subscriptionId: string) {
    const event = stripe.events
      .filter((item) => item.type === type && (item.data.object as { id: string }).id === subscriptionId)
      .at(-1);
    if (!event) throw new Error(`no ${type} event for ${subscriptionId}`);
    const payload = JSON.stringify(event);
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/stripe/webhook",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** What the customer does in Stripe's billing portal, and the event Stripe then sends. */
  async function cancelAtPeriodEndInPortal(subscriptionId: string) {
    await customerApi.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await deliverLatest("customer.subscription.updated", subscriptionId);
  }

  it("stores 'Cancel at period end' from Stripe's event: the plan ends on its date instead of renewing", async () => {
    const who = await subscriber("ending@example.com");
    const before = await sessionOf(who.token);
    expect(before).toMatchObject({ subscriptionStatus: "active", subscriptionCancelAtPeriodEnd: false });

    await cancelAtPeriodEndInPortal(who.subscriptionId);
    const after = await sessionOf(who.token);
    expect(after).toMatchObject({
      subscriptionStatus: "active",
      subscriptionType: "monthly",
      subscriptionCancelAtPeriodEnd: true,
      subscriptionEndDate: before.subscriptionEndDate,
    });
    // Still Premium until then.
    expect((await call("GET", "/_api/user/account-status", who.token)).json().subscriptionStatus).toBe("active");
    const listed = await adminRow(who.id);
    expect(listed).toMatchObject({ subscriptionCancelAtPeriodEnd: true, renewalStoppedOnDeactivation: false });
    // Nothing to pause in a plan that already ends.
    expect(listed.actions).toEqual(["delete_user"]);
    const pause = await adminAction(who.id, "pause_subscription");
    expect(pause.statusCode).toBe(409);
    expect(pause.json().error).toMatch(/nothing to pause/);
    expect((await stripe.emulator.getSubscription(who.subscriptionId))?.pause_collection).toBeNull();
    const exported = (await call("GET", "/_api/user/export-data", who.token)).json();
    expect(exported.subscription).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it("lets the member resume a plan set to end, at Stripe, and shows the renewal again", async () => {
    const who = await subscriber("resumer@example.com");
    await cancelAtPeriodEndInPortal(who.subscriptionId);
    const resumed = await call("POST", "/_api/stripe/resume-subscription", who.token, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().message).toMatch(/^Your subscription will renew on \w+ \d+, \d{4}\.$/);
    expect(await stripe.emulator.getSubscription(who.subscriptionId)).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
    expect((await sessionOf(who.token)).subscriptionCancelAtPeriodEnd).toBe(false);
    // Stripe's own news of it changes nothing further, and a second Resume is harmless.
    await deliverLatest("customer.subscription.updated", who.subscriptionId);
    expect((await sessionOf(who.token)).subscriptionCancelAtPeriodEnd).toBe(false);
    expect((await call("POST", "/_api/stripe/resume-subscription", who.token, {})).statusCode).toBe(200);

    // A portal that schedules the end as a date (cancel_at) is undone the same way.
    const periodEnd = (await stripe.emulator.getSubscription(who.subscriptionId))?.items.data[0]?.current_period_end;
    await customerApi.subscriptions.update(who.subscriptionId, { cancel_at: periodEnd });
    await deliverLatest("customer.subscription.updated", who.subscriptionId);
    expect((await sessionOf(who.token)).subscriptionCancelAtPeriodEnd).toBe(true);
    expect((await call("POST", "/_api/stripe/resume-subscription", who.token, {})).statusCode).toBe(200);
    expect((await stripe.emulator.getSubscription(who.subscriptionId))?.cancel_at).toBeNull();
    expect((await sessionOf(who.token)).subscriptionCancelAtPeriodEnd).toBe(false);
  });

  it("refuses Resume without a session, without a monthly plan, with fields, and after the plan ended", async () => {
    const anonymous = await call("POST", "/_api/stripe/resume-subscription", null, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: BILLING_TEXTS.loginToManage });
    const free = await member("free-resume@example.com");
    const nothing = await call("POST", "/_api/stripe/resume-subscription", free.token, {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ error: BILLING_TEXTS.nothingToResume });
    expect((await call("POST", "/_api/stripe/resume-subscription", free.token, { plan: "monthly" })).json()).toEqual({
      error: "This call takes no fields.",
    });

    const ended = await subscriber("ended@example.com");
    await cancelAtPeriodEndInPortal(ended.subscriptionId);
    await stripe.emulator.renew(ended.subscriptionId);
    await deliverLatest("customer.subscription.deleted", ended.subscriptionId);
    expect(await sessionOf(ended.token)).toMatchObject({
      subscriptionStatus: "canceled",
      subscriptionCancelAtPeriodEnd: false,
    });
    const late = await call("POST", "/_api/stripe/resume-subscription", ended.token, {});
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: BILLING_TEXTS.subscriptionEnded });
  });

  it("offers admins only the actions that apply to each plan, and refuses the others with 409", async () => {
    const lifetime = await subscriber("lifer@example.com", "lifetime");
    expect((await adminRow(lifetime.id)).actions).toEqual(["delete_user"]);
    const before = await userRow(lifetime.id);
    const pause = await adminAction(lifetime.id, "pause_subscription");
    expect(pause.statusCode).toBe(409);
    expect(pause.json()).toEqual({ error: "Lifetime access has no subscription to pause." });
    expect((await adminAction(lifetime.id, "resume_subscription")).statusCode).toBe(409);
    expect(await userRow(lifetime.id)).toEqual(before);

    const monthly = await subscriber("monthly-admin@example.com");
    expect((await adminRow(monthly.id)).actions).toEqual(["pause_subscription", "delete_user"]);
    expect((await adminAction(monthly.id, "resume_subscription")).json()).toEqual({
      error: "Only a paused subscription can be resumed.",
    });
    expect((await adminAction(monthly.id, "pause_subscription")).statusCode).toBe(200);
    expect((await adminRow(monthly.id)).actions).toEqual(["resume_subscription", "delete_user"]);
    expect((await adminAction(monthly.id, "pause_subscription")).statusCode).toBe(409);
    expect((await adminAction(monthly.id, "resume_subscription")).statusCode).toBe(200);

    const free = await member("free-admin@example.com");
    expect((await adminRow(free.id)).actions).toEqual(["delete_user"]);
    const reactivate = await adminAction(free.id, "reactivate_account");
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json()).toEqual({ error: "This account is not deactivated." });
    // The admin's own row offers nothing that would only fail.
    expect((await adminRow(adminId)).actions).toEqual([]);
    expect((await adminAction(adminId, "delete_user")).statusCode).toBe(400);
    expect((await adminAction(999_999, "pause_subscription")).statusCode).toBe(404);
  });

  it("stops a monthly plan's renewal when the member deactivates, shows it, and resumes it on reactivation", async () => {
    const who = await subscriber("leaving-for-now@example.com");
    const deactivated = await call("POST", "/_api/user/deactivate-account", who.token, { password: PASSWORD });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const atStripe = await stripe.emulator.getSubscription(who.subscriptionId);
    expect(atStripe).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect(atStripe?.metadata[RENEWAL_MARKER]).toBe("deactivation");
    expect(await userRow(who.id)).toMatchObject({
      accountStatus: "deactivated",
      subscriptionStatus: "active",
      subscriptionCancelAtPeriodEnd: true,
      subscriptionStoppedOnDeactivation: true,
    });
    // Stripe's event of the same change agrees.
    await deliverLatest("customer.subscription.updated", who.subscriptionId);
    expect((await userRow(who.id)).subscriptionStoppedOnDeactivation).toBe(true);
    // The session is gone; the admin sees why the plan ends.
    expect((await call("GET", "/_api/auth/session", who.token)).statusCode).toBe(401);
    const listed = await adminRow(who.id);
    expect(listed).toMatchObject({
      accountStatus: "deactivated",
      subscriptionCancelAtPeriodEnd: true,
      renewalStoppedOnDeactivation: true,
    });
    expect(listed.actions).toEqual(["delete_user", "reactivate_account"]);

    const reactivated = await adminAction(who.id, "reactivate_account");
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json().message).toMatch(
      /^Account reactivated\. The user can log in again\. Their monthly subscription renews again; the next charge is on \w+ \d+, \d{4}\.$/,
    );
    const resumed = await stripe.emulator.getSubscription(who.subscriptionId);
    expect(resumed).toMatchObject({ status: "active", cancel_at_period_end: false });
    expect(resumed?.metadata).not.toHaveProperty(RENEWAL_MARKER);
    expect(await userRow(who.id)).toMatchObject({
      accountStatus: "active",
      subscriptionCancelAtPeriodEnd: false,
      subscriptionStoppedOnDeactivation: false,
    });
    const login = await call("POST", "/_api/auth/login_with_password", null, { email: who.email, password: PASSWORD });
    expect(login.json().user).toMatchObject({ subscriptionStatus: "active", subscriptionCancelAtPeriodEnd: false });
  });

  it("leaves a cancellation the member chose as it is, through deactivation and reactivation", async () => {
    const who = await subscriber("chose-to-leave@example.com");
    await cancelAtPeriodEndInPortal(who.subscriptionId);
    expect((await call("POST", "/_api/user/deactivate-account", who.token, { password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await stripe.emulator.getSubscription(who.subscriptionId))?.metadata).not.toHaveProperty(RENEWAL_MARKER);
    expect((await adminRow(who.id)).renewalStoppedOnDeactivation).toBe(false);
    const reactivated = await adminAction(who.id, "reactivate_account");
    expect(reactivated.json()).toEqual({ message: "Account reactivated. The user can log in again." });
    expect((await stripe.emulator.getSubscription(who.subscriptionId))?.cancel_at_period_end).toBe(true);
    expect((await userRow(who.id)).subscriptionCancelAtPeriodEnd).toBe(true);
  });

  it("does not restart a plan that ended while the account was deactivated", async () => {
    const who = await subscriber("lapsed-away@example.com");
    await call("POST", "/_api/user/deactivate-account", who.token, { password: PASSWORD });
    await stripe.emulator.renew(who.subscriptionId);
    await deliverLatest("customer.subscription.deleted", who.subscriptionId);
    expect((await adminRow(who.id)).subscriptionStatus).toBe("canceled");
    const reactivated = await adminAction(who.id, "reactivate_account");
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().message).toMatch(
      /Their subscription ended on \w+ \d+, \d{4}; they can subscribe again\.$/,
    );
    expect((await stripe.emulator.getSubscription(who.subscriptionId))?.status).toBe("canceled");
    expect(await userRow(who.id)).toMatchObject({ accountStatus: "active", subscriptionStatus: "canceled" });
  });

  it("keeps Lifetime access through a deactivation without a call to Stripe", async () => {
    const who = await subscriber("lifetime-away@example.com", "lifetime");
    const events = stripe.events.length;
    expect((await call("POST", "/_api/user/deactivate-account", who.token, { password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect(stripe.events.length).toBe(events);
    expect(await userRow(who.id)).toMatchObject({
      accountStatus: "deactivated",
      subscriptionType: "lifetime",
      subscriptionCancelAtPeriodEnd: false,
    });
    expect((await adminAction(who.id, "reactivate_account")).json()).toEqual({
      message: "Account reactivated. The user can log in again.",
    });
  });
});

describe.each(TEST_DRIVERS)("when Stripe cannot be reached, on %s", (driver) => {
  let t: TestApp;
  let token = "";
  let userId = 0;
  let adminToken = "";

  beforeAll(async () => {
    t = await createTestApp(driver, {
      STRIPE_SECRET_KEY: "sk_test_down",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_LIFETIME: "price_l",
      STRIPE_API_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "Admin-pass-1",
    });
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "stuck@example.com", password: PASSWORD, displayName: "Stuck" },
    });
    token = cookieOf(registered);
    userId = registered.json().user.id;
    await t.testDatabase.database.db
      .update(users)
      .set({
        stripeCustomerId: "cus_down",
        stripeSubscriptionId: "sub_down",
        subscriptionStatus: "active",
        subscriptionType: "monthly",
        subscriptionEndDate: new Date(Date.now() + 10 * 86_400_000),
      })
      .where(eq(users.id, userId));
    const admin = await t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email: "admin@example.com", password: "Admin-pass-1" },
    });
    adminToken = cookieOf(admin);
  });
  afterAll(async () => t?.close());

  const row = async () => (await t.testDatabase.database.db.select().from(users).where(eq(users.id, userId)))[0];
  const post = (url: string, session: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, payload, cookies: { fundmatch_session: session } });

  it("does not deactivate, and keeps the session, when the renewal cannot be stopped", async () => {
    const response = await post("/_api/user/deactivate-account", token, { password: PASSWORD });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: BILLING_TEXTS.stopForDeactivationFailed });
    expect(await row()).toMatchObject({ accountStatus: "active", subscriptionCancelAtPeriodEnd: false });
    expect(
      (await t.app.inject({ method: "GET", url: "/_api/auth/session", cookies: { fundmatch_session: token } }))
        .statusCode,
    ).toBe(200);
  });

  it("does not reactivate when the renewal cannot be resumed, and the member's Resume says so", async () => {
    const resume = await post("/_api/stripe/resume-subscription", token, {});
    expect(resume.statusCode).toBe(502);
    expect(resume.json()).toEqual({ error: BILLING_TEXTS.resumeFailed });
    await t.testDatabase.database.db
      .update(users)
      .set({
        accountStatus: "deactivated",
        subscriptionCancelAtPeriodEnd: true,
        subscriptionStoppedOnDeactivation: true,
      })
      .where(eq(users.id, userId));
    const response = await post("/_api/admin/user-action", adminToken, { userId, action: "reactivate_account" });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: BILLING_TEXTS.resumeAfterReactivationFailed });
    expect((await row())?.accountStatus).toBe("deactivated");
  });
});

describe.each(TEST_DRIVERS)("the demo billing portal's cancel and resume on %s", (driver) => {
  let t: TestApp;
  let token = "";

  beforeAll(async () => {
    t = await createTestApp(driver);
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "demo-ending@example.com", password: PASSWORD, displayName: "Dee" },
    });
    token = cookieOf(response);
  });
  afterAll(async () => t?.close());

  const call = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, ...(payload && { payload }), cookies: { fundmatch_session: token } });
  // The demo pages' buttons are same-origin HTML forms.
  const form = (url: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { origin: "http://localhost:80" },
      cookies: { fundmatch_session: token },
    });
  const session = async () => (await call("GET", "/_api/auth/session")).json().user;

  it("shows the end after 'Cancel at period end' in the demo portal, and renews again after Resume or 'Don't cancel'", async () => {
    const start = await call("POST", "/_api/stripe/create-checkout-session", {
      plan: "monthly",
      successUrl: "http://localhost/_api/checkout-callback",
      cancelUrl: "http://localhost/subscribe",
    });
    const checkoutPath = new URL(start.json().url).pathname;
    const paid = await form(`${checkoutPath}/pay`);
    const callback = new URL(paid.headers.location as string);
    await call("GET", `${callback.pathname}${callback.search}`);
    expect(await session()).toMatchObject({ subscriptionStatus: "active", subscriptionCancelAtPeriodEnd: false });

    const portal = await call("POST", "/_api/stripe/customer-portal", { returnUrl: "http://localhost/subscribe" });
    const portalPath = new URL(portal.json().url).pathname;
    const subscriptionId = await subscriptionIdOf(t, "demo-ending@example.com");
    await form(`${portalPath}/subscriptions/${subscriptionId}/cancel`);
    const ending = await session();
    expect(ending).toMatchObject({ subscriptionStatus: "active", subscriptionCancelAtPeriodEnd: true });
    expect(ending.subscriptionEndDate).not.toBeNull();
    expect((await call("GET", portalPath)).body).toContain("Ends on");

    const resumed = await call("POST", "/_api/stripe/resume-subscription", {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await session()).subscriptionCancelAtPeriodEnd).toBe(false);
    expect((await call("GET", portalPath)).body).toContain("Renews on");

    await form(`${portalPath}/subscriptions/${subscriptionId}/cancel`);
    expect((await session()).subscriptionCancelAtPeriodEnd).toBe(true);
    await form(`${portalPath}/subscriptions/${subscriptionId}/keep`);
    expect((await session()).subscriptionCancelAtPeriodEnd).toBe(false);
  });
});

async function subscriptionIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.testDatabase.database.db.select().from(users).where(eq(users.email, email));
  return row?.stripeSubscriptionId ?? "";
}

/** A loopback port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
