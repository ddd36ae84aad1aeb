import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.js";
import { users } from "../../src/server/db/schema/index.js";
import { type SmtpPeer, startSmtpPeer } from "../peers/smtp.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

describe("payments configuration", () => {
  it("runs the demo provider without Stripe keys, but not silently in production", () => {
    expect(loadConfig({ NODE_ENV: "development" }).PAYMENTS_MODE).toBe("demo");
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PAYMENTS_MODE: Stripe is not configured/);
    // The other demo providers (AI writer, sign-in) have their own switches in production.
    const otherDemos = { AI_WRITER_MODE: "demo", OIDC_MODE: "demo", PUBLIC_ORIGIN: "https://fundmatch.example" };
    expect(loadConfig({ NODE_ENV: "production", PAYMENTS_MODE: "demo", ...otherDemos }).PAYMENTS_MODE).toBe("demo");
  });

  it("needs every Stripe variable for real payments, and names the missing ones", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_LIFETIME: required for Stripe payments/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_test_wrong" })).toThrow(
      /STRIPE_SECRET_KEY: must start with sk_ or rk_/,
    );
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_LIFETIME: "price_l",
    });
    expect(config.PAYMENTS_MODE).toBe("stripe");
  });
});

describe.each(TEST_DRIVERS)("demo payments on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let token = "";
  let userId = 0;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp(driver, { SMTP_URL: smtp.url });
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "demo@example.com", password: "Demo-pass-1", displayName: "Dee Demo" },
    });
    token = response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    userId = response.json().user.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const call = (method: "GET" | "POST", url: string, payload?: unknown, withSession = true) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: withSession ? { fundmatch_session: token } : {},
    });
  const form = (url: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { origin: "http://localhost:80" },
      cookies: { fundmatch_session: token },
    });
  const row = async () => (await t.testDatabase.database.db.select().from(users).where(eq(users.id, userId)))[0];

  it("walks through the labelled demo checkout and applies the payment like Stripe's", async () => {
    const start = await call("POST", "/_api/stripe/create-checkout-session", {
      plan: "monthly",
      successUrl: "http://localhost/_api/checkout-callback",
      cancelUrl: "http://localhost/subscribe",
    });
    expect(start.statusCode, start.body).toBe(200);
    const checkoutPath = new URL(start.json().url).pathname;
    expect(checkoutPath).toMatch(/^\/_api\/billing\/demo\/checkout\/cs_/);

    const page = await call("GET", checkoutPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Demo checkout: no card is charged");
    expect(page.body).toContain("Pay $9.99");
    expect(page.body).toContain("demo@example.com");

    const paid = await form(`${checkoutPath}/pay`);
    expect(paid.statusCode).toBe(303);
    const callback = new URL(paid.headers.location as string);
    expect(callback.pathname).toBe("/_api/checkout-callback");
    const landing = await call("GET", `${callback.pathname}${callback.search}`);
    expect(landing.body).toContain('"type":"CHECKOUT_SUCCESS"');
    expect(await row()).toMatchObject({ subscriptionStatus: "active", subscriptionType: "monthly" });

    // A paid page cannot be paid twice.
    expect((await form(`${checkoutPath}/pay`)).statusCode).toBe(303);
    expect((await call("GET", checkoutPath)).body).toContain("This checkout is complete");
  });

  it("runs the portal: cancel at period end, keep, and a failed payment", async () => {
    const portal = await call("POST", "/_api/stripe/customer-portal", { returnUrl: "http://localhost/subscribe" });
    expect(portal.statusCode, portal.body).toBe(200);
    const portalPath = new URL(portal.json().url).pathname;
    const page = await call("GET", portalPath);
    expect(page.body).toContain("Cancel at period end");
    expect(page.body).toContain("Demo billing portal: no card is charged");
    const subscriptionId = (await row())?.stripeSubscriptionId as string;

    await form(`${portalPath}/subscriptions/${subscriptionId}/cancel`);
    const cancelling = await row();
    expect(cancelling?.subscriptionStatus).toBe("active");
    expect((await call("GET", portalPath)).body).toContain("Don't cancel");

    await form(`${portalPath}/subscriptions/${subscriptionId}/keep`);
    await form(`${portalPath}/subscriptions/${subscriptionId}/fail`);
    expect((await row())?.subscriptionStatus).toBe("past_due");
    await form(`${portalPath}/subscriptions/${subscriptionId}/renew`);
    expect((await row())?.subscriptionStatus).toBe("active");
  });

  it("shows a Lifetime member's purchase in the portal, with its date and amount, above the old monthly plan", async () => {
    const upgrade = await call("POST", "/_api/stripe/upgrade-to-lifetime", {
      successUrl: "http://localhost/_api/checkout-callback",
      cancelUrl: "http://localhost/subscribe",
    });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const paid = await form(`${new URL(upgrade.json().url).pathname}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(await row()).toMatchObject({ subscriptionStatus: "active", subscriptionType: "lifetime" });

    const portal = await call("POST", "/_api/stripe/customer-portal", { returnUrl: "http://localhost/subscribe" });
    expect(portal.statusCode, portal.body).toBe(200);
    const page = (await call("GET", new URL(portal.json().url).pathname)).body;
    const today = new Date().toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    expect(page).toContain("FundMatch Lifetime · $149 one-time payment");
    expect(page).toContain(`<dt>Paid on</dt><dd>${today}</dd>`);
    // The monthly plan it replaced is still listed, as history, after the purchase.
    expect(page.indexOf("FundMatch Lifetime")).toBeLessThan(page.indexOf("FundMatch Premium"));
    expect(page).toContain("<dd>canceled</dd>");
  });

  it("cancels a demo checkout back to the callback, which reports nothing paid", async () => {
    const start = await call("POST", "/_api/stripe/create-checkout-session", undefined, false);
    expect(start.statusCode).toBe(400);
    const guest = await call(
      "POST",
      "/_api/stripe/create-checkout-session",
      {
        plan: "lifetime",
        successUrl: "http://localhost/x",
        cancelUrl: "http://localhost/y",
        email: "guest-demo@example.com",
      },
      false,
    );
    const checkoutPath = new URL(guest.json().url).pathname;
    const cancelled = await form(`${checkoutPath}/cancel`);
    // The configured origin (http://HOST:PORT without PUBLIC_ORIGIN), never the request's Host.
    expect(cancelled.headers.location).toBe("http://localhost:3000/_api/checkout-callback?cancelled=1");
  });

  it("refuses a demo form posted from another site", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/billing/demo/checkout/cs_test_x/pay",
      headers: { origin: "null", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(403);
  });

  it("has no webhook endpoint in demo mode", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(404);
  });
});
