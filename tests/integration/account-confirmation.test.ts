import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmationCodes, sessions, users } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const APP_ORIGIN = "http://app.test";
const SIX_MINUTES_MS = 6 * 60 * 1000;

/**
 * Accounts made through a sign-in provider have no password. They confirm a sensitive change by a
 * sign-in through the provider within the last 5 minutes, or else by a code e-mailed to them; an
 * account with a password keeps confirming with it.
 */
describe.each(TEST_DRIVERS)("confirming account changes without a password, on %s", (driver) => {
  let t: TestApp;
  let dataDir = "";
  let ip = 0;
  const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "fundmatch-confirmation-"));
    t = await createTestApp(driver, { PUBLIC_ORIGIN: APP_ORIGIN, DATA_DIR: dataDir, OIDC_MODE: "demo" });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => t.testDatabase.database.db;
  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

  /** Signs in through the demo provider's popup flow, as a browser would; the session's cookie. */
  async function providerSignIn(email: string): Promise<string> {
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
        name: "Pat Provider",
        decision: "approve",
      }).toString(),
    });
    const landing = await t.app.inject({
      method: "GET",
      url: pathOf(String(answered.headers.location)),
      cookies: { fundmatch_oauth_state: state },
    });
    const message = JSON.parse(/var message = (\{.*\});/.exec(landing.body)?.[1] ?? "{}");
    expect(message.type, landing.body).toBe("OAUTH_TOKEN_SUCCESS");
    const established = await t.app.inject({
      method: "POST",
      url: "/_api/auth/establish_session",
      payload: { tempToken: message.token },
      remoteAddress: nextIp(),
    });
    expect(established.statusCode, established.body).toBe(200);
    return cookieOf(established);
  }

  const call = (token: string, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: payload === undefined && !url.includes("confirmation-code") ? "GET" : "POST",
      url,
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload }),
      cookies: { fundmatch_session: token },
    });

  /** Moves the session's sign-in 6 minutes into the past: the recent-sign-in window is over. */
  async function ageSession(token: string) {
    const all = await db().select().from(sessions);
    const { hashToken } = await import("../../src/server/auth/tokens.js");
    const session = all.find((row) => row.tokenHash === hashToken(token));
    expect(session).toBeDefined();
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - SIX_MINUTES_MS) })
      .where(eq(sessions.id, session?.id ?? 0));
  }

  /** The code in the newest e-mail to this address, read from DATA_DIR/outbox as sent. */
  async function codeMailedTo(email: string): Promise<string> {
    const outbox = path.join(dataDir, "outbox");
    const names = (await readdir(outbox)).sort().reverse();
    for (const name of names) {
      const raw = await readFile(path.join(outbox, name), "utf8");
      if (!raw.includes(`To: ${email}`)) continue;
      expect(raw).toContain("Subject: Your FundMatch confirmation code");
      expect(raw).toContain("valid for 10 minutes and works once");
      const code = /^([0-9]{6})\r?$/m.exec(raw)?.[1];
      expect(code, raw).toBeDefined();
      return code ?? "";
    }
    throw new Error(`no e-mail to ${email} in ${outbox}`);
  }

  const userNamed = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

  it("says which confirmation applies: a recent provider sign-in, then an e-mailed code; a password account's password", async () => {
    const token = await providerSignIn("window@example.com");
    const fresh = (await call(token, "/_api/user/profile")).json();
    expect(fresh).toMatchObject({ hasPassword: false, confirmation: "recent_sign_in" });
    const until = Date.parse(fresh.recentSignInUntil);
    expect(until - Date.now()).toBeGreaterThan(4 * 60 * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    await ageSession(token);
    expect((await call(token, "/_api/user/profile")).json()).toMatchObject({
      confirmation: "email_code",
      recentSignInUntil: null,
    });
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "with-password@example.com", password: "Has-pass-1", displayName: "Has Password" },
      remoteAddress: nextIp(),
    });
    expect((await call(cookieOf(registered), "/_api/user/profile")).json()).toMatchObject({
      hasPassword: true,
      confirmation: "password",
      recentSignInUntil: null,
    });
  });

  it("lets a provider account that just signed in update its profile, set a password, deactivate and delete without a password", async () => {
    const profile = await providerSignIn("fresh-profile@example.com");
    const updated = await call(profile, "/_api/user/update-profile", {
      displayName: "Renamed Provider",
      email: "fresh-profile@example.com",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().user.displayName).toBe("Renamed Provider");

    const setter = await providerSignIn("fresh-setter@example.com");
    const set = await call(setter, "/_api/user/change-password", {
      newPassword: "Chosen-pass-1",
      confirmNewPassword: "Chosen-pass-1",
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: { email: "fresh-setter@example.com", password: "Chosen-pass-1" },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    // From now on the account confirms with its password.
    expect((await call(cookieOf(set), "/_api/user/profile")).json().confirmation).toBe("password");

    const pauser = await providerSignIn("fresh-pauser@example.com");
    expect((await call(pauser, "/_api/user/deactivate-account", {})).statusCode).toBe(200);
    expect((await userNamed("fresh-pauser@example.com"))?.accountStatus).toBe("deactivated");

    const leaver = await providerSignIn("fresh-leaver@example.com");
    const deleted = await call(leaver, "/_api/user/delete-account", {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await userNamed("fresh-leaver@example.com")).toBeUndefined();
  });

  it("needs an e-mailed code once the sign-in is over 5 minutes old; the code works once", async () => {
    const token = await providerSignIn("old-session@example.com");
    await ageSession(token);
    const codeNeeded =
      "Your account has no password, and your sign-in is more than 5 minutes old: confirm with the code we e-mail you. Ask for a code, then send it as code.";
    for (const [url, body] of [
      ["/_api/user/update-profile", { displayName: "Too Late", email: "old-session@example.com" }],
      ["/_api/user/change-password", { newPassword: "Chosen-pass-1", confirmNewPassword: "Chosen-pass-1" }],
      ["/_api/user/deactivate-account", {}],
      ["/_api/user/delete-account", {}],
    ] as const) {
      const refused = await call(token, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error, url).toBe(codeNeeded);
    }
    // A password it does not have is no way round it.
    const guessed = await call(token, "/_api/user/delete-account", { password: "Anything-1" });
    expect(guessed.statusCode).toBe(400);
    expect((await userNamed("old-session@example.com"))?.accountStatus).toBe("active");

    const sent = await call(token, "/_api/user/confirmation-code");
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe("We sent a code to old-session@example.com. It is valid for 10 minutes.");
    const code = await codeMailedTo("old-session@example.com");
    const stored = (await db().select().from(confirmationCodes)).map((row) => row.codeHash).join();
    expect(stored).not.toContain(code);

    const wrong = await call(token, "/_api/user/update-profile", {
      displayName: "Coded Name",
      email: "old-session@example.com",
      code: code === "000000" ? "000001" : "000000",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe("The code is not correct.");
    const malformed = await call(token, "/_api/user/update-profile", {
      displayName: "Coded Name",
      email: "old-session@example.com",
      code: "12ab",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("Enter the 6-digit code from the e-mail.");

    const updated = await call(token, "/_api/user/update-profile", {
      displayName: "Coded Name",
      email: "old-session@example.com",
      code,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().user.displayName).toBe("Coded Name");
    const again = await call(token, "/_api/user/delete-account", { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe("This code has expired or was already used: ask for a new one.");
    expect(await userNamed("old-session@example.com")).toBeDefined();

    // A new code deletes the account.
    expect((await call(token, "/_api/user/confirmation-code")).statusCode).toBe(200);
    const deleted = await call(token, "/_api/user/delete-account", {
      code: await codeMailedTo("old-session@example.com"),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await userNamed("old-session@example.com")).toBeUndefined();
  });

  it("sets a password with a code, and refuses an expired code", async () => {
    const token = await providerSignIn("coded-setter@example.com");
    await ageSession(token);
    expect((await call(token, "/_api/user/confirmation-code")).statusCode).toBe(200);
    const code = await codeMailedTo("coded-setter@example.com");
    const user = await userNamed("coded-setter@example.com");
    await db()
      .update(confirmationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(confirmationCodes.userId, user?.id ?? 0));
    const body = { newPassword: "Coded-pass-1", confirmNewPassword: "Coded-pass-1" };
    const expired = await call(token, "/_api/user/change-password", { ...body, code });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe("This code has expired or was already used: ask for a new one.");

    expect((await call(token, "/_api/user/confirmation-code")).statusCode).toBe(200);
    const set = await call(token, "/_api/user/change-password", {
      ...body,
      code: await codeMailedTo("coded-setter@example.com"),
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await userNamed("coded-setter@example.com"))?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("stops a code after 5 wrong tries, even a correct one after them", async () => {
    const token = await providerSignIn("guesser@example.com");
    await ageSession(token);
    expect((await call(token, "/_api/user/confirmation-code")).statusCode).toBe(200);
    const code = await codeMailedTo("guesser@example.com");
    const wrongCodes = ["000000", "111111", "222222", "333333", "444444", "555555"].filter((c) => c !== code);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await call(token, "/_api/user/deactivate-account", { code: wrongCodes[attempt - 1] });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(
        attempt < 5
          ? "The code is not correct."
          : "The code is not correct, and it has been tried too many times: ask for a new one.",
      );
    }
    const late = await call(token, "/_api/user/deactivate-account", { code });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe("This code has expired or was already used: ask for a new one.");
    expect((await userNamed("guesser@example.com"))?.accountStatus).toBe("active");
  });

  it("e-mails codes only to accounts without a password, at most 5 an hour per account", async () => {
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "keeps-password@example.com", password: "Keeps-pass-1", displayName: "Keeper" },
      remoteAddress: nextIp(),
    });
    const passwordToken = cookieOf(registered);
    const refused = await call(passwordToken, "/_api/user/confirmation-code");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("Your account has a password: confirm with it instead.");
    const withCode = await call(passwordToken, "/_api/user/delete-account", { code: "123456" });
    expect(withCode.statusCode).toBe(400);
    expect(withCode.json().error).toBe("Your account has a password: confirm with it instead.");
    // Its password still confirms, as before.
    expect((await call(passwordToken, "/_api/user/delete-account", {})).json().error).toBe("Password is required.");
    expect((await call(passwordToken, "/_api/user/delete-account", { password: "Keeps-pass-1" })).statusCode).toBe(200);

    const token = await providerSignIn("many-codes@example.com");
    for (let request = 1; request <= 5; request += 1) {
      expect((await call(token, "/_api/user/confirmation-code")).statusCode).toBe(200);
    }
    const sixth = await call(token, "/_api/user/confirmation-code");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/^Too many codes asked for\. Please wait \d+ minutes? and try again\.$/);
    expect((await t.app.inject({ method: "POST", url: "/_api/user/confirmation-code" })).statusCode).toBe(401);
  });
});
