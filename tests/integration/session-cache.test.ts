import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CachedSession, SessionCache } from "../../src/server/auth/session-cache.js";
import { hashToken } from "../../src/server/auth/tokens.js";
import { listenerLockClass } from "../../src/server/db/client.js";
import { sessions, type UserRow, users } from "../../src/server/db/schema/index.js";
import { DATA_CHANGED_CHANNEL } from "../../src/server/db/versioned-snapshot.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

const PASSWORD = "Cache-pass-1";

/**
 * The session cache: a signed-in request is answered from memory, and every change to the user or
 * the session drops it before the next request, whoever made the change.
 */
describe.each(TEST_DRIVERS)("signed-in sessions held in memory on %s", (driver) => {
  let t: TestApp;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp(driver, { ADMIN_EMAIL: "chief@example.com", ADMIN_PASSWORD: "Chief-pass-1" });
  });
  afterAll(async () => t?.close());

  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const call = (method: "GET" | "POST", url: string, token: string | null, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.30.${Math.floor(++ip / 250)}.${ip % 250}`,
      ...(payload === undefined ? {} : { payload }),
      cookies: token ? { fundmatch_session: token } : {},
    });
  const register = async (email: string) => {
    const response = await call("POST", "/_api/auth/register_with_password", null, {
      email,
      password: PASSWORD,
      displayName: "Cache Member",
    });
    expect(response.statusCode).toBe(201);
    return { token: cookieOf(response), id: response.json().user.id as number };
  };
  const session = (token: string) => call("GET", "/_api/auth/session", token);
  /** Fills this instance's cache with the session, as any signed-in request does. */
  const warm = async (token: string) => {
    expect((await session(token)).statusCode).toBe(200);
    expect(t.app.services.sessionCache.lookup(hashToken(token), Date.now())).toBeDefined();
  };
  /** Deletes rows with the triggers off: the database changes, no notification is sent. */
  const deleteSilently = (token: string) =>
    t.app.services.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    });

  it("answers a cached session from memory, and learns of its end from the database's notification", async () => {
    const silent = await register("silent@example.com");
    await warm(silent.token);
    // Proof that the database is not read: a row removed without a notification goes unnoticed.
    await deleteSilently(silent.token);
    expect((await session(silent.token)).statusCode).toBe(200);

    const noisy = await register("noisy@example.com");
    await warm(noisy.token);
    let evicted = false;
    const off = t.app.services.sessionCache.onEviction((userId) => {
      if (userId === noisy.id) evicted = true;
    });
    // The same delete with the triggers on: the notification drops it, with no help from the app.
    await t.app.services.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(noisy.token)));
    while (!evicted) await new Promise((resolve) => setImmediate(resolve));
    off();
    expect((await session(noisy.token)).statusCode).toBe(401);
  });

  it("ends the session at once on log-out", async () => {
    const member = await register("logout@example.com");
    await warm(member.token);
    expect((await call("POST", "/_api/auth/logout", member.token)).statusCode).toBe(200);
    expect((await session(member.token)).statusCode).toBe(401);
  });

  it("ends the other sessions at once when the password changes", async () => {
    const member = await register("password@example.com");
    const other = cookieOf(
      await call("POST", "/_api/auth/login_with_password", null, { email: "password@example.com", password: PASSWORD }),
    );
    await warm(other);
    await warm(member.token);
    const changed = await call("POST", "/_api/user/change-password", member.token, {
      currentPassword: PASSWORD,
      newPassword: "Cache-pass-2",
      confirmNewPassword: "Cache-pass-2",
    });
    expect(changed.statusCode).toBe(200);
    expect((await session(other)).statusCode).toBe(401);
    expect((await session(member.token)).statusCode).toBe(401);
    expect((await session(cookieOf(changed))).statusCode).toBe(200);
  });

  it("shows a changed name at once", async () => {
    const member = await register("rename@example.com");
    await warm(member.token);
    const updated = await call("POST", "/_api/user/update-profile", member.token, {
      displayName: "Renamed Member",
      email: "rename@example.com",
      password: PASSWORD,
    });
    expect(updated.statusCode).toBe(200);
    expect((await session(member.token)).json().user.displayName).toBe("Renamed Member");
  });

  it("ends every session at once on deactivation and on deletion", async () => {
    for (const [email, url] of [
      ["deactivate@example.com", "/_api/user/deactivate-account"],
      ["delete@example.com", "/_api/user/delete-account"],
    ] as const) {
      const member = await register(email);
      await warm(member.token);
      expect((await call("POST", url, member.token, { password: PASSWORD })).statusCode).toBe(200);
      expect((await session(member.token)).statusCode).toBe(401);
    }
  });

  it("ends a member's sessions at once when an admin deletes the account", async () => {
    const admin = cookieOf(
      await call("POST", "/_api/auth/login_with_password", null, {
        email: "chief@example.com",
        password: "Chief-pass-1",
      }),
    );
    const member = await register("removed@example.com");
    await warm(member.token);
    const removed = await call("POST", "/_api/admin/user-action", admin, {
      userId: member.id,
      action: "delete_user",
    });
    expect(removed.statusCode).toBe(200);
    expect((await session(member.token)).statusCode).toBe(401);
  });

  it("applies a role or subscription set in SQL to the next request: the admin guard and the paywall read the cached user", async () => {
    const member = await register("promoted@example.com");
    await warm(member.token);
    expect((await call("GET", "/_api/admin/users", member.token)).statusCode).toBe(403);
    await changeUserBehindTheApp(t.app, "promoted@example.com", { role: "admin" });
    expect((await call("GET", "/_api/admin/users", member.token)).statusCode).toBe(200);
    await changeUserBehindTheApp(t.app, "promoted@example.com", { role: "user" });
    expect((await call("GET", "/_api/admin/users", member.token)).statusCode).toBe(403);

    expect((await call("POST", "/_api/user/save-fund", member.token, { fundId: 1 })).statusCode).toBe(402);
    await changeUserBehindTheApp(t.app, "promoted@example.com", {
      subscriptionStatus: "active",
      subscriptionType: "lifetime",
    });
    expect((await call("GET", "/_api/user/account-status", member.token)).json()).toEqual({
      subscriptionStatus: "active",
      subscriptionType: "lifetime",
    });
  });

  it("keeps at most its bound, dropping the least recently used, and never stores a row read before an eviction", async () => {
    const cache = new SessionCache(t.app.services.database, pino({ level: "silent" }), {
      maxEntries: 2,
      ttlMs: 60_000,
    });
    await cache.start();
    try {
      const now = Date.now();
      const [row] = await t.app.services.database.db.select().from(users).limit(1);
      const entry = (user: UserRow): CachedSession => ({
        user,
        sessionId: 1,
        expiresAt: new Date(now + 60_000),
        storedExpiresAt: new Date(now + 60_000),
        loadedAt: now,
      });
      if (!row) throw new Error("no user");
      cache.store(cache.ticket(), "a", entry(row));
      cache.store(cache.ticket(), "b", entry(row));
      expect(cache.lookup("a", now)).toBeDefined(); // a is now the most recent
      cache.store(cache.ticket(), "c", entry(row));
      expect(cache.size).toBe(2);
      expect(cache.lookup("b", now)).toBeUndefined();
      expect(cache.lookup("a", now)).toBeDefined();
      // Too old: read again from the database.
      expect(cache.lookup("a", now + 60_000)).toBeUndefined();

      const ticket = cache.ticket();
      cache.evictUser(row.id + 1000);
      cache.store(ticket, "d", entry(row));
      expect(cache.lookup("d", now)).toBeUndefined();
    } finally {
      await cache.stop();
    }
  });
});

/** While its LISTEN connection is down, an instance cannot hear of changes: it trusts nothing cached. */
describe.runIf(process.env.TEST_DATABASE_URL)("the session cache without its notifications", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("postgres");
  });
  afterAll(async () => t?.close());

  it("pauses when the LISTEN connection drops, serves from the database meanwhile, and resumes after reconnecting", async () => {
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "offline@example.com", password: PASSWORD, displayName: "Offline" },
    });
    const token = registered.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    const session = () =>
      t.app.inject({ method: "GET", url: "/_api/auth/session", cookies: { fundmatch_session: token } });
    expect((await session()).statusCode).toBe(200);
    const cache = t.app.services.sessionCache;
    expect(cache.lookup(hashToken(token), Date.now())).toBeDefined();

    // Each drop and each reconnection empties the cache ("all"): two of them mean it is back.
    let clears = 0;
    let wake = () => {};
    const off = cache.onEviction((userId) => {
      if (userId === "all") clears += 1;
      wake();
    });
    // The LISTEN connection is the one holding the channel's listener lock.
    await t.app.services.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and classid = ${listenerLockClass(DATA_CHANGED_CHANNEL)}::bigint::oid
            and database = (select oid from pg_database where datname = current_database())`,
    );
    while (clears < 1) await new Promise<void>((resolve) => (wake = resolve));
    expect((await session()).statusCode).toBe(200);
    expect(cache.lookup(hashToken(token), Date.now())).toBeUndefined();
    while (clears < 2) await new Promise<void>((resolve) => (wake = resolve));
    off();
    expect((await session()).statusCode).toBe(200);
    expect(cache.lookup(hashToken(token), Date.now())).toBeDefined();
  });
});
