import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedSearches, users } from "../../src/server/db/schema/index.js";
import { SAVED_SEARCHES_LIMIT_MESSAGE, SAVED_SEARCHES_MAX } from "../../src/shared/saved-searches.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

/**
 * Saved searches (issue 23): a subscriber saves a search with a name and an alerts switch, lists,
 * renames, switches and deletes their own; nobody reaches another person's; at most 20 each.
 */
describe.each(TEST_DRIVERS)("saved searches on %s", (driver) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const URL = "/_api/user/saved-searches";

  const register = async (name: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: `${name}@example.com`, password: "Search-pass-1", displayName: name },
    });
    tokens[name] = response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  };
  const setSubscription = (name: string, subscriptionStatus: string | null, subscriptionType: string | null) =>
    changeUserBehindTheApp(t.app, `${name}@example.com`, { subscriptionStatus, subscriptionType });
  const call = (name: string | null, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: name ? { fundmatch_session: tokens[name] ?? "" } : {},
    });
  const create = (name: string, payload: unknown) => call(name, "POST", URL, payload);
  const listOf = async (name: string) => (await call(name, "GET", URL)).json().savedSearches;
  const rows = () => t.testDatabase.database.db.select().from(savedSearches).orderBy(savedSearches.id);
  const SEED_FINTECH = { fundingStage: "seed", industryFocus: ["fintech"], country: "Germany" };

  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: "0" });
    for (const name of ["owner", "other", "member", "lapsed", "full"]) await register(name);
    await setSubscription("owner", "active", "monthly");
    await setSubscription("other", "trialing", "monthly");
    await setSubscription("lapsed", "active", "monthly");
    await setSubscription("full", "active", "lifetime");
  });
  afterAll(async () => t?.close());

  it("needs a signed-in user for every call", async () => {
    expect((await call(null, "GET", URL)).statusCode).toBe(401);
    expect((await create("nobody", { name: "x", search: {}, alerts: true })).statusCode).toBe(401);
    expect((await call(null, "PATCH", `${URL}/1`, { alerts: false })).statusCode).toBe(401);
    expect((await call(null, "DELETE", `${URL}/1`)).statusCode).toBe(401);
  });

  it("creates, lists newest first, renames, switches alerts and deletes", async () => {
    const first = await create("owner", { name: "Seed · Fintech · Germany", search: SEED_FINTECH, alerts: true });
    expect(first.statusCode, first.body).toBe(201);
    const saved = first.json().savedSearch;
    expect(saved).toEqual({
      id: expect.any(Number),
      name: "Seed · Fintech · Germany",
      search: SEED_FINTECH,
      alerts: true,
      createdAt: expect.any(String),
      lastAlertAt: null,
    });
    // The stored search is the validated one: a blank query is no query, the name is trimmed.
    const second = await create("owner", {
      name: "  Climate  ",
      search: { industryFocus: ["climate_sustainability"], query: "  ", sort: "fund_size" },
      alerts: false,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().savedSearch).toMatchObject({
      name: "Climate",
      search: { industryFocus: ["climate_sustainability"], sort: "fund_size" },
      alerts: false,
    });
    expect((await listOf("owner")).map((item: { name: string }) => item.name)).toEqual([
      "Climate",
      "Seed · Fintech · Germany",
    ]);

    const renamed = await call("owner", "PATCH", `${URL}/${saved.id}`, { name: "German fintech" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().savedSearch).toMatchObject({ id: saved.id, name: "German fintech", alerts: true });
    const switched = await call("owner", "PATCH", `${URL}/${saved.id}`, { alerts: false });
    expect(switched.json().savedSearch).toMatchObject({ name: "German fintech", alerts: false });
    expect((await listOf("owner"))[1]).toMatchObject({ id: saved.id, name: "German fintech", alerts: false });

    const deleted = await call("owner", "DELETE", `${URL}/${saved.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: saved.id });
    expect((await listOf("owner")).map((item: { id: number }) => item.id)).not.toContain(saved.id);
    expect((await call("owner", "DELETE", `${URL}/${saved.id}`)).statusCode).toBe(404);
  });

  it("refuses a bad search with the search's own message, and changes nothing", async () => {
    const before = await rows();
    const cases: Array<[unknown, string]> = [
      [{ name: "x", search: { fundingStage: "pre-ipo" }, alerts: true }, "Unknown funding stage"],
      [{ name: "x", search: { color: "red" }, alerts: true }, "Unknown field(s) in the search: color."],
      [
        { name: "x", search: { fundSizeMinUsd: 10, fundSizeMaxUsd: 1 }, alerts: true },
        "fundSizeMinUsd must not be above",
      ],
      [{ name: "x", search: { limit: 10 }, alerts: true }, "leave out limit and offset"],
      [{ name: "x", search: { offset: 20 }, alerts: true }, "leave out limit and offset"],
      [{ name: "x", search: "seed", alerts: true }, "The search must be a JSON object."],
      [{ name: "x", search: {}, alerts: true, extra: 1 }, "Unknown field(s): extra."],
      [{ name: "x", search: {} }, "alerts must be true or false."],
      [{ name: "x", search: {}, alerts: "yes" }, "alerts must be true or false."],
      [{ name: "   ", search: {}, alerts: true }, "name must not be empty."],
      [{ name: "n".repeat(81), search: {}, alerts: true }, "name must be at most 80 characters."],
      [{ name: "Tab\there", search: {}, alerts: true }, "name must not contain control characters."],
      [{ name: 5, search: {}, alerts: true }, "name must be a string."],
    ];
    for (const [payload, message] of cases) {
      const response = await create("owner", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error, JSON.stringify(payload)).toContain(message);
    }
    expect((await create("owner", { name: "n".repeat(80), search: {}, alerts: true })).statusCode).toBe(201);
    const after = await rows();
    expect(after.length).toBe(before.length + 1);
  });

  it("holds PATCH to its fields and the id to its rule", async () => {
    const id = (await listOf("owner"))[0].id;
    const cases: Array<[string, unknown, number, string]> = [
      [`${URL}/${id}`, {}, 400, "Send name, alerts or both."],
      [`${URL}/${id}`, { search: {} }, 400, "Unknown field(s): search. Send name, alerts or both."],
      [`${URL}/${id}`, { name: "" }, 400, "name must not be empty."],
      [`${URL}/${id}`, { alerts: 1 }, 400, "alerts must be true or false."],
      [`${URL}/abc`, { alerts: true }, 400, "The saved search id must be a positive integer."],
      [`${URL}/0`, { alerts: true }, 400, "The saved search id must be a positive integer."],
      [`${URL}/99999999999`, { alerts: true }, 400, "The saved search id must be a positive integer."],
      [`${URL}/2147483647`, { alerts: true }, 404, "Saved search not found."],
    ];
    for (const [url, payload, status, message] of cases) {
      const response = await call("owner", "PATCH", url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.json().error).toBe(message);
    }
  });

  it("never shows or changes another person's saved search: 404 as for an unknown id", async () => {
    const mine = (await create("owner", { name: "Mine", search: SEED_FINTECH, alerts: true })).json().savedSearch;
    const before = await rows();
    const patch = await call("other", "PATCH", `${URL}/${mine.id}`, { name: "Taken" });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ error: "Saved search not found." });
    const remove = await call("other", "DELETE", `${URL}/${mine.id}`);
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual({ error: "Saved search not found." });
    expect(await listOf("other")).toEqual([]);
    expect(await rows()).toEqual(before);
  });

  it("asks a non-subscriber to subscribe (402), and saves nothing", async () => {
    const before = await rows();
    const response = await create("member", { name: "Free", search: { country: "Germany" }, alerts: true });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: "subscription_required" });
    expect(await listOf("member")).toEqual([]);
    expect(await rows()).toEqual(before);
  });

  it("lets a lapsed subscriber list, rename, switch and delete, but not save a new one", async () => {
    const kept = (await create("lapsed", { name: "Kept", search: SEED_FINTECH, alerts: true })).json().savedSearch;
    const gone = (await create("lapsed", { name: "Gone", search: {}, alerts: true })).json().savedSearch;
    await setSubscription("lapsed", "canceled", "monthly");
    expect((await listOf("lapsed")).map((item: { name: string }) => item.name)).toEqual(["Gone", "Kept"]);
    expect((await call("lapsed", "PATCH", `${URL}/${kept.id}`, { alerts: false })).statusCode).toBe(200);
    expect((await call("lapsed", "DELETE", `${URL}/${gone.id}`)).statusCode).toBe(200);
    expect(await listOf("lapsed")).toEqual([expect.objectContaining({ id: kept.id, alerts: false })]);
    expect((await create("lapsed", { name: "New", search: {}, alerts: true })).statusCode).toBe(402);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per account: the next is a 409, even when sent at once`, async () => {
    const attempts = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 3 }, (_, index) =>
        create("full", { name: `Search ${index + 1}`, search: {}, alerts: index % 2 === 0 }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    const refused = attempts.find((response) => response.statusCode === 409);
    expect(refused?.json()).toEqual({ error: SAVED_SEARCHES_LIMIT_MESSAGE });
    expect(await listOf("full")).toHaveLength(SAVED_SEARCHES_MAX);
    // Deleting one makes room again; the limit is per account (the owner is not affected).
    const oldest = (await listOf("full")).at(-1);
    expect((await call("full", "DELETE", `${URL}/${oldest.id}`)).statusCode).toBe(200);
    expect((await create("full", { name: "Room again", search: {}, alerts: true })).statusCode).toBe(201);
    expect((await create("owner", { name: "Owner's", search: {}, alerts: true })).statusCode).toBe(201);
  });

  it("puts the saved searches in the data export", async () => {
    const response = await call("owner", "GET", "/_api/user/export-data");
    expect(response.statusCode).toBe(200);
    const exported = JSON.parse(response.body);
    expect(exported.savedSearches).toEqual(await listOf("owner"));
    expect(exported.savedSearches.length).toBeGreaterThan(0);
    const others = JSON.parse((await call("other", "GET", "/_api/user/export-data")).body);
    expect(others.savedSearches).toEqual([]);
  });

  it("goes with the account: deleting the user deletes their saved searches", async () => {
    const db = t.testDatabase.database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "full@example.com"));
    expect((await rows()).some((row) => row.userId === user?.id)).toBe(true);
    await db.delete(users).where(eq(users.email, "full@example.com"));
    expect((await rows()).some((row) => row.userId === user?.id)).toBe(false);
  });
});
