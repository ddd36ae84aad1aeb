import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appOrigin, loadConfig } from "../../src/server/config.js";
import { funds } from "../../src/server/db/schema/index.js";
import { createTestApp, keepingMailer, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

/** What an attacker puts in the request: another Host, and the headers a proxy would set. */
const FORGED = {
  host: "evil.example",
  "x-forwarded-host": "evil-forwarded.example",
  "x-forwarded-proto": "https",
};
const ORIGIN = "http://127.0.0.1:4567";
const PASSWORD = "Member-pass-1";

/**
 * Issue 35: with PUBLIC_ORIGIN unset, a reset requested with another Host mailed the victim a link
 * to that host, a fund claim mailed a link to the attacker's host, and the feed and the sitemap
 * (publicly cached) followed the header. Links come from the configuration alone now.
 */
describe.each(TEST_DRIVERS)("links never follow the request's Host, on %s", (driver) => {
  let t: TestApp;
  const mailer = keepingMailer();
  let counter = 0;
  const nextIp = () => `10.35.${Math.floor(++counter / 250)}.${counter % 250}`;

  beforeAll(async () => {
    // Development without PUBLIC_ORIGIN, behind a proxy that is believed (the worst case for the headers).
    t = await createTestApp(
      driver,
      { HOST: "127.0.0.1", PORT: "4567", TRUST_PROXY: "loopback, 10.0.0.0/8", RATE_LIMIT_PER_MINUTE: "0" },
      {},
      { mailer },
    );
    await insertFunds(t.testDatabase.database.db, [{ name: "Alpha Ventures", website: "https://alpha.example" }]);
  });
  afterAll(async () => t?.close());

  const send = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>, cookie?: string) =>
    t.app.inject({
      method,
      url,
      headers: FORGED,
      remoteAddress: nextIp(),
      ...(payload && { payload }),
      ...(cookie && { cookies: { fundmatch_session: cookie } }),
    });
  const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)].map((match) => match[0]);
  const expectOnlyOurLinks = (text: string) => {
    expect(text).not.toContain("evil");
    for (const link of linksIn(text).filter((url) => !/alpha\.example|fundmatch\.example|www\.w3\.org/.test(url))) {
      expect(link.startsWith(`${ORIGIN}/`) || link === ORIGIN, link).toBe(true);
    }
  };

  it("puts the configured origin in the reset e-mail", async () => {
    const registered = await send("POST", "/_api/auth/register_with_password", {
      email: "reset-me@example.com",
      password: PASSWORD,
      displayName: "Member",
    });
    expect(registered.statusCode).toBe(201);
    expect(
      (await send("POST", "/_api/auth/request-password-reset", { email: "reset-me@example.com" })).statusCode,
    ).toBe(200);
    await t.app.services.auth.drain();
    const message = mailer.sent.findLast((mail) => mail.to === "reset-me@example.com");
    expect(message?.text).toContain(`${ORIGIN}/reset-password?token=`);
    expectOnlyOurLinks(`${message?.text}\n${message?.html}`);
  });

  it("puts the configured origin in a fund claim's e-mail", async () => {
    const registered = await send("POST", "/_api/auth/register_with_password", {
      email: "claimant@example.com",
      password: PASSWORD,
      displayName: "Claimant",
    });
    const cookie = registered.cookies.find((entry) => entry.name === "fundmatch_session")?.value ?? "";
    const [fund] = await t.testDatabase.database.db.select({ id: funds.id }).from(funds);
    const claimed = await send("POST", `/_api/funds/${fund?.id}/claim`, { email: "ana@alpha.example" }, cookie);
    expect(claimed.json()).toEqual({ status: "verification_sent" });
    const message = mailer.sent.findLast((mail) => mail.to === "ana@alpha.example");
    expect(message?.text).toContain(`${ORIGIN}/`);
    expectOnlyOurLinks(`${message?.text}\n${message?.html}`);
  });

  it("puts the configured origin in the guest checkout's set-password e-mail and its return addresses", async () => {
    const started = await send("POST", "/_api/stripe/create-checkout-session", {
      plan: "lifetime",
      successUrl: "http://evil.example/subscribe",
      cancelUrl: "http://evil.example/subscribe",
      email: "guest-buyer@example.com",
    });
    expect(started.statusCode, started.body).toBe(200);
    const checkout = new URL(started.json().url);
    expect(checkout.origin).toBe(ORIGIN);
    const paid = await t.app.inject({
      method: "POST",
      url: `${checkout.pathname}/pay`,
      headers: { ...FORGED, origin: ORIGIN },
      remoteAddress: nextIp(),
    });
    expect(paid.statusCode).toBe(303);
    expect(String(paid.headers.location).startsWith(`${ORIGIN}/`)).toBe(true);
    await t.app.inject({
      method: "GET",
      url: new URL(String(paid.headers.location)).pathname + new URL(String(paid.headers.location)).search,
      headers: FORGED,
    });
    const message = mailer.sent.findLast((mail) => mail.to === "guest-buyer@example.com");
    expect(message?.text).toContain(`${ORIGIN}/set-password?token=`);
    expectOnlyOurLinks(`${message?.text}\n${message?.html}`);
  });

  it("starts a provider sign-in with the configured callback", async () => {
    const started = await send("GET", "/_api/auth/oauth_authorize?provider=demo");
    expect(started.statusCode).toBe(302);
    const authorize = new URL(String(started.headers.location));
    expect(authorize.origin).toBe(ORIGIN);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/_api/auth/oauth_callback`);
  });

  it.each(["/blog/rss.xml", "/sitemap.xml", "/robots.txt"])("builds %s from the configured origin", async (path) => {
    const answer = await send("GET", path);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(ORIGIN);
    expect(answer.body).not.toContain("evil");
  });
});

describe("the origin links are built from", () => {
  it("is PUBLIC_ORIGIN, else the address the app listens on in development", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://fundmatch.example/" }).APP_ORIGIN).toBe("https://fundmatch.example");
    expect(loadConfig({}).APP_ORIGIN).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "8080" }).APP_ORIGIN).toBe("http://127.0.0.1:8080");
    expect(appOrigin({ PUBLIC_ORIGIN: undefined, HOST: "::1", PORT: 80 })).toBe("http://[::1]");
    expect(appOrigin({ PUBLIC_ORIGIN: undefined, HOST: "::", PORT: 3000 })).toBe("http://localhost:3000");
  });

  it("must be configured in production", () => {
    const production = { NODE_ENV: "production", PAYMENTS_MODE: "demo", AI_WRITER_MODE: "demo", OIDC_MODE: "off" };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_ORIGIN: required in production/);
    expect(loadConfig({ ...production, PUBLIC_ORIGIN: "https://fundmatch.example" }).APP_ORIGIN).toBe(
      "https://fundmatch.example",
    );
  });
});
