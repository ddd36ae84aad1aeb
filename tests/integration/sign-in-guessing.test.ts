import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, SIGN_IN_FAILURES } from "../../src/server/auth/service.js";
import { loadConfig } from "../../src/server/config.js";
import { knownDevices, signInThrottles, users } from "../../src/server/db/schema/index.js";
import { createTestApp, keepingMailer, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const PASSWORD = "Owner-pass-1";
const WRONG = "Wrong-guess-1";
const MINUTES = SIGN_IN_FAILURES.windowMs / 60_000;

type Answer = {
  statusCode: number;
  json(): { message?: string; error?: string };
  cookies: Array<{ name: string; value: string }>;
};
const cookieOf = (response: Answer, name: string) => response.cookies.find((cookie) => cookie.name === name)?.value;

/**
 * Issue 35: 2,000 wrong passwords for one account, each with a different X-Forwarded-For, all got
 * 401 behind TRUST_PROXY=true. Guesses are now counted per account in the database whatever the
 * client's address, and only the proxies configured are believed; the owner's own browsers and the
 * e-mailed link still get in while strangers are held back.
 */
describe.each(TEST_DRIVERS)("password guessing on %s", (driver) => {
  let t: TestApp;
  const mailer = keepingMailer();
  const mails = mailer.sent;
  let counter = 0;
  const stranger = () => `198.51.${Math.floor(++counter / 250)}.${counter % 250}`;

  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_ORIGIN: "https://fundmatch.example", TRUST_PROXY: "1" }, {}, { mailer });
  });
  afterAll(async () => t?.close());

  /** Through one reverse proxy on 10.0.0.1: the client writes what it likes, the proxy appends the address it saw. */
  const login = (email: string, password: string, options: { claimed?: string; seen?: string; device?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email, password },
      remoteAddress: "10.0.0.1",
      headers: {
        "x-forwarded-for": [options.claimed, options.seen ?? stranger()].filter(Boolean).join(", "),
      },
      ...(options.device && { cookies: { fundmatch_device: options.device } }),
    }) as Promise<Answer>;
  const register = async (email: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: PASSWORD, displayName: "Owner" },
      remoteAddress: "10.0.0.1",
      headers: { "x-forwarded-for": stranger() },
    });
    expect(response.statusCode).toBe(201);
  };

  it("holds back every unknown browser after ten wrong passwords, whatever address each claims, but not the owner's own", async () => {
    await register("owner1@example.com");
    // The owner logs in once from their laptop, which the account knows from then on.
    const laptop = await login("owner1@example.com", PASSWORD);
    expect(laptop.statusCode).toBe(200);
    const device = cookieOf(laptop, "fundmatch_device") ?? "";
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = laptop.cookies.find((cookie) => cookie.name === "fundmatch_device");
    expect(stored).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/_api/auth", secure: true });

    // Each guess from another address, and each one claiming another in X-Forwarded-For.
    for (let guess = 0; guess < SIGN_IN_FAILURES.max; guess++) {
      expect((await login("owner1@example.com", WRONG, { claimed: stranger() })).statusCode).toBe(401);
    }
    // The eleventh stranger is held back even with the right password: guessing has stopped paying.
    const held = await login("owner1@example.com", PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(AUTH_MESSAGES.tooManyAttemptsHere(MINUTES));
    // The owner's laptop still gets in.
    const owner = await login("owner1@example.com", PASSWORD, { device });
    expect(owner.statusCode).toBe(200);
    // A known-device cookie of another account is a stranger's here.
    await register("other1@example.com");
    const otherDevice = cookieOf(await login("other1@example.com", PASSWORD), "fundmatch_device") ?? "";
    expect((await login("owner1@example.com", PASSWORD, { device: otherDevice })).statusCode).toBe(429);
    // And a made-up cookie is nobody's.
    expect((await login("owner1@example.com", PASSWORD, { device: "x".repeat(43) })).statusCode).toBe(429);
  });

  it("counts an address without an account the same way, so the answers tell nothing about which exist", async () => {
    const answers: Array<[number, string | undefined]> = [];
    for (let guess = 0; guess <= SIGN_IN_FAILURES.max; guess++) {
      const response = await login("nobody-here@example.com", WRONG, { claimed: stranger() });
      answers.push([response.statusCode, response.json().message]);
    }
    await register("owner2@example.com");
    const real: Array<[number, string | undefined]> = [];
    for (let guess = 0; guess <= SIGN_IN_FAILURES.max; guess++) {
      const response = await login("owner2@example.com", WRONG, { claimed: stranger() });
      real.push([response.statusCode, response.json().message]);
    }
    expect(answers).toEqual(real);
    expect(answers.at(-1)).toEqual([429, AUTH_MESSAGES.tooManyAttemptsHere(MINUTES)]);
    // No address is stored, only keyed hashes.
    const keys = await t.testDatabase.database.db.select().from(signInThrottles);
    expect(JSON.stringify(keys)).not.toContain("example.com");
  });

  it("gives a known browser ten wrong passwords of its own, which hold back that browser only", async () => {
    await register("owner3@example.com");
    const phone = cookieOf(await login("owner3@example.com", PASSWORD), "fundmatch_device") ?? "";
    const tablet = cookieOf(await login("owner3@example.com", PASSWORD), "fundmatch_device") ?? "";
    for (let guess = 0; guess < SIGN_IN_FAILURES.max; guess++) {
      expect((await login("owner3@example.com", WRONG, { device: phone })).statusCode).toBe(401);
    }
    const held = await login("owner3@example.com", PASSWORD, { device: phone });
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(AUTH_MESSAGES.tooManyAttempts(MINUTES));
    expect((await login("owner3@example.com", PASSWORD, { device: tablet })).statusCode).toBe(200);
    // The phone's failures did not count against strangers' share either.
    expect((await login("owner3@example.com", PASSWORD)).statusCode).toBe(200);
  });

  it("lets the owner in through the e-mailed reset link while strangers are held back, and forgets the browsers it knew", async () => {
    await register("owner4@example.com");
    const old = cookieOf(await login("owner4@example.com", PASSWORD), "fundmatch_device") ?? "";
    for (let guess = 0; guess < SIGN_IN_FAILURES.max; guess++) {
      await login("owner4@example.com", WRONG);
    }
    expect((await login("owner4@example.com", PASSWORD)).statusCode).toBe(429);
    const asked = await t.app.inject({
      method: "POST",
      url: "/_api/auth/request-password-reset",
      payload: { email: "owner4@example.com" },
      remoteAddress: "10.0.0.1",
      headers: { "x-forwarded-for": stranger() },
    });
    expect(asked.statusCode).toBe(200);
    await t.app.services.auth.drain();
    const link = mails.findLast((message) => message.to === "owner4@example.com")?.text ?? "";
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? "";
    const reset = await t.app.inject({
      method: "POST",
      url: "/_api/auth/reset-password",
      payload: { token, password: "Owner-new-pass-2" },
      remoteAddress: "10.0.0.1",
      headers: { "x-forwarded-for": stranger() },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // Proving the address ends the strangers' hold on the owner's new browser, and the browsers known before.
    expect((await login("owner4@example.com", "Owner-new-pass-2")).statusCode).toBe(200);
    const db = t.testDatabase.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, "owner4@example.com"));
    const devices = await db
      .select()
      .from(knownDevices)
      .where(eq(knownDevices.userId, user?.id ?? 0));
    expect(devices).toHaveLength(1);
    expect((await login("owner4@example.com", "Owner-new-pass-2", { device: old })).statusCode).toBe(200);
  });

  it("limits each client by the address the configured proxy saw, not the one it claims", async () => {
    const seen = stranger();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      // 21 different claimed addresses, one real client.
      statuses.push((await login(`probe${attempt}@example.com`, WRONG, { claimed: stranger(), seen })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("counts an IPv6 client by its /64", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const seen = `2001:db8:35:1:${(attempt + 1).toString(16)}::7`;
      statuses.push((await login(`six${attempt}@example.com`, WRONG, { seen })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another /64 is another client.
    expect((await login("six-other@example.com", WRONG, { seen: "2001:db8:35:2::7" })).statusCode).toBe(401);
  });
});

describe("TRUST_PROXY", () => {
  it("takes a hop count or the proxies' addresses, and refuses true, which believed the client", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, ::1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "::1"]);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: .*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY: must be false, a number/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY: must be false, a number/);
  });
});
