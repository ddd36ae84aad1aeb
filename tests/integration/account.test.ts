import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

describe.each(TEST_DRIVERS)("saved funds, account status and profile on %s", (driver) => {
  let t: TestApp;
  let token = "";
  let fundIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertFunds(t.testDatabase.database.db, [
      { name: "Saved One", website: "https://one.example", fund_manager: "Pat One" },
      { name: "Saved Two" },
    ]);
    t.app.services.fundsIndex.invalidate();
    fundIds = (await t.testDatabase.database.db.select({ id: funds.id }).from(funds).orderBy(funds.id)).map(
      (row) => row.id,
    );
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "saver@example.com", password: "Saver-pass-1", displayName: "Sam Saver" },
    });
    token = registered.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  });
  afterAll(async () => t?.close());

  const call = (method: "GET" | "POST", url: string, payload?: unknown, withSession = true) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: withSession ? { fundmatch_session: token } : {},
    });
  const setSubscription = (subscriptionStatus: string | null, subscriptionType: string | null) =>
    changeUserBehindTheApp(t.app, "saver@example.com", { subscriptionStatus, subscriptionType });

  it.each([
    ["GET", "/_api/user/saved-funds"],
    ["POST", "/_api/user/save-fund"],
    ["POST", "/_api/user/unsave-fund"],
    ["GET", "/_api/user/account-status"],
    ["GET", "/_api/user/profile"],
  ] as const)("%s %s needs a signed-in user", async (method, url) => {
    const response = await call(method, url, method === "POST" ? { fundId: 1 } : undefined, false);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Not authenticated" });
  });

  it("tells the account status and the profile", async () => {
    expect((await call("GET", "/_api/user/account-status")).json()).toEqual({
      subscriptionStatus: null,
      subscriptionType: null,
    });
    expect((await call("GET", "/_api/user/profile")).json()).toEqual({
      displayName: "Sam Saver",
      email: "saver@example.com",
      role: "user",
      subscriptionStatus: null,
      hasPassword: true,
      confirmation: "password",
      recentSignInUntil: null,
    });
  });

  it("answers 402 subscription_required to a free user who saves, and changes nothing", async () => {
    const response = await call("POST", "/_api/user/save-fund", { fundId: fundIds[0] });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: "subscription_required" });
    expect((await call("GET", "/_api/user/saved-funds")).json()).toEqual({ funds: [] });
    expect((await call("POST", "/_api/user/unsave-fund", { fundId: fundIds[0] })).statusCode).toBe(200);
  });

  it.each([[0], [-1], [1.5], ["1"], [null]])("refuses fundId %j", async (fundId) => {
    const response = await call("POST", "/_api/user/save-fund", { fundId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "fundId must be a positive integer." });
  });

  it("lets a subscriber save, save again harmlessly, list with premium fields, and unsave", async () => {
    await setSubscription("active", "monthly");
    for (let i = 0; i < 2; i++) {
      const saved = await call("POST", "/_api/user/save-fund", { fundId: fundIds[0] });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ saved: true, fundId: fundIds[0] });
    }
    expect((await call("POST", "/_api/user/save-fund", { fundId: 999_999 })).statusCode).toBe(404);
    const list = (await call("GET", "/_api/user/saved-funds")).json();
    expect(list.funds).toHaveLength(1);
    expect(list.funds[0]).toMatchObject({
      id: fundIds[0],
      name: "Saved One",
      isPremium: false,
      website: "https://one.example/",
      fundManager: "Pat One",
    });
    expect((await call("POST", "/_api/user/save-fund", { fundId: fundIds[1] })).statusCode).toBe(200);
    const both = (await call("GET", "/_api/user/saved-funds")).json();
    expect(both.funds.map((fund: { id: number }) => fund.id)).toEqual([fundIds[1], fundIds[0]]);

    expect((await call("POST", "/_api/user/unsave-fund", { fundId: fundIds[1] })).json()).toEqual({
      saved: false,
      fundId: fundIds[1],
    });
    expect((await call("GET", "/_api/user/saved-funds")).json().funds).toHaveLength(1);
  });

  it("lets a trialing user save too", async () => {
    await setSubscription("trialing", "monthly");
    expect((await call("POST", "/_api/user/save-fund", { fundId: fundIds[1] })).statusCode).toBe(200);
  });

  it("keeps what was saved after the subscription ends, with premium fields withheld", async () => {
    await setSubscription("canceled", "monthly");
    const list = (await call("GET", "/_api/user/saved-funds")).json();
    expect(list.funds.length).toBeGreaterThan(0);
    for (const fund of list.funds) {
      expect(fund.isPremium).toBe(true);
      expect(fund).not.toHaveProperty("website");
    }
  });
});
