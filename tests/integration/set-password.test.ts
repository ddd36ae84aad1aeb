import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consumePasswordToken,
  issuePasswordToken,
  PASSWORD_TOKEN_LIFETIME_MS,
  setPasswordLink,
} from "../../src/server/auth/password-tokens.js";
import { AUTH_MESSAGES } from "../../src/server/auth/service.js";
import { hashToken } from "../../src/server/auth/tokens.js";
import { passwordTokens, users } from "../../src/server/db/schema/index.js";
import { insertUser, updateUser } from "../../src/server/users/repository.js";
import { PASSWORD_RULE_MESSAGE } from "../../src/shared/schemas/auth.js";
import { SET_PASSWORD_LINK_INVALID } from "../../src/shared/schemas/billing.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const NEW_PASSWORD = "Brand-new-Pass-7";
const INVALID = { error: SET_PASSWORD_LINK_INVALID };

describe.each(TEST_DRIVERS)("setting a password from an e-mailed link on %s", (driver) => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  let emailCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_ORIGIN: "https://fundmatch.example" });
  });
  afterAll(async () => t?.close());

  const db = () => t.testDatabase.database.db;
  /** An account as a guest checkout creates it: no password. */
  const guestAccount = async () => {
    const email = `guest${++emailCounter}@example.com`;
    const user = await insertUser(db(), { email, displayName: "Guest", passwordHash: null });
    if (!user) throw new Error("user not created");
    return user;
  };
  const setPassword = (payload: Record<string, unknown>, remoteAddress = nextIp()) =>
    t.app.inject({ method: "POST", url: "/_api/auth/set-password", payload, remoteAddress });
  const login = (email: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email, password },
      remoteAddress: nextIp(),
    });
  const sessionCookie = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const getSession = (token: string) =>
    t.app.inject({
      method: "GET",
      url: "/_api/auth/session",
      remoteAddress: nextIp(),
      cookies: { fundmatch_session: token },
    });
  const storedTokens = (userId: number) => db().select().from(passwordTokens).where(eq(passwordTokens.userId, userId));

  it("issues a 256-bit token valid for 24 hours, storing only its hash, and builds the link", async () => {
    const user = await guestAccount();
    const now = new Date("2030-01-01T12:00:00Z");
    const token = await issuePasswordToken(db(), user.id, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await storedTokens(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(rows[0]?.expiresAt.getTime()).toBe(now.getTime() + PASSWORD_TOKEN_LIFETIME_MS);
    expect(setPasswordLink("https://fundmatch.example", token)).toBe(
      `https://fundmatch.example/set-password?token=${token}`,
    );
    expect(setPasswordLink("https://fundmatch.example/", token)).toBe(
      `https://fundmatch.example/set-password?token=${token}`,
    );
  });

  it("sets the password, signs in, and the new password logs in afterwards", async () => {
    const user = await guestAccount();
    const token = await issuePasswordToken(db(), user.id);

    const response = await setPassword({ token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: expect.objectContaining({ id: user.id, email: user.email }) });
    const cookie = response.cookies.find((entry) => entry.name === "fundmatch_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });

    const session = await getSession(cookie?.value ?? "");
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(user.email);

    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await storedTokens(user.id)).toEqual([]);

    const loggedIn = await login(user.email, NEW_PASSWORD);
    expect(loggedIn.statusCode).toBe(200);
    expect(sessionCookie(loggedIn)).not.toBe("");
  });

  it("works once: the same link again is refused", async () => {
    const user = await guestAccount();
    const token = await issuePasswordToken(db(), user.id);
    expect((await setPassword({ token, password: NEW_PASSWORD })).statusCode).toBe(200);

    const again = await setPassword({ token, password: "Another-Pass-8" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect(sessionCookie(again)).toBe("");
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, "Another-Pass-8")).statusCode).toBe(401);
  });

  it("lets only one of two simultaneous uses through", async () => {
    const user = await guestAccount();
    const token = await issuePasswordToken(db(), user.id);
    const answers = await Promise.all([
      setPassword({ token, password: NEW_PASSWORD }),
      setPassword({ token, password: NEW_PASSWORD }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses an expired link, and sweeps expired tokens", async () => {
    const user = await guestAccount();
    const issuedAt = new Date(Date.now() - PASSWORD_TOKEN_LIFETIME_MS - 60_000);
    const token = await issuePasswordToken(db(), user.id, issuedAt);
    const other = await issuePasswordToken(db(), user.id, issuedAt);

    const response = await setPassword({ token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
    expect(await storedTokens(user.id)).toEqual([]);
    expect(await consumePasswordToken(db(), other)).toBeUndefined();
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored?.passwordHash).toBeNull();
  });

  it("honours the expiry to the millisecond", async () => {
    const user = await guestAccount();
    const issuedAt = new Date("2030-01-01T12:00:00Z");
    const token = await issuePasswordToken(db(), user.id, issuedAt);
    const expiry = issuedAt.getTime() + PASSWORD_TOKEN_LIFETIME_MS;
    expect(await consumePasswordToken(db(), token, new Date(expiry))).toBeUndefined();

    const second = await issuePasswordToken(db(), user.id, issuedAt);
    expect(await consumePasswordToken(db(), second, new Date(expiry - 1))).toBe(user.id);
  });

  it.each([
    ["short", "Sh0rt", "Password must be at least 8 characters"],
    ["without upper case and digit", "alllowercase", PASSWORD_RULE_MESSAGE],
    ["without a digit", "NoDigitsHere", PASSWORD_RULE_MESSAGE],
    ["missing", undefined, "Password is required"],
  ])("refuses a password %s without spending the link", async (_case, password, message) => {
    const user = await guestAccount();
    const token = await issuePasswordToken(db(), user.id);
    const response = await setPassword(password === undefined ? { token } : { token, password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(await storedTokens(user.id)).toHaveLength(1);

    expect((await setPassword({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    ["an unknown token", { token: "A".repeat(43), password: NEW_PASSWORD }],
    ["a short token", { token: "abc", password: NEW_PASSWORD }],
    ["a huge token", { token: "A".repeat(500), password: NEW_PASSWORD }],
    ["no token", { password: NEW_PASSWORD }],
    ["a token that is not a string", { token: 12345, password: NEW_PASSWORD }],
  ])("refuses %s with the invalid-link message", async (_case, payload) => {
    const response = await setPassword(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
    expect(sessionCookie(response)).toBe("");
  });

  it("refuses unknown fields", async () => {
    const user = await guestAccount();
    const token = await issuePasswordToken(db(), user.id);
    const response = await setPassword({ token, password: NEW_PASSWORD, role: "admin" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('Unrecognized key: "role"');
  });

  it("ends the account's other sessions", async () => {
    const user = await guestAccount();
    const first = await setPassword({ token: await issuePasswordToken(db(), user.id), password: NEW_PASSWORD });
    const oldCookie = sessionCookie(first);
    expect((await getSession(oldCookie)).statusCode).toBe(200);

    const second = await setPassword({ token: await issuePasswordToken(db(), user.id), password: "Second-Pass-9" });
    expect(second.statusCode).toBe(200);
    expect((await getSession(oldCookie)).statusCode).toBe(401);
    expect((await getSession(sessionCookie(second))).statusCode).toBe(200);
  });

  it("treats a deactivated account as log-in does, and changes nothing", async () => {
    const user = await guestAccount();
    await updateUser(db(), user.id, { accountStatus: "deactivated" });
    const token = await issuePasswordToken(db(), user.id);
    const response = await setPassword({ token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: AUTH_MESSAGES.deactivated });
    expect(sessionCookie(response)).toBe("");
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored?.passwordHash).toBeNull();
  });

  it("drops the account's tokens with the account", async () => {
    const user = await guestAccount();
    const token = await issuePasswordToken(db(), user.id);
    await db().delete(users).where(eq(users.id, user.id));
    expect(await storedTokens(user.id)).toEqual([]);
    expect((await setPassword({ token, password: NEW_PASSWORD })).json()).toEqual(INVALID);
  });

  it("limits attempts per client address", async () => {
    const ip = "10.99.0.1";
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await setPassword({ token: "B".repeat(43), password: NEW_PASSWORD }, ip));
    expect(answers.slice(0, 20).every((answer) => answer.statusCode === 400)).toBe(true);
    expect(answers[20]?.statusCode).toBe(429);
  });
});
