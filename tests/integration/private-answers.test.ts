import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds, users } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const ADMIN = { email: "boss@example.com", password: "Admin-pass-1" };
const SUBSCRIBER = { email: "sub@example.com", password: "Subscriber-pass-1", displayName: "Sue Scriber" };

/**
 * Answers that depend on the viewer's session must not be kept by shared caches (issue 20): every
 * answer of the API to a request with a session cookie says `private` (or `no-store`), while a
 * visitor's answers, the same for every visitor, keep the headers they had.
 */
describe.each(TEST_DRIVERS)("Cache-Control of answers that depend on the session (%s)", (driver) => {
  let t: TestApp;
  let fundId = 0;
  const cookies = { admin: "", subscriber: "" };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: "0",
      RATE_LIMIT_SENSITIVE_SCALE: "1000",
    });
    const db = t.testDatabase.database.db;
    await insertFunds(db, [{ name: "Private Answers Capital" }]);
    t.app.services.fundsIndex.invalidate();
    fundId = (await db.select({ id: funds.id }).from(funds))[0]?.id ?? 0;
    const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
      `fundmatch_session=${response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value}`;
    cookies.admin = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN }),
    );
    cookies.subscriber = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: SUBSCRIBER }),
    );
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "lifetime" })
      .where(eq(users.email, SUBSCRIBER.email));
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("marks a subscriber's session, fund and saved funds private", async () => {
    for (const url of ["/_api/auth/session", `/_api/funds/${fundId}`, "/_api/user/saved-funds"]) {
      const response = await get(url, cookies.subscriber);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("private, no-store");
    }
    const search = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: { cookie: cookies.subscriber },
      payload: {},
    });
    expect(search.headers["cache-control"]).toBe("private, no-store");
  });

  it("marks every GET answer of the API private for a signed-in request, whatever its status", async () => {
    const routes = t.app.routeInventory.filter(
      (route) => route.method === "GET" && route.url.startsWith("/_api") && !route.url.includes("/demo"),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, String(fundId)).replace(/\*$/, "x");
      for (const cookie of [cookies.admin, cookies.subscriber]) {
        const response = await get(url, cookie);
        expect(response.headers["cache-control"], `${route.url}: ${response.statusCode}`).toMatch(
          /\bprivate\b|\bno-store\b/,
        );
      }
    }
    // A dead session cookie is still a session cookie: the answer clears it, privately.
    const dead = await get("/_api/auth/session", "fundmatch_session=not-a-live-token");
    expect(dead.headers["cache-control"]).toBe("private, no-store");
  });

  it("leaves a visitor's public answers as they were", async () => {
    for (const url of [`/_api/funds/${fundId}`, "/_api/blog/posts", "/_api/countries", "/_api/auth/session"]) {
      const response = await get(url);
      expect(response.headers["cache-control"], url).toBeUndefined();
    }
    const search = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      payload: {},
    });
    expect(search.statusCode).toBe(200);
    expect(search.headers["cache-control"]).toBeUndefined();
  });
});
