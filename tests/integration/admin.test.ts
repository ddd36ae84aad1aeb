import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/client.js";
import { sessions, users } from "../../src/server/db/schema/index.js";
import { ROOT_DIR } from "../../src/server/paths.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const ADMIN = { email: "boss@example.com", password: "Admin-pass-1" };

describe.each(TEST_DRIVERS)("admin guard and user management on %s", (driver) => {
  let t: TestApp;
  let adminToken = "";
  let userToken = "";
  let userId = 0;
  let adminId = 0;

  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

  beforeAll(async () => {
    t = await createTestApp(driver, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const admin = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    adminToken = cookieOf(admin);
    adminId = admin.json().user.id;
    const user = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "member@example.com", password: "Member-pass-1", displayName: "Mia Member" },
    });
    userToken = cookieOf(user);
    userId = user.json().user.id;
  });
  afterAll(async () => t?.close());

  const call = (method: "GET" | "POST", url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: token ? { fundmatch_session: token } : {},
    });

  it("creates the configured admin at start-up", async () => {
    expect(adminToken).not.toBe("");
    expect((await call("GET", "/_api/auth/session", adminToken)).json().user.role).toBe("admin");
  });

  it.each([
    ["GET", "/_api/admin/users", undefined],
    ["POST", "/_api/admin/user-action", { userId: 1, action: "reactivate_account" }],
    ["GET", "/_api/admin/anything-added-later", undefined],
  ] as const)("guards %s %s: 401 logged out, 403 for a user", async (method, url, payload) => {
    const anonymous = await call(method, url, null, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: "Not authenticated" });
    const member = await call(method, url, userToken, payload);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: "Access denied. Your role (user) lacks required permissions." });
  });

  it("lists every user with the admin columns", async () => {
    const response = await call("GET", "/_api/admin/users", adminToken);
    expect(response.statusCode).toBe(200);
    const member = response.json().users.find((user: { id: number }) => user.id === userId);
    expect(member).toEqual({
      id: userId,
      displayName: "Mia Member",
      email: "member@example.com",
      role: "user",
      accountStatus: "active",
      subscriptionType: null,
      subscriptionStatus: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      savedFundsCount: 0,
      subscriptionEndDate: null,
      subscriptionCancelAtPeriodEnd: false,
      renewalStoppedOnDeactivation: false,
      actions: ["delete_user"],
    });
  });

  it("reactivates a deactivated account", async () => {
    await t.testDatabase.database.db.update(users).set({ accountStatus: "deactivated" }).where(eq(users.id, userId));
    const response = await call("POST", "/_api/admin/user-action", adminToken, {
      userId,
      action: "reactivate_account",
    });
    expect(response.json()).toEqual({ message: "Account reactivated. The user can log in again." });
    const login = await t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email: "member@example.com", password: "Member-pass-1" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("answers pause and resume with 409 until billing exists", async () => {
    for (const action of ["pause_subscription", "resume_subscription"]) {
      const response = await call("POST", "/_api/admin/user-action", adminToken, { userId, action });
      expect(response.statusCode).toBe(409);
    }
  });

  it.each([
    [{ userId: 0, action: "delete_user" }, "userId must be a positive integer."],
    [{ userId: 2, action: "explode" }, "action must be one of"],
    [{ userId: 2 }, "action must be one of"],
  ])("validates %j", async (payload, message) => {
    const response = await call("POST", "/_api/admin/user-action", adminToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it("refuses to delete the admin's own account, and a user that does not exist", async () => {
    const self = await call("POST", "/_api/admin/user-action", adminToken, { userId: adminId, action: "delete_user" });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: "You cannot delete your own account from this page." });
    const ghost = await call("POST", "/_api/admin/user-action", adminToken, { userId: 999_999, action: "delete_user" });
    expect(ghost.statusCode).toBe(404);
  });

  it("deletes a user with their sessions at once", async () => {
    const response = await call("POST", "/_api/admin/user-action", adminToken, { userId, action: "delete_user" });
    expect(response.json()).toEqual({ message: "User permanently deleted." });
    const db = t.testDatabase.database.db;
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect((await call("GET", "/_api/auth/session", userToken)).statusCode).toBe(401);
  });
});

describe("admin configuration and CLI", () => {
  it("needs both ADMIN_EMAIL and a strong ADMIN_PASSWORD", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "a@example.com" })).toThrow(/ADMIN_EMAIL, ADMIN_PASSWORD: set both/);
    expect(() => loadConfig({ ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "weak" })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "weak" })).toThrow(/ADMIN_PASSWORD/);
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-cli-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "src/server/admin/users/cli.ts", ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      encoding: "utf8",
    });

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await database.migrate();
    await database.db.insert(users).values({ email: "Founder@Example.com", displayName: "F", passwordHash: null });
    await database.close();
  });

  it("promotes an existing account with `npm run users -- promote <email>`", async () => {
    expect(cli().status).toBe(2);
    const missing = cli("promote", "nobody@example.com");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("No account with the e-mail nobody@example.com");
    const promoted = cli("promote", "founder@example.com");
    expect(promoted.status).toBe(0);
    expect(promoted.stdout).toContain("founder@example.com is now an admin.");
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const [row] = await database.db.select().from(users);
    await database.close();
    expect(row?.role).toBe("admin");
  });
});
