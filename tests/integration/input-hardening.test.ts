import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { authTempTokens, oauthFlows, passwordTokens, sessions, users } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { createTestDatabase, TEST_DRIVERS } from "../support/database.js";
import { listenOnLoopback } from "../support/raw-http.js";

const ADMIN = { email: "boss@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "member@example.com", password: "Member-pass-1", displayName: "Mia Member" };

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

describe.each(TEST_DRIVERS)("crafted input on %s", (driver) => {
  let t: TestApp;
  let adminToken = "";
  let memberToken = "";

  beforeAll(async () => {
    t = await createTestApp(driver, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    adminToken = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN }),
    );
    memberToken = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: MEMBER }),
    );
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: string | object, token = "") =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      cookies: token ? { fundmatch_session: token } : {},
    });

  it.each([
    [{ fundingStage: { toString: 1 } }, "Unknown funding stage (an object)."],
    [{ fundingStage: { toString: 1, valueOf: 2 } }, "Unknown funding stage (an object)."],
    [{ fundingStage: [1, 2] }, "Unknown funding stage (a list)."],
    [{ fundingStage: null }, "Unknown funding stage (null)."],
    [{ industryFocus: [{ toString: 1 }] }, "Unknown industry focus (an object)."],
    [{ industryFocus: [[{ toString: null }]] }, "Unknown industry focus (a list)."],
  ])("answers a value that breaks String() with 400: %j", async (body, message) => {
    const response = await post("/_api/funds/search", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it("quotes at most 60 characters of a rejected value", async () => {
    const response = await post("/_api/funds/search", { fundingStage: "x".repeat(200_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(`'${"x".repeat(60)}…'`);
    expect(response.body.length).toBeLessThan(400);
  });

  it("refuses a body nested deeper than 32 levels before parsing it", async () => {
    const deep = `{"fundingStage":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const response = await post("/_api/funds/search", deep);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("The request body is nested too deeply (more than 32 levels).");
    // Brackets inside strings are text, not nesting.
    const quoted = await post("/_api/funds/search", { country: "[".repeat(90) });
    expect(quoted.statusCode).toBe(200);
  });

  it("still refuses prototype keys in JSON", async () => {
    const response = await post("/_api/funds/search", '{"__proto__":{"polluted":true}}');
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ["/_api/user/unsave-fund", "fundId", () => memberToken],
    ["/_api/user/save-fund", "fundId", () => memberToken],
    ["/_api/admin/user-action", "userId", () => adminToken],
  ])("answers an id beyond the integer range of %s with 400", async (url, field, token) => {
    for (const [id, message] of [
      [2_147_483_648, `${field} must be at most 2147483647.`],
      [Number.MAX_SAFE_INTEGER, `${field} must be at most 2147483647.`],
      // Past the safe integers a number is no longer an exact integer at all.
      [1e20, `${field} must be a positive integer.`],
    ] as const) {
      const payload = field === "userId" ? { userId: id, action: "delete_user" } : { fundId: id };
      const response = await post(url, payload, token());
      expect(response.statusCode, `${field} ${id}`).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const largest = field === "userId" ? { userId: 2_147_483_647, action: "delete_user" } : { fundId: 2_147_483_647 };
    expect([402, 404, 200]).toContain((await post(url, largest, token())).statusCode);
  });

  it.each([
    `a@${"b".repeat(250)}.com`,
    `${"a".repeat(65)}@example.com`,
    `${"a".repeat(60)}@${`${"b".repeat(60)}.`.repeat(4)}com`,
  ])("refuses an e-mail beyond the RFC length limits: %s", async (email) => {
    const registered = await post("/_api/auth/register_with_password", { ...MEMBER, email });
    expect(registered.statusCode).toBe(400);
    const profile = await post("/_api/user/update-profile", { displayName: "Mia", email, password: "x" }, memberToken);
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error).toBe("Please enter a valid email address.");
  });
});

describe("per-route limits with the general limit switched off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { RATE_LIMIT_PER_MINUTE: "0" });
  });
  afterAll(async () => t?.close());

  it("leaves the general API unlimited", async () => {
    for (let i = 0; i < 30; i++) expect((await t.app.inject({ url: "/_api/ping" })).statusCode).toBe(200);
  });

  it("still limits log-in, registration and export per address", async () => {
    const statuses = async (times: number, send: () => Promise<{ statusCode: number }>) => {
      const seen: number[] = [];
      for (let i = 0; i < times; i++) seen.push((await send()).statusCode);
      return seen;
    };
    let attempt = 0;
    // A different account each time: the per-account lock must not be what answers 429.
    const login = await statuses(21, () =>
      t.app.inject({
        method: "POST",
        url: "/_api/auth/login_with_password",
        payload: { email: `nobody${attempt++}@example.com`, password: "wrong" },
      }),
    );
    expect(login.slice(0, 20)).not.toContain(429);
    expect(login[20]).toBe(429);
    const register = await statuses(11, () =>
      t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: { email: "x" } }),
    );
    expect(register[10]).toBe(429);
    const exported = await statuses(11, () => t.app.inject({ url: "/_api/funds/export" }));
    expect(exported.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(exported[10]).toBe(429);
  });
});

describe("one scale for every per-route limit", () => {
  it("RATE_LIMIT_SENSITIVE_SCALE multiplies them, never below one request", async () => {
    const t = await createTestApp("pglite", { RATE_LIMIT_SENSITIVE_SCALE: "0.1" });
    try {
      const register = () =>
        t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: { email: "x" } });
      expect((await register()).statusCode).toBe(400);
      expect((await register()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
    expect(() => loadConfig({ RATE_LIMIT_SENSITIVE_SCALE: "0" })).toThrow(/RATE_LIMIT_SENSITIVE_SCALE/);
  });
});

describe("slow and unfinished requests", () => {
  let t: TestApp;
  let host = "";
  beforeAll(async () => {
    t = await createTestApp("pglite", { HEADERS_TIMEOUT_SECONDS: "1", REQUEST_TIMEOUT_SECONDS: "1" });
    host = await listenOnLoopback(t.app);
  });
  afterAll(async () => t?.close());

  /** Writes `text` and resolves with whatever the server sent before it closed the socket. */
  const sendAndWaitForClose = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const [hostname, port] = host.split(":");
      const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(text));
      let received = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        received += chunk;
      });
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });

  it("cuts off a body that never finishes", async () => {
    const answer = await sendAndWaitForClose(
      "POST /_api/funds/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("cuts off headers that never finish", async () => {
    const answer = await sendAndWaitForClose("GET /_api/ping HTTP/1.1\r\nHost: x\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("refuses a headers limit longer than the request limit", () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: "90", REQUEST_TIMEOUT_SECONDS: "60" })).toThrow(
      /HEADERS_TIMEOUT_SECONDS/,
    );
  });
});

describe.each(TEST_DRIVERS)("expired sessions and sign-in flows on %s", (driver) => {
  it("are deleted at start, live ones kept", async () => {
    const testDatabase = await createTestDatabase(driver);
    const db = testDatabase.database.db;
    const [user] = await db
      .insert(users)
      .values({ email: "old@example.com", displayName: "Old", passwordHash: null })
      .returning();
    if (!user) throw new Error("no user");
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await db.insert(sessions).values([
      { userId: user.id, tokenHash: "expired", expiresAt: past, userAgent: null, ipAddress: null },
      { userId: user.id, tokenHash: "live", expiresAt: future, userAgent: null, ipAddress: null },
    ]);
    await db.insert(oauthFlows).values([
      { stateHash: "expired", nonce: "n", codeVerifier: "v", expiresAt: past },
      { stateHash: "live", nonce: "n", codeVerifier: "v", expiresAt: future },
    ]);
    await db.insert(authTempTokens).values([
      { tokenHash: "expired", userId: user.id, expiresAt: past, identityIssuer: "demo", identitySubject: "s" },
      { tokenHash: "live", userId: user.id, expiresAt: future, identityIssuer: "demo", identitySubject: "s" },
    ]);
    await db.insert(passwordTokens).values([
      { tokenHash: "expired", userId: user.id, expiresAt: past },
      { tokenHash: "live", userId: user.id, expiresAt: future },
    ]);
    const config = loadConfig({ NODE_ENV: "test", SEED_ON_START: "false", LOG_LEVEL: "silent" });
    const app = await buildApp(config, { database: testDatabase.database, logger: false });
    try {
      await app.services.jobs.firstPass;
      expect((await db.select().from(sessions)).map((row) => row.tokenHash)).toEqual(["live"]);
      expect((await db.select().from(oauthFlows)).map((row) => row.stateHash)).toEqual(["live"]);
      expect((await db.select().from(authTempTokens)).map((row) => row.tokenHash)).toEqual(["live"]);
      expect((await db.select().from(passwordTokens)).map((row) => row.tokenHash)).toEqual(["live"]);
    } finally {
      await app.close();
      await testDatabase.drop();
    }
  });
});
