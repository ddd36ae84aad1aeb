import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../src/server/db/schema/index.js";
import type { RouteEntry } from "../../src/server/http/route-inventory.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { listenOnLoopback, pathSpellings, rawRequest } from "../support/raw-http.js";

const ADMIN = { email: "boss@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "member@example.com", password: "Member-pass-1", displayName: "Mia Member" };
const VICTIM = { email: "victim@example.com", password: "Victim-pass-1", displayName: "Vic Victim" };
const EVIL = "http://evil.example";
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A concrete path for a route pattern: parameters get a plausible value. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "cs_test_123").replace(/\*$/, "x");

describe.each(TEST_DRIVERS)("access decided on the matched route, on %s", (driver) => {
  let t: TestApp;
  let host = "";
  let adminCookie = "";
  let memberCookie = "";
  let victimCookie = "";
  let victimId = 0;
  let routes: readonly RouteEntry[] = [];

  const sessionCookie = (setCookie: string[] | string | undefined) => {
    const line = [setCookie ?? []].flat().find((cookie) => cookie.startsWith("fundmatch_session="));
    return line ? (line.split(";")[0] ?? "") : "";
  };
  const signIn = async (path: string, body: object) => {
    const response = await rawRequest(host, { method: "POST", path, body: JSON.stringify(body) });
    return { cookie: sessionCookie(response.headers["set-cookie"]), user: JSON.parse(response.body).user };
  };
  const snapshot = async () => {
    const db = t.testDatabase.database.db;
    const rows = await db.select().from(users);
    const live = await db.select({ id: sessions.id, userId: sessions.userId }).from(sessions);
    return {
      users: rows.sort((a, b) => a.id - b.id),
      sessions: live.sort((a, b) => a.id - b.id),
    };
  };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Hundreds of requests from one address: the general limit would answer 429 before the guards.
      RATE_LIMIT_PER_MINUTE: "0",
      RATE_LIMIT_SENSITIVE_SCALE: "1000",
    });
    host = await listenOnLoopback(t.app);
    routes = t.app.routeInventory;
    adminCookie = (await signIn("/_api/auth/login_with_password", ADMIN)).cookie;
    memberCookie = (await signIn("/_api/auth/register_with_password", MEMBER)).cookie;
    const victim = await signIn("/_api/auth/register_with_password", VICTIM);
    victimCookie = victim.cookie;
    victimId = victim.user.id;
  });
  afterAll(async () => t?.close());

  it("has an inventory of every route, the admin and state-changing ones included", () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        "GET /_api/admin/users",
        "POST /_api/admin/user-action",
        "GET /_api/admin/jobs",
        "POST /_api/admin/jobs/run",
        "POST /_api/auth/login_with_password",
        "POST /_api/auth/logout",
        "POST /_api/user/save-fund",
        "POST /_api/funds/search",
        "POST /_api/funds/match",
        "GET /_api/user/startup-profile",
        "PUT /_api/user/startup-profile",
        "GET /_api/user/saved-searches",
        "POST /_api/user/saved-searches",
        "PATCH /_api/user/saved-searches/:id",
        "DELETE /_api/user/saved-searches/:id",
        "GET /_api/user/email-preferences",
        "PUT /_api/user/email-preferences",
        "GET /_api/user/reports",
        "POST /_api/admin/fund-report-action",
        "POST /_api/email/unsubscribe",
        "POST /_api/funds/:id/claim",
        "POST /_api/funds/claims/verify",
        "GET /_api/user/fund-memberships",
        "GET /_api/admin/fund-claims",
        "POST /_api/admin/fund-claim-action",
        "POST /_api/admin/fund-member-removal",
        "GET /_api/investor/funds/:id/audience",
        "GET /healthz",
      ]),
    );
  });

  it("guards every /_api/admin route: 401 for a visitor, 403 for a member", async () => {
    const adminRoutes = routes.filter((route) => route.url.startsWith("/_api/admin") && route.method !== "HEAD");
    expect(adminRoutes.length).toBeGreaterThanOrEqual(2);
    for (const route of adminRoutes) {
      const body = STATE_CHANGING.has(route.method) ? "{}" : undefined;
      const path = concrete(route.url);
      const visitor = await rawRequest(host, { method: route.method, path, body });
      expect(visitor.status, `${route.method} ${route.url} as a visitor`).toBe(401);
      const member = await rawRequest(host, { method: route.method, path, body, headers: { cookie: memberCookie } });
      expect(member.status, `${route.method} ${route.url} as a member`).toBe(403);
      expect(JSON.parse(member.body).error).toMatch(/^Access denied/);
    }
  });

  it("refuses every state-changing route from another site, before anything else runs", async () => {
    const changing = routes.filter((route) => STATE_CHANGING.has(route.method));
    expect(changing.length).toBeGreaterThanOrEqual(10);
    const before = await snapshot();
    for (const route of changing) {
      const response = await rawRequest(host, {
        method: route.method,
        path: concrete(route.url),
        body: "{}",
        headers: { cookie: adminCookie, origin: EVIL },
      });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect(JSON.parse(response.body), `${route.method} ${route.url}`).toEqual({
        error: "Cross-site request refused.",
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["visitor", () => ""],
    ["member", () => memberCookie],
  ])("never lets a %s through an admin route, however the path is spelled", async (_who, cookieOf) => {
    const before = await snapshot();
    const attempts = [
      { method: "GET", path: "/_api/admin/users", body: undefined },
      {
        method: "POST",
        path: "/_api/admin/user-action",
        body: JSON.stringify({ userId: victimId, action: "delete_user" }),
      },
    ];
    for (const attempt of attempts) {
      for (const path of pathSpellings(attempt.path)) {
        const cookie = cookieOf();
        const response = await rawRequest(host, {
          method: attempt.method,
          path,
          body: attempt.body,
          headers: cookie ? { cookie } : {},
        });
        expect([401, 403, 404], `${attempt.method} ${path}: ${response.body.slice(0, 200)}`).toContain(response.status);
        expect(response.body).not.toContain(ADMIN.email);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses cross-site log-out and log-in however the API prefix is spelled", async () => {
    const before = await snapshot();
    for (const [path, body, cookie] of [
      ["/_api/auth/logout", "{}", victimCookie],
      ["/_api/auth/login_with_password", JSON.stringify(MEMBER), ""],
      ["/_api/user/delete-account", JSON.stringify({ password: VICTIM.password }), victimCookie],
      ["/_api/admin/user-action", JSON.stringify({ userId: victimId, action: "delete_user" }), adminCookie],
    ] as const) {
      for (const spelled of pathSpellings(path)) {
        const response = await rawRequest(host, {
          method: "POST",
          path: spelled,
          body,
          headers: { origin: EVIL, ...(cookie ? { cookie } : {}) },
        });
        expect([403, 404], `POST ${spelled}: ${response.body.slice(0, 200)}`).toContain(response.status);
        expect(response.headers["set-cookie"] ?? [], `POST ${spelled}`).toEqual([]);
      }
    }
    expect(await snapshot()).toEqual(before);
    const session = await rawRequest(host, {
      method: "GET",
      path: "/_api/auth/session",
      headers: { cookie: victimCookie },
    });
    expect(session.status).toBe(200);
  });

  it("answers an unknown API path with 404 after the guards, whatever its spelling", async () => {
    for (const path of ["/_api/no-such-thing", "/%5f%61pi/no-such-thing", "/_api/admin/no-such-thing"]) {
      const visitor = await rawRequest(host, { method: "GET", path });
      expect(visitor.status, path).toBe(path.includes("admin") ? 401 : 404);
      const admin = await rawRequest(host, { method: "GET", path, headers: { cookie: adminCookie } });
      expect(admin.status, path).toBe(404);
    }
  });
});
