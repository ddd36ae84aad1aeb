import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds, savedFunds, users } from "../../src/server/db/schema/index.js";
import { PIPELINE_STATUSES } from "../../src/shared/pipeline.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

/**
 * Saved funds as a fundraising pipeline: status, private note and next-step date per saved fund,
 * readable and changeable by their owner only, kept after a subscription ends, and exported.
 */
describe.each(TEST_DRIVERS)("the fundraising pipeline on %s", (driver) => {
  let t: TestApp;
  let fundIds: number[] = [];
  const tokens: Record<string, string> = {};

  const register = async (name: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: `${name}@example.com`, password: "Pipe-pass-1", displayName: name },
    });
    tokens[name] = response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  };
  // Changed behind the app's back, as billing on another instance would: returns once the app dropped the cached session.
  const setSubscription = (name: string, subscriptionStatus: string | null, subscriptionType: string | null) =>
    changeUserBehindTheApp(t.app, `${name}@example.com`, { subscriptionStatus, subscriptionType });
  const call = (name: string | null, method: "GET" | "POST", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: name ? { fundmatch_session: tokens[name] ?? "" } : {},
    });
  const update = (name: string | null, payload: unknown) => call(name, "POST", "/_api/user/saved-fund/update", payload);
  const listOf = async (name: string) => (await call(name, "GET", "/_api/user/saved-funds")).json().funds;
  const storedRows = () =>
    t.testDatabase.database.db.select().from(savedFunds).orderBy(savedFunds.userId, savedFunds.fundId);

  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertFunds(t.testDatabase.database.db, [
      { name: "Pipe One", website: "https://one.example", fund_manager: "Pat One" },
      { name: "Pipe Two" },
      { name: "Pipe Three" },
    ]);
    t.app.services.fundsIndex.invalidate();
    fundIds = (await t.testDatabase.database.db.select({ id: funds.id }).from(funds).orderBy(funds.id)).map(
      (row) => row.id,
    );
    await register("owner");
    await register("other");
    await setSubscription("owner", "active", "monthly");
    await setSubscription("other", "active", "monthly");
  });
  afterAll(async () => t?.close());

  it("needs a signed-in user", async () => {
    const response = await update(null, { fundId: fundIds[0], status: "contacted" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Not authenticated" });
  });

  it("starts every new save at to_contact, with no note and no date", async () => {
    expect((await call("owner", "POST", "/_api/user/save-fund", { fundId: fundIds[0] })).statusCode).toBe(200);
    expect((await call("owner", "POST", "/_api/user/save-fund", { fundId: fundIds[1] })).statusCode).toBe(200);
    const list = await listOf("owner");
    expect(list.map((fund: { id: number }) => fund.id)).toEqual([fundIds[1], fundIds[0]]);
    for (const fund of list) {
      expect(fund.pipeline).toEqual({
        status: "to_contact",
        note: "",
        nextStepDate: null,
        committedAmountUsd: null,
        savedAt: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(fund.pipeline.savedAt))).toBe(false);
    }
    // The fund itself is the search's rendering, premium fields included for a subscriber.
    expect(list[1]).toMatchObject({ id: fundIds[0], name: "Pipe One", isPremium: false, fundManager: "Pat One" });
  });

  it("moves a fund through the pipeline: status, note and date, each alone or together", async () => {
    const moved = await update("owner", { fundId: fundIds[0], status: "contacted", note: "Intro via Sam 👋" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      fundId: fundIds[0],
      pipeline: {
        status: "contacted",
        note: "Intro via Sam 👋",
        nextStepDate: null,
        committedAmountUsd: null,
        savedAt: expect.any(String),
      },
    });
    // A field left out stays as it is.
    const dated = await update("owner", { fundId: fundIds[0], nextStepDate: "2027-02-28" });
    expect(dated.json().pipeline).toMatchObject({
      status: "contacted",
      note: "Intro via Sam 👋",
      nextStepDate: "2027-02-28",
    });
    for (const status of PIPELINE_STATUSES) {
      expect((await update("owner", { fundId: fundIds[1], status })).json().pipeline.status).toBe(status);
    }
    const cleared = await update("owner", { fundId: fundIds[0], nextStepDate: null, note: "" });
    expect(cleared.json().pipeline).toMatchObject({ status: "contacted", note: "", nextStepDate: null });
    await update("owner", { fundId: fundIds[0], note: "Partner meeting next week", nextStepDate: "2027-03-01" });
    const [saved] = (await listOf("owner")).filter((fund: { id: number }) => fund.id === fundIds[0]);
    expect(saved.pipeline).toMatchObject({
      status: "contacted",
      note: "Partner meeting next week",
      nextStepDate: "2027-03-01",
    });
  });

  it("takes a note of exactly 2,000 characters, counting an emoji as one", async () => {
    const longest = "🚀".repeat(2000);
    const response = await update("owner", { fundId: fundIds[1], note: longest });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().pipeline.note).toBe(longest);
  });

  it.each([
    [{ fundId: 0, status: "contacted" }, "fundId must be a positive integer."],
    [{ status: "contacted" }, "fundId must be a positive integer."],
    [{ fundId: 1 }, "Nothing to update: send status, note, nextStepDate or committedAmountUsd with the fundId."],
    [
      { fundId: 1, status: "won" },
      "Unknown status 'won'. Use one of: to_contact, contacted, in_conversation, passed, committed.",
    ],
    [
      { fundId: 1, status: null },
      "Unknown status (null). Use one of: to_contact, contacted, in_conversation, passed, committed.",
    ],
    [{ fundId: 1, note: "x".repeat(2001) }, "note must be at most 2,000 characters."],
    [{ fundId: 1, note: 5 }, "note must be a string."],
    [{ fundId: 1, note: "a\u0000b" }, "note must not contain control characters."],
    [
      { fundId: 1, nextStepDate: "2027-02-30" },
      expect.stringContaining("nextStepDate must be a date written YYYY-MM-DD"),
    ],
    [
      { fundId: 1, nextStepDate: "27-02-01" },
      expect.stringContaining("nextStepDate must be a date written YYYY-MM-DD"),
    ],
    [
      { fundId: 1, nextStepDate: "0000-01-01" },
      expect.stringContaining("nextStepDate must be a date written YYYY-MM-DD"),
    ],
    [{ fundId: 1, nextStepDate: "2027-01-01T00:00:00Z" }, expect.stringContaining("nextStepDate must be")],
    [{ fundId: 1, nextStepDate: 20270101 }, expect.stringContaining("nextStepDate must be")],
    [{ fundId: 1, status: "contacted", userId: 2 }, expect.stringContaining("Unknown field(s): userId.")],
  ])("refuses %j with a clear 400 and changes nothing", async (payload, message) => {
    const before = await storedRows();
    const response = await update("owner", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(await storedRows()).toEqual(before);
  });

  it("answers 404 for a fund the user has not saved, and for another user's saved fund", async () => {
    // 'other' saves fund 3; 'owner' has not saved it.
    expect((await call("other", "POST", "/_api/user/save-fund", { fundId: fundIds[2] })).statusCode).toBe(200);
    const before = await storedRows();
    for (const payload of [
      { fundId: fundIds[2], status: "passed" },
      { fundId: 999_999, status: "passed" },
      { fundId: 2_147_483_647, note: "hi" },
    ]) {
      const response = await update("owner", payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Saved fund not found. Save the fund first." });
    }
    expect(await storedRows()).toEqual(before);
    // Nobody sees another person's pipeline either.
    expect((await listOf("other")).map((fund: { id: number }) => fund.id)).toEqual([fundIds[2]]);
    expect((await listOf("owner")).map((fund: { id: number }) => fund.id)).not.toContain(fundIds[2]);
  });

  it("keeps the pipeline when a fund is saved again, and drops it with Remove", async () => {
    await call("owner", "POST", "/_api/user/save-fund", { fundId: fundIds[0] });
    const [kept] = (await listOf("owner")).filter((fund: { id: number }) => fund.id === fundIds[0]);
    expect(kept.pipeline.note).toBe("Partner meeting next week");
    await call("other", "POST", "/_api/user/unsave-fund", { fundId: fundIds[2] });
    expect(await listOf("other")).toEqual([]);
    expect((await update("other", { fundId: fundIds[2], status: "passed" })).statusCode).toBe(404);
    await call("other", "POST", "/_api/user/save-fund", { fundId: fundIds[2] });
    expect((await listOf("other"))[0].pipeline).toMatchObject({ status: "to_contact", note: "" });
  });

  it("keeps the pipeline after the subscription ends, premium fields withheld, and the owner may still update it", async () => {
    await setSubscription("owner", "canceled", "monthly");
    const list = await listOf("owner");
    expect(list).toHaveLength(2);
    const [lapsed] = list.filter((fund: { id: number }) => fund.id === fundIds[0]);
    expect(lapsed).toMatchObject({
      isPremium: true,
      pipeline: { status: "contacted", note: "Partner meeting next week" },
    });
    expect(lapsed).not.toHaveProperty("fundManager");
    expect(lapsed).not.toHaveProperty("website");
    const passed = await update("owner", { fundId: fundIds[0], status: "passed" });
    expect(passed.statusCode).toBe(200);
    // Saving new funds still needs the subscription.
    expect((await call("owner", "POST", "/_api/user/save-fund", { fundId: fundIds[2] })).statusCode).toBe(402);
    await setSubscription("owner", "active", "monthly");
  });

  it("includes the pipeline in the account data export", async () => {
    const response = await call("owner", "GET", "/_api/user/export-data");
    expect(response.statusCode).toBe(200);
    const exported = response.json().savedFunds;
    expect(exported).toHaveLength(2);
    expect(exported).toContainEqual({
      fundId: fundIds[0],
      name: "Pipe One",
      country: expect.any(String),
      savedAt: expect.any(String),
      status: "passed",
      note: "Partner meeting next week",
      nextStepDate: "2027-03-01",
      committedAmountUsd: null,
      updatedAt: expect.any(String),
    });
    // Only the owner's own funds.
    expect(exported.map((row: { fundId: number }) => row.fundId)).not.toContain(fundIds[2]);
  });

  it("refuses notes and statuses the database would not hold, even from code that bypasses the API", async () => {
    const db = t.testDatabase.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
    await expect(
      db
        .update(savedFunds)
        .set({ note: "x".repeat(2001) })
        .where(eq(savedFunds.userId, owner?.id ?? 0)),
    ).rejects.toThrow();
    await expect(
      db
        .update(savedFunds)
        .set({ status: "won" as "passed" })
        .where(eq(savedFunds.userId, owner?.id ?? 0)),
    ).rejects.toThrow();
  });
});
