import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdminAccount } from "../../src/server/auth/admin-account.js";
import { DEMO_ADDRESS_UNAVAILABLE } from "../../src/server/auth/oidc.js";
import { hashPassword } from "../../src/server/auth/password.js";
import { issuePasswordToken } from "../../src/server/auth/password-tokens.js";
import { signInIdentities, users } from "../../src/server/db/schema/index.js";
import { type SmtpPeer, startSmtpPeer } from "../peers/smtp.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const APP_ORIGIN = "http://app.test";
const OWNER_PASSWORD = "Owner-chose-1";
const ATTACKER_PASSWORD = "Attacker-pass-1";

/**
 * docs/security.md, "Proof of an address": registration and the demo sign-in take any address on
 * trust; an e-mailed link proves it. Proving it shuts out whatever got in without proof, and a
 * payment made for an address never benefits a session that has not proved it owns the address.
 */
describe.each(TEST_DRIVERS)("who may use an account for an address nobody has proven, on %s", (driver) => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let counter = 0;
  const nextIp = () => `10.5.${Math.floor(++counter / 250)}.${counter % 250}`;
  const victim = () => `victim${++counter}@example.com`;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp(driver, { PUBLIC_ORIGIN: APP_ORIGIN, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.testDatabase.database.db;
  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress: nextIp(),
      ...(token && { cookies: { fundmatch_session: token } }),
    });
  const session = async (token: string) =>
    t.app.inject({ method: "GET", url: "/_api/auth/session", cookies: { fundmatch_session: token } });

  /** The demo provider's popup flow to its end: a session cookie, or the popup's error. */
  async function demoSignIn(email: string): Promise<{ cookie: string; error?: Record<string, unknown> }> {
    const handOver = await demoHandOver(email);
    if (!handOver.token) return { cookie: "", error: handOver.error };
    return { cookie: cookieOf(await establish(handOver.token)) };
  }

  const establish = (tempToken: string) => post("/_api/auth/establish_session", { tempToken });

  /** The popup's flow up to its one-time hand-over token, which is kept rather than redeemed. */
  async function demoHandOver(email: string): Promise<{ token: string; error?: Record<string, unknown> }> {
    const start = await t.app.inject({ method: "GET", url: "/_api/auth/oauth_authorize?provider=demo" });
    const authorize = new URL(String(start.headers.location));
    const state = start.cookies.find((cookie) => cookie.name === "fundmatch_oauth_state")?.value ?? "";
    const answered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/demo-issuer/authorize",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: APP_ORIGIN },
      payload: new URLSearchParams({
        ...Object.fromEntries(authorize.searchParams),
        email,
        name: "",
        decision: "approve",
      }).toString(),
    });
    const landing = await t.app.inject({
      method: "GET",
      url: pathOf(String(answered.headers.location)),
      cookies: { fundmatch_oauth_state: state },
    });
    const message = JSON.parse(/var message = (\{.*\});/.exec(landing.body)?.[1] ?? "{}");
    if (message.type !== "OAUTH_TOKEN_SUCCESS") return { token: "", error: message.error };
    return { token: String(message.token) };
  }

  /** A guest pays for Lifetime with the address through the demo checkout; the mail the payer gets. */
  async function guestPays(email: string) {
    const started = await post("/_api/stripe/create-checkout-session", {
      plan: "lifetime",
      successUrl: `${APP_ORIGIN}/subscribe`,
      cancelUrl: `${APP_ORIGIN}/subscribe`,
      email,
    });
    expect(started.statusCode, started.body).toBe(200);
    const checkoutPath = new URL(started.json().url).pathname;
    const paid = await t.app.inject({
      method: "POST",
      url: `${checkoutPath}/pay`,
      headers: { origin: APP_ORIGIN },
    });
    expect(paid.statusCode).toBe(303);
    const landing = await t.app.inject({ method: "GET", url: pathOf(String(paid.headers.location)) });
    expect(landing.body).toContain('"type":"CHECKOUT_SUCCESS"');
    return smtp.waitFor((message) => message.to.includes(email) && /FundMatch/.test(message.subject));
  }

  const setPasswordToken = (text: string) => /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";
  const accountOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

  it("attacker first: a demo sign-in for the address loses its session when a guest pays for it, and cannot come back", async () => {
    const email = victim();
    const attacker = await demoSignIn(email);
    expect((await session(attacker.cookie)).statusCode).toBe(200);

    const mail = await guestPays(email);
    // The attacker's session never shows the payment: it ended when the payment landed.
    expect((await session(attacker.cookie)).statusCode).toBe(401);
    expect(mail.subject).toBe("Set your FundMatch password");
    const again = await demoSignIn(email);
    expect(again.cookie).toBe("");
    expect(again.error).toEqual({ code: "address_unavailable", message: DEMO_ADDRESS_UNAVAILABLE, details: {} });
    const account = await accountOf(email);
    expect(
      await db()
        .select()
        .from(signInIdentities)
        .where(eq(signInIdentities.userId, account?.id ?? 0)),
    ).toEqual([]);

    // The owner of the inbox gets in through the link, with the Lifetime plan.
    const owner = await post("/_api/auth/set-password", {
      token: setPasswordToken(mail.text),
      password: OWNER_PASSWORD,
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user).toMatchObject({ subscriptionType: "lifetime", subscriptionStatus: "active" });
    expect((await demoSignIn(email)).cookie).toBe("");
  });

  it("attacker first with a password: a registration for the address loses its session and password when a guest pays", async () => {
    const email = victim();
    const registered = await post("/_api/auth/register_with_password", {
      email,
      password: ATTACKER_PASSWORD,
      displayName: "Not the owner",
    });
    expect(registered.statusCode).toBe(201);
    const mail = await guestPays(email);
    expect((await session(cookieOf(registered))).statusCode).toBe(401);
    expect((await post("/_api/auth/login_with_password", { email, password: ATTACKER_PASSWORD })).statusCode).toBe(401);
    // The payer chooses the password through the link sent to the address.
    expect(mail.subject).toBe("Set your FundMatch password");
    expect(mail.text).toContain("any earlier sign-in to that account has ended");
    const owner = await post("/_api/auth/set-password", {
      token: setPasswordToken(mail.text),
      password: OWNER_PASSWORD,
    });
    expect(owner.json().user.subscriptionType).toBe("lifetime");
  });

  it("payment first: the demo sign-in and a registration for the paid address get nothing", async () => {
    const email = victim();
    const mail = await guestPays(email);
    const attacker = await demoSignIn(email);
    expect(attacker.cookie).toBe("");
    expect(attacker.error).toEqual({ code: "address_unavailable", message: DEMO_ADDRESS_UNAVAILABLE, details: {} });
    const registered = await post("/_api/auth/register_with_password", {
      email,
      password: ATTACKER_PASSWORD,
      displayName: "Not the owner",
    });
    expect(registered.statusCode).toBe(409);
    expect(cookieOf(registered)).toBe("");
    const owner = await post("/_api/auth/set-password", {
      token: setPasswordToken(mail.text),
      password: OWNER_PASSWORD,
    });
    expect(owner.statusCode).toBe(200);
  });

  it("a reset link proves the address: the demo sign-in's session and binding end, and it cannot sign in again", async () => {
    const email = victim();
    const attacker = await demoSignIn(email);
    expect((await session(attacker.cookie)).statusCode).toBe(200);
    expect((await post("/_api/auth/request-password-reset", { email })).statusCode).toBe(200);
    const mail = await smtp.waitFor((message) => message.to.includes(email));
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? "";

    const owner = await post("/_api/auth/reset-password", { token, password: OWNER_PASSWORD });
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await session(attacker.cookie)).statusCode).toBe(401);
    expect((await session(cookieOf(owner))).statusCode).toBe(200);
    expect((await demoSignIn(email)).cookie).toBe("");
  });

  it("keeps the sessions of an account whose owner proved the address when a guest pays for it again", async () => {
    const email = victim();
    const first = await guestPays(email);
    const owner = await post("/_api/auth/set-password", {
      token: setPasswordToken(first.text),
      password: OWNER_PASSWORD,
    });
    expect(owner.statusCode).toBe(200);
    // Lifetime already: the owner's own session, signed out, buys monthly as a guest (a second purchase).
    const started = await post("/_api/stripe/create-checkout-session", {
      plan: "monthly",
      successUrl: `${APP_ORIGIN}/subscribe`,
      cancelUrl: `${APP_ORIGIN}/subscribe`,
      email,
    });
    expect(started.statusCode).toBe(200);
    const checkoutPath = new URL(started.json().url).pathname;
    const paid = await t.app.inject({ method: "POST", url: `${checkoutPath}/pay`, headers: { origin: APP_ORIGIN } });
    await t.app.inject({ method: "GET", url: pathOf(String(paid.headers.location)) });
    const confirmation = await smtp.waitFor(
      (message) => message.to.includes(email) && message.subject.startsWith("Your FundMatch"),
    );
    expect(confirmation.text).toContain("Log in to see every matching fund");
    expect((await session(cookieOf(owner))).statusCode).toBe(200);
    expect((await post("/_api/auth/login_with_password", { email, password: OWNER_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses the demo sign-in for any existing account in the same words, without the address", async () => {
    const withPassword = victim();
    await post("/_api/auth/register_with_password", {
      email: withPassword,
      password: OWNER_PASSWORD,
      displayName: "O",
    });
    const passwordless = victim();
    await db().insert(users).values({ email: passwordless, displayName: "Guest", passwordHash: null });
    const deactivated = victim();
    await db().insert(users).values({ email: deactivated, displayName: "Gone", accountStatus: "deactivated" });
    for (const email of [withPassword, passwordless, deactivated]) {
      const answer = await demoSignIn(email);
      expect(answer.error).toEqual({ code: "address_unavailable", message: DEMO_ADDRESS_UNAVAILABLE, details: {} });
      expect(JSON.stringify(answer.error)).not.toContain(email);
    }
  });

  describe("a hand-over token kept back instead of redeemed (issue 35)", () => {
    /** The attacker signs in as the address, then starts a second sign-in and keeps its token. */
    async function attackerKeepsAToken(email: string) {
      const first = await demoSignIn(email);
      expect((await session(first.cookie)).statusCode).toBe(200);
      const kept = await demoHandOver(email);
      expect(kept.token).not.toBe("");
      return kept.token;
    }
    const refused = async (token: string) => {
      const answer = await establish(token);
      expect(answer.statusCode).toBe(401);
      expect(cookieOf(answer)).toBe("");
    };

    it("opens nothing once a guest has paid for the address", async () => {
      const email = victim();
      const token = await attackerKeepsAToken(email);
      await guestPays(email);
      await refused(token);
    });

    it("opens nothing once the owner reset the password through the e-mailed link", async () => {
      const email = victim();
      const token = await attackerKeepsAToken(email);
      expect((await post("/_api/auth/request-password-reset", { email })).statusCode).toBe(200);
      const mail = await smtp.waitFor((message) => message.to.includes(email));
      const reset = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? "";
      expect((await post("/_api/auth/reset-password", { token: reset, password: OWNER_PASSWORD })).statusCode).toBe(
        200,
      );
      await refused(token);
    });

    it("opens nothing once the owner set the password through a set-password link", async () => {
      const email = victim();
      const token = await attackerKeepsAToken(email);
      const account = await accountOf(email);
      const link = await issuePasswordToken(db(), account?.id ?? 0);
      expect((await post("/_api/auth/set-password", { token: link, password: OWNER_PASSWORD })).statusCode).toBe(200);
      await refused(token);
    });

    it("opens nothing once the operator made the account an admin", async () => {
      const email = victim();
      const token = await attackerKeepsAToken(email);
      const account = await accountOf(email);
      // The operator's ADMIN_PASSWORD is the account's password (set by its owner), so start-up promotes it.
      await db()
        .update(users)
        .set({ passwordHash: await hashPassword(OWNER_PASSWORD) })
        .where(eq(users.id, account?.id ?? 0));
      expect(await ensureAdminAccount(db(), email, OWNER_PASSWORD)).toMatchObject({ outcome: "promoted" });
      await refused(token);
      expect((await accountOf(email))?.emailVerifiedAt).toBeInstanceOf(Date);
    });

    it("opens nothing once the identity was unbound, even if the token row itself survived", async () => {
      const email = victim();
      const token = await attackerKeepsAToken(email);
      const account = await accountOf(email);
      // Only the binding goes (as proving the address removes it): the token's own check refuses.
      await db()
        .delete(signInIdentities)
        .where(eq(signInIdentities.userId, account?.id ?? 0));
      await refused(token);
    });

    it("opens nothing once the account's proof of address changed, even if the token row itself survived", async () => {
      const email = victim();
      const token = await attackerKeepsAToken(email);
      const account = await accountOf(email);
      await db()
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, account?.id ?? 0));
      await refused(token);
    });

    it("still signs the attacker's own sign-in in when nothing changed (the token itself works once)", async () => {
      const email = victim();
      const token = await attackerKeepsAToken(email);
      const answer = await establish(token);
      expect(answer.statusCode).toBe(200);
      await refused(token);
    });
  });
});
