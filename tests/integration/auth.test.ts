import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_LIFETIME_MS } from "../../src/server/auth/service.js";
import { hashToken } from "../../src/server/auth/tokens.js";
import { sessions, users } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp, storedExpiry } from "../support/sessions.js";

const PASSWORD = "Correct-horse-9";

describe.each(TEST_DRIVERS)("password accounts and sessions on %s", (driver) => {
  let t: TestApp;
  let ipCounter = 0;
  /** A fresh client address per call, so that the per-IP limits only bite where a test wants them. */
  const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_ORIGIN: "https://fundmatch.example" });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: "POST", url, payload: payload as Record<string, unknown>, headers, remoteAddress });
  const register = (email: string, password = PASSWORD, displayName = "Ada Founder") =>
    post("/_api/auth/register_with_password", { email, password, displayName });
  const login = (email: string, password = PASSWORD, remoteAddress = nextIp()) =>
    post("/_api/auth/login_with_password", { email, password }, {}, remoteAddress);
  const sessionCookie = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const getSession = (token?: string) =>
    t.app.inject({
      method: "GET",
      url: "/_api/auth/session",
      remoteAddress: nextIp(),
      cookies: token ? { fundmatch_session: token } : {},
    });

  it("registers, signs in at once with a secure session cookie, and stores only hashes", async () => {
    const response = await register("ada@example.com");
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      email: "ada@example.com",
      displayName: "Ada Founder",
      role: "user",
      avatarUrl: null,
      subscriptionStatus: null,
      subscriptionType: null,
    });
    const cookie = response.cookies.find((entry) => entry.name === "fundmatch_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const db = t.testDatabase.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stored = await db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? 0));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashToken(cookie?.value ?? ""));
    expect(stored[0]?.tokenHash).not.toBe(cookie?.value);

    const session = await getSession(cookie?.value);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe("ada@example.com");
  });

  it("refuses an e-mail already in use, whatever its case", async () => {
    const response = await register("ADA@Example.com");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "Email already in use", message: "Email already in use" });
  });

  it.each([
    [{ email: "not-an-email", password: PASSWORD, displayName: "A" }, "Email is required"],
    [{ email: "b@example.com", password: "Short1", displayName: "A" }, "Password must be at least 8 characters"],
    [
      { email: "b@example.com", password: "alllowercase1", displayName: "A" },
      "Password must contain an uppercase letter, a lowercase letter and a number.",
    ],
    [{ email: "b@example.com", password: PASSWORD, displayName: "   " }, "Name is required"],
    [{ email: "b@example.com", password: PASSWORD }, "Name is required"],
    [{ email: "b@example.com", password: PASSWORD, displayName: "A", role: "admin" }, 'Unrecognized key: "role"'],
  ])("validates registration %j", async (payload, message) => {
    const response = await post("/_api/auth/register_with_password", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(response.json().error).toContain(message);
  });

  it("accepts display names with spaces, emoji and special characters", async () => {
    const response = await register("emoji@example.com", PASSWORD, "Zoë 🚀 O'Brien-Smith");
    expect(response.statusCode).toBe(201);
    expect(response.json().user.displayName).toBe("Zoë 🚀 O'Brien-Smith");
  });

  it("logs in with a new session token; a wrong password and an unknown e-mail get the same answer", async () => {
    const first = await login("ada@example.com");
    expect(first.statusCode).toBe(200);
    const second = await login("ADA@example.com");
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));

    const wrong = await login("ada@example.com", "Wrong-password-1");
    const unknown = await login("nobody@example.com", "Wrong-password-1");
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "Invalid email or password.", message: "Invalid email or password." });
      expect(sessionCookie(response)).toBe("");
    }
  });

  it("validates the login payload", async () => {
    expect((await post("/_api/auth/login_with_password", { email: "x", password: "y" })).json().message).toBe(
      "Email is required",
    );
    expect(
      (await post("/_api/auth/login_with_password", { email: "ada@example.com", password: "" })).json().message,
    ).toBe("Password is required");
  });

  it("logs out: the cookie is cleared and the session no longer works", async () => {
    const token = sessionCookie(await login("ada@example.com"));
    expect((await getSession(token)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/logout",
      payload: {},
      remoteAddress: nextIp(),
      cookies: { fundmatch_session: token },
    });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((cookie) => cookie.name === "fundmatch_session");
    expect(cleared?.value).toBe("");
    expect(new Date(cleared?.expires ?? Date.now()).getTime()).toBeLessThanOrEqual(Date.now());
    const after = await getSession(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: "Not authenticated" });
  });

  it("answers the session call without a cookie, or with a forged one, with 401", async () => {
    expect((await getSession()).statusCode).toBe(401);
    const forged = await getSession("x".repeat(43));
    expect(forged.statusCode).toBe(401);
    expect(forged.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value).toBe("");
  });

  it("keeps a deactivated account out, with a message that says so", async () => {
    await register("gone@example.com");
    const token = sessionCookie(await login("gone@example.com"));
    await t.testDatabase.database.db
      .update(users)
      .set({ accountStatus: "deactivated" })
      .where(eq(users.email, "gone@example.com"));
    const response = await login("gone@example.com");
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "This account has been deactivated. To use it again, e-mail us at hello@fundmatch.example and we will reactivate it.",
    );
    expect((await getSession(token)).statusCode).toBe(401);
  });

  it("slides the session's expiry with every use, writes it back at most once a minute, and ends it at expiry", async () => {
    const signedIn = await t.app.services.auth.login(
      { email: "ada@example.com", password: PASSWORD },
      { userAgent: null, ipAddress: null },
    );
    const tokenHash = hashToken(signedIn.token);
    const resolveAt = (ms: number) => t.app.services.auth.resolve(signedIn.token, new Date(ms));
    const start = signedIn.expiresAt.getTime() - SESSION_LIFETIME_MS;
    const stored = () => storedExpiry(t.app, tokenHash);

    // Within the first minute: the end moves, the database is not written.
    const early = await resolveAt(start + 30_000);
    expect(early).toMatchObject({ renewed: false, expiresAt: new Date(start + 30_000 + SESSION_LIFETIME_MS) });
    expect(await stored()).toEqual(signedIn.expiresAt);
    // A minute on: written back once, and the cookie renewed with it.
    const later = start + 61_000;
    expect(await resolveAt(later)).toMatchObject({ renewed: true, expiresAt: new Date(later + SESSION_LIFETIME_MS) });
    expect(await stored()).toEqual(new Date(later + SESSION_LIFETIME_MS));
    expect((await resolveAt(later + 30_000))?.renewed).toBe(false);
    expect(await stored()).toEqual(new Date(later + SESSION_LIFETIME_MS));
    // Unused for longer than a lifetime: gone.
    expect(await resolveAt(later + SESSION_LIFETIME_MS + 1000)).toBeUndefined();
  });

  it("limits log-in attempts per address", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await login(`probe${attempt}@example.com`, "Wrong-password-1", "10.200.0.1")).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("refuses state-changing calls from another site", async () => {
    const evil = await post(
      "/_api/auth/login_with_password",
      { email: "ada@example.com", password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ error: "Cross-site request refused." });
    const sneaky = await post("/_api/auth/logout", {}, { "sec-fetch-site": "cross-site" });
    expect(sneaky.statusCode).toBe(403);
    const own = await post(
      "/_api/auth/login_with_password",
      { email: "ada@example.com", password: PASSWORD },
      { origin: "https://fundmatch.example" },
    );
    expect(own.statusCode).toBe(200);
  });

  it("gives a subscriber's session every search result with the premium fields", async () => {
    await insertFunds(
      t.testDatabase.database.db,
      Array.from({ length: 5 }, (_, index) => ({
        name: `Gate Fund ${index}`,
        country: "Liechtenstein",
        website: "https://gate.example",
      })),
    );
    const token = sessionCookie(await login("ada@example.com"));
    const search = () =>
      t.app.inject({
        method: "POST",
        url: "/_api/funds/search",
        payload: { country: "Liechtenstein" },
        remoteAddress: nextIp(),
        cookies: { fundmatch_session: token },
      });
    const free = (await search()).json();
    expect(free.results).toHaveLength(3);
    expect(free.results[0].isPremium).toBe(true);
    expect(free.results[0]).not.toHaveProperty("website");

    await changeUserBehindTheApp(t.app, "ada@example.com", {
      subscriptionStatus: "active",
      subscriptionType: "monthly",
    });
    const paid = (await search()).json();
    expect(paid.totalCount).toBe(5);
    expect(paid.results).toHaveLength(5);
    expect(paid.results[0]).toMatchObject({ isPremium: false, website: "https://gate.example/" });
  });
});
