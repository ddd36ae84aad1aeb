import { sql } from "drizzle-orm";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/client.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

/**
 * Several instances of the app on one PostgreSQL: a change written anywhere reaches every
 * instance's in-memory index through the funds trigger's NOTIFY.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("several instances sharing PostgreSQL", () => {
  let shared: TestDatabase;
  const apps: App[] = [];

  beforeAll(async () => {
    shared = await createTestDatabase("postgres");
    const config = loadConfig({ NODE_ENV: "test", SEED_ON_START: "false", LOG_LEVEL: "silent" });
    for (let i = 0; i < 2; i++) {
      // Each instance opens its own pool and LISTEN connection, as separate processes would.
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

  const count = async (app: App, country: string) =>
    (await app.inject({ method: "POST", url: "/_api/funds/search", payload: { country } })).json().totalCount;

  it("lets every instance see a fund another instance wrote", async () => {
    expect(await count(apps[0] as App, "Portugal")).toBe(0);
    expect(await count(apps[1] as App, "Portugal")).toBe(0);
    await insertFunds((apps[0] as App).services.database.db, [{ name: "Lisbon Seed", country: "Portugal" }]);
    for (const app of apps) await expect.poll(() => count(app, "Portugal"), { timeout: 20_000 }).toBe(1);
  });

  it("lets every instance see a change made by hand in SQL", async () => {
    await shared.database.db.execute(sql`update funds set country = 'Spain' where name = 'Lisbon Seed'`);
    for (const app of apps) {
      await expect.poll(() => count(app, "Spain"), { timeout: 20_000 }).toBe(1);
      expect(await count(app, "Portugal")).toBe(0);
    }
  });

  const blogTitles = async (app: App) => {
    const response = await app.inject({ method: "GET", url: "/_api/blog/posts" });
    return superjson.parse<{ posts: Array<{ title: string }> }>(response.body).posts.map((post) => post.title);
  };

  it("lets every instance serve a blog post published through another, and drop it when unpublished", async () => {
    const [first, second] = apps as [App, App];
    const admin = { email: "instances-admin@example.com", password: "Admin-pass-1", displayName: "Editor" };
    await first.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: admin });
    await shared.database.db.execute(sql`update users set role = 'admin' where email = ${admin.email}`);
    const login = await first.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email: admin.email, password: admin.password },
    });
    const cookie = login.cookies.find((item) => item.name === "fundmatch_session")?.value ?? "";
    expect(await blogTitles(second)).toEqual([]);
    const created = await first.inject({
      method: "POST",
      url: "/_api/admin/blog-post/create",
      cookies: { fundmatch_session: cookie },
      payload: { title: "Written on the first instance", content: "<p>Hello</p>", status: "published" },
    });
    expect(created.statusCode).toBe(201);
    await expect.poll(() => blogTitles(second), { timeout: 20_000 }).toEqual(["Written on the first instance"]);
    await shared.database.db.execute(sql`update blog_posts set status = 'draft'`);
    for (const app of apps) await expect.poll(() => blogTitles(app), { timeout: 20_000 }).toEqual([]);
  });

  const sessionCookie = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((item) => item.name === "fundmatch_session")?.value ?? "";
  const sessionOn = (app: App, cookie: string) =>
    app.inject({ method: "GET", url: "/_api/auth/session", cookies: { fundmatch_session: cookie } });

  // No polling here: the second instance must know on the very next request, although both hold
  // the session in memory.
  it("ends a session on every instance at once when it logs out through one", async () => {
    const [first, second] = apps as [App, App];
    const member = { email: "instances-member@example.com", password: "Member-pass-1", displayName: "Member" };
    const registered = await first.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: member,
    });
    const cookie = sessionCookie(registered);
    for (const app of apps) expect((await sessionOn(app, cookie)).statusCode).toBe(200);
    expect(second.services.sessionCache.size).toBeGreaterThan(0);

    const logout = await first.inject({
      method: "POST",
      url: "/_api/auth/logout",
      cookies: { fundmatch_session: cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect((await sessionOn(second, cookie)).statusCode).toBe(401);
    expect((await sessionOn(first, cookie)).statusCode).toBe(401);
  });

  it("ends the other sessions on every instance at once when the password changes through one", async () => {
    const [first, second] = apps as [App, App];
    const member = { email: "instances-password@example.com", password: "Member-pass-1", displayName: "Member" };
    const registered = await first.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: member,
    });
    const onFirst = sessionCookie(registered);
    const onSecond = sessionCookie(
      await second.inject({
        method: "POST",
        url: "/_api/auth/login_with_password",
        payload: { email: member.email, password: member.password },
      }),
    );
    expect((await sessionOn(second, onSecond)).statusCode).toBe(200);
    const changed = await first.inject({
      method: "POST",
      url: "/_api/user/change-password",
      cookies: { fundmatch_session: onFirst },
      payload: { currentPassword: member.password, newPassword: "Member-pass-2", confirmNewPassword: "Member-pass-2" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await sessionOn(second, onSecond)).statusCode).toBe(401);
    expect((await sessionOn(second, sessionCookie(changed))).statusCode).toBe(200);
  });

  it("runs a due job once across the instances, whichever of them looks first", async () => {
    const [first, second] = apps as [App, App];
    await Promise.all(apps.map((app) => app.services.jobs.firstPass));
    const sweeps = async () =>
      (
        (await shared.database.db.execute(
          sql`select count(*)::int as n from job_runs where name = 'expired-records-sweep' and trigger = 'schedule'`,
        )) as { rows: Array<{ n: number }> }
      ).rows[0] as { n: number };
    const before = (await sweeps()).n;
    // The hourly tick has come: both instances look at once, several times over.
    await shared.database.db.execute(
      sql`update job_schedules set next_run_at = now() - interval '1 minute' where name = 'expired-records-sweep'`,
    );
    await Promise.all([first, second, first, second].map((app) => app.services.jobs.wake()));
    expect((await sweeps()).n).toBe(before + 1);
    const { rows } = (await shared.database.db.execute(
      sql`select next_run_at > now() as later from job_schedules where name = 'expired-records-sweep'`,
    )) as { rows: Array<{ later: boolean }> };
    const [schedule] = rows;
    expect(schedule?.later).toBe(true);
  });
});
