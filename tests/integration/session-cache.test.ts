import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/client.js";
import { sessions, users } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

/**
 * Sessions are kept in memory once resolved (auth/session-cache.ts). These tests hold the cache to
 * what the database says: a change is seen by the very next request on the instance that wrote it,
 * however it was written, and by every other instance shortly after.
 */
const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  `fundmatch_session=${response.cookies.find((item) => item.name === "fundmatch_session")?.value}`;

describe.each(TEST_DRIVERS)("the session cache on %s", (driver) => {
  let t: TestApp;
  let count = 0;
  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: "0" });
    await insertFunds(t.testDatabase.database.db, [{ name: "Alpha", leads_rounds: "true" }]);
    t.app.services.fundsIndex.invalidate();
  });
  afterAll(async () => t?.close());

  const signUp = async () => {
    const email = `cached-${++count}@example.com`;
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: "Sup3rSecret1", displayName: "Cached" },
    });
    return { email, cookie: cookieOf(response) };
  };
  const session = (cookie: string) => t.app.inject({ method: "GET", url: "/_api/auth/session", headers: { cookie } });
  const advanced = (cookie: string) =>
    t.app.inject({ method: "POST", url: "/_api/funds/search", headers: { cookie }, payload: { leadsRounds: true } });

  it("sees a subscription written straight into the database on the next request, both ways", async () => {
    const { email, cookie } = await signUp();
    expect((await advanced(cookie)).statusCode).toBe(402);
    const db = t.testDatabase.database.db;
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "monthly" })
      .where(eq(users.email, email));
    expect((await advanced(cookie)).statusCode).toBe(200);
    await db.update(users).set({ subscriptionStatus: "canceled" }).where(eq(users.email, email));
    expect((await advanced(cookie)).statusCode).toBe(402);
  });

  it("ends a session at once on logout, deletion of the row, or deactivation", async () => {
    const first = await signUp();
    expect((await session(first.cookie)).statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/_api/auth/logout", headers: { cookie: first.cookie }, payload: {} });
    expect((await session(first.cookie)).statusCode).toBe(401);

    const second = await signUp();
    expect((await session(second.cookie)).statusCode).toBe(200);
    await t.testDatabase.database.db.execute(sql`delete from sessions`);
    expect((await session(second.cookie)).statusCode).toBe(401);

    const third = await signUp();
    expect((await session(third.cookie)).statusCode).toBe(200);
    await t.testDatabase.database.db
      .update(users)
      .set({ accountStatus: "deactivated" })
      .where(eq(users.email, third.email));
    expect((await session(third.cookie)).statusCode).toBe(401);
  });

  it("never serves a session past its expiry", async () => {
    const { cookie } = await signUp();
    expect((await session(cookie)).statusCode).toBe(200);
    const token = cookie.split("=")[1] as string;
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await t.app.services.auth.resolve(token, later)).toBeUndefined();
    const [row] = await t.testDatabase.database.db.select().from(sessions).limit(1);
    expect(row).toBeDefined();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the session cache across instances", () => {
  let shared: TestDatabase;
  const apps: App[] = [];

  beforeAll(async () => {
    shared = await createTestDatabase("postgres");
    const config = loadConfig({ NODE_ENV: "test", SEED_ON_START: "false", LOG_LEVEL: "silent" });
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: shared.url });
      apps.push(await buildApp(config, { database, logger: false }));
    }
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
      await app.services.database.close();
    }
    await shared?.drop();
  });

  it("ends a session on every instance when it is logged out on one", async () => {
    const [a, b] = apps as [App, App];
    const registered = await a.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "everywhere@example.com", password: "Sup3rSecret1", displayName: "Everywhere" },
    });
    const cookie = cookieOf(registered);
    const status = (app: App) =>
      app.inject({ method: "GET", url: "/_api/auth/session", headers: { cookie } }).then((r) => r.statusCode);
    expect(await status(a)).toBe(200);
    expect(await status(b)).toBe(200);
    await a.inject({ method: "POST", url: "/_api/auth/logout", headers: { cookie }, payload: {} });
    expect(await status(a)).toBe(401);
    await expect.poll(() => status(b), { timeout: 5000 }).toBe(401);
  });
});
