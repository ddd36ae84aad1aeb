import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/server/app.js";
import {
  issuePasswordToken,
  PASSWORD_TOKEN_LIFETIME_MS,
  RESET_TOKEN_LIFETIME_MS,
} from "../../src/server/auth/password-tokens.js";
import { AUTH_MESSAGES } from "../../src/server/auth/service.js";
import { hashToken } from "../../src/server/auth/tokens.js";
import { loadConfig } from "../../src/server/config.js";
import { passwordResetRequests, passwordTokens, signInIdentities, users } from "../../src/server/db/schema/index.js";
import type { Mailer, MailMessage } from "../../src/server/mail/mailer.js";
import { insertUser, updateUser } from "../../src/server/users/repository.js";
import { RESET_PASSWORD_TEXTS } from "../../src/shared/auth-texts.js";
import {
  PASSWORD_RESET_REQUESTED,
  PASSWORD_RULE_MESSAGE,
  RESET_PASSWORD_LINK_INVALID,
} from "../../src/shared/schemas/auth.js";
import { SET_PASSWORD_LINK_INVALID } from "../../src/shared/schemas/billing.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";

const ORIGIN = "https://fundmatch.example";
const OLD_PASSWORD = "Old-password-1";
const NEW_PASSWORD = "Brand-new-Pass-7";

/**
 * Captures every message. While `hold` is set, sending waits for it: the reset answer must not
 * wait for the e-mail (nor for anything that depends on whether the account exists).
 */
function capturingMailer() {
  const sent: MailMessage[] = [];
  const waiting = new Set<() => void>();
  let hold: Promise<void> | undefined;
  const mailer: Mailer = {
    async send(message) {
      await hold;
      sent.push(message);
      for (const wake of [...waiting]) wake();
    },
    async close() {},
  };
  return {
    mailer,
    sent,
    holdUntil(release: Promise<void>) {
      hold = release;
    },
    /** Resolves once a message to `to` has been sent (whoever sent it). */
    waitFor(to: string): Promise<MailMessage> {
      return new Promise((resolve) => {
        const check = () => {
          const found = sent.find((message) => message.to === to);
          if (found) {
            waiting.delete(check);
            resolve(found);
          }
        };
        waiting.add(check);
        check();
      });
    },
  };
}

describe.each(TEST_DRIVERS)("forgotten passwords: reset through an e-mailed link on %s", (driver) => {
  let testDatabase: TestDatabase;
  let app: App;
  const mail = capturingMailer();
  let ipCounter = 0;
  const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  let emailCounter = 0;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: "/nonexistent-test-data-dir",
      SEED_ON_START: "false",
      LOG_LEVEL: "silent",
      PUBLIC_ORIGIN: ORIGIN,
    });
    app = await buildApp(config, { database: testDatabase.database, logger: false, mailer: mail.mailer });
  });
  afterAll(async () => {
    await app?.close();
    await testDatabase?.drop();
  });

  const db = () => testDatabase.database.db;
  const post = (url: string, payload: Record<string, unknown>, remoteAddress = nextIp(), token?: string) =>
    app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress,
      ...(token && { cookies: { fundmatch_session: token } }),
    });
  const requestReset = (email: string, remoteAddress = nextIp()) =>
    post("/_api/auth/request-password-reset", { email }, remoteAddress);
  const reset = (payload: Record<string, unknown>) => post("/_api/auth/reset-password", payload);
  const linkStatus = (token: string, purpose: string) => post("/_api/auth/password-link-status", { token, purpose });
  const login = (email: string, password: string) => post("/_api/auth/login_with_password", { email, password });
  const sessionCookie = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const sessionStatus = async (token: string) =>
    (await app.inject({ method: "GET", url: "/_api/auth/session", cookies: { fundmatch_session: token } })).statusCode;
  const member = async () => {
    const email = `member${++emailCounter}@example.com`;
    const registered = await post("/_api/auth/register_with_password", {
      email,
      password: OLD_PASSWORD,
      displayName: "Member",
    });
    expect(registered.statusCode).toBe(201);
    return { email, id: registered.json().user.id as number, cookie: sessionCookie(registered) };
  };
  const mailsTo = (email: string) => mail.sent.filter((message) => message.to === email);
  const linkIn = (message: MailMessage | undefined) => {
    const match = /https:\/\/fundmatch\.example\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(message?.text ?? "");
    if (!match?.[1]) throw new Error(`no reset link in ${message?.text}`);
    return match[1];
  };
  /** Asks for a link and waits (on the service's own signal) until its e-mail is sent. */
  const resetLinkFor = async (email: string) => {
    expect((await requestReset(email)).statusCode).toBe(200);
    await app.services.auth.drain();
    return linkIn(mailsTo(email).at(-1));
  };

  it("answers every address the same, at once, and e-mails a one-hour single-use link only to an account", async () => {
    const { email, id } = await member();
    let release = () => {};
    mail.holdUntil(
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const known = await requestReset(email);
    const unknown = await requestReset("nobody-here@example.com");
    const sentWhileHeld = mailsTo(email).length;
    // Let the e-mail go before anything can fail: a held mailer would hold every later test.
    release();
    // Both answered while the e-mail could not be sent yet: nothing about the account is on the response path.
    expect(sentWhileHeld).toBe(0);
    for (const answer of [known, unknown]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    }
    expect(known.body).toBe(unknown.body);
    expect(known.headers["content-length"]).toBe(unknown.headers["content-length"]);
    await app.services.auth.drain();

    expect(mail.sent.filter((message) => message.to === "nobody-here@example.com")).toEqual([]);
    const [message] = mailsTo(email);
    expect(message?.subject).toBe("Reset your FundMatch password");
    expect(message?.text).toContain("The link is valid for one hour and can be used once.");
    const token = linkIn(message);
    const [row] = await db()
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, hashToken(token)));
    expect(row).toMatchObject({ userId: id, purpose: "reset_password" });
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(RESET_TOKEN_LIFETIME_MS);
    expect(PASSWORD_RESET_REQUESTED).toBe(RESET_PASSWORD_TEXTS.sent);
    expect(RESET_PASSWORD_LINK_INVALID).toBe(RESET_PASSWORD_TEXTS.linkInvalid);
  });

  it("does the same on the request path for every address and leaves the rest to a job queue worker", async () => {
    const { email } = await member();
    const tables = async () => ({
      tokens: (await db().select().from(passwordTokens)).length,
      requests: await db().select().from(passwordResetRequests).orderBy(asc(passwordResetRequests.id)),
    });
    let release = () => {};
    mail.holdUntil(
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const before = await tables();
    // Each request writes one row, whatever the address; nothing is looked up or issued yet.
    await requestReset("nobody-at-all@example.com");
    const afterUnknown = await tables();
    await requestReset(email);
    const afterKnown = await tables();
    // Let the e-mail go before anything can fail: a held mailer would hold every later test.
    release();
    expect(afterUnknown.requests.length - before.requests.length).toBe(1);
    expect(afterKnown.requests.length - afterUnknown.requests.length).toBe(1);
    expect(afterKnown.requests.at(-1)).toMatchObject({ email, handledAt: null });
    // Nobody drains here: the queue's worker, woken by the request's notification, sends the link.
    const message = await mail.waitFor(email);
    expect(message.subject).toBe("Reset your FundMatch password");
    await app.services.auth.drain();
    const handled = await db().select().from(passwordResetRequests);
    expect(handled.find((row) => row.email === email)?.mailed).toBe(true);
    expect(handled.find((row) => row.email === "nobody-at-all@example.com")).toMatchObject({ mailed: false });
    expect(handled.every((row) => row.handledAt !== null)).toBe(true);
    expect((await tables()).tokens).toBe(before.tokens + 1);
  });

  it("sets the new password, ends every other session, signs in, and works once", async () => {
    const { email, cookie } = await member();
    const elsewhere = sessionCookie(await login(email, OLD_PASSWORD));
    const token = await resetLinkFor(email);

    const done = await reset({ token, password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe(email);
    const fresh = sessionCookie(done);
    expect(await sessionStatus(fresh)).toBe(200);
    expect(await sessionStatus(cookie)).toBe(401);
    expect(await sessionStatus(elsewhere)).toBe(401);
    expect((await login(email, OLD_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset({ token, password: "Another-Pass-8" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: RESET_PASSWORD_LINK_INVALID });
    expect((await login(email, "Another-Pass-8")).statusCode).toBe(401);
  });

  it("tells the page whether a link still works without spending it", async () => {
    const { email } = await member();
    const token = await resetLinkFor(email);
    expect((await linkStatus(token, "reset_password")).json()).toEqual({ usable: true });
    expect((await linkStatus(token, "reset_password")).json()).toEqual({ usable: true });
    expect((await linkStatus(token, "set_password")).json()).toEqual({ usable: false });
    expect((await linkStatus("x".repeat(43), "reset_password")).json()).toEqual({ usable: false });
    expect((await linkStatus("short", "reset_password")).json()).toEqual({ usable: false });
    expect((await linkStatus(token, "other")).statusCode).toBe(400);
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await linkStatus(token, "reset_password")).json()).toEqual({ usable: false });

    // The set-password page asks the same way about its own links.
    const guest = await insertUser(db(), {
      email: `guest${++emailCounter}@example.com`,
      displayName: "G",
      passwordHash: null,
    });
    const setToken = await issuePasswordToken(db(), guest?.id ?? 0);
    expect((await linkStatus(setToken, "set_password")).json()).toEqual({ usable: true });
    expect((await post("/_api/auth/set-password", { token: setToken, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await linkStatus(setToken, "set_password")).json()).toEqual({ usable: false });
  });

  it("answers a deleted account's reset and set-password links as any unknown link", async () => {
    const { email, id } = await member();
    const resetToken = await resetLinkFor(email);
    const setToken = await issuePasswordToken(db(), id);
    await db().delete(users).where(eq(users.id, id));
    expect((await linkStatus(resetToken, "reset_password")).json()).toEqual({ usable: false });
    expect((await linkStatus(setToken, "set_password")).json()).toEqual({ usable: false });
    const refused = await reset({ token: resetToken, password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: RESET_PASSWORD_LINK_INVALID });
    const notSet = await post("/_api/auth/set-password", { token: setToken, password: NEW_PASSWORD });
    expect(notSet.statusCode).toBe(400);
    expect(notSet.json()).toEqual({ error: SET_PASSWORD_LINK_INVALID });
  });

  it("keeps the two kinds of link apart: a set-password link does not reset, nor a reset link set", async () => {
    const { email, id } = await member();
    const setToken = await issuePasswordToken(db(), id);
    const refused = await reset({ token: setToken, password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: RESET_PASSWORD_LINK_INVALID });

    const resetToken = await resetLinkFor(email);
    const wrongPage = await post("/_api/auth/set-password", { token: resetToken, password: NEW_PASSWORD });
    expect(wrongPage.statusCode).toBe(400);
    expect(wrongPage.json()).toEqual({ error: SET_PASSWORD_LINK_INVALID });
    // Neither attempt spent the other kind's link.
    expect((await reset({ token: resetToken, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses a link after its hour, and a password that breaks the registration rule without spending the link", async () => {
    const { email, id } = await member();
    const old = await issuePasswordToken(
      db(),
      id,
      new Date(Date.now() - RESET_TOKEN_LIFETIME_MS - 1000),
      "reset_password",
    );
    expect((await linkStatus(old, "reset_password")).json()).toEqual({ usable: false });
    expect((await reset({ token: old, password: NEW_PASSWORD })).json()).toEqual({
      error: RESET_PASSWORD_LINK_INVALID,
    });
    // A set-password link of the same age still works: its lifetime is 24 hours.
    expect(PASSWORD_TOKEN_LIFETIME_MS).toBeGreaterThan(RESET_TOKEN_LIFETIME_MS);

    const token = await resetLinkFor(email);
    const weak = await reset({ token, password: "alllowercase" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: PASSWORD_RULE_MESSAGE });
    expect((await reset({ token, password: NEW_PASSWORD, extra: 1 })).statusCode).toBe(400);
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("sends at most three links an hour per address, answering every request the same", async () => {
    const { email } = await member();
    const answers: Array<{ statusCode: number; body: string }> = [];
    for (let i = 0; i < 5; i++) answers.push(await requestReset(email));
    // Handled all at once, as several instances' workers would (the queue's own worker joins in):
    // the count and the mark of each e-mail are one step per address, so a fourth never slips through.
    await Promise.all(Array.from({ length: 5 }, () => app.services.auth.handleResetRequest()));
    await app.services.auth.drain();
    expect(answers.every((answer) => answer.statusCode === 200 && answer.body === answers[0]?.body)).toBe(true);
    expect(mailsTo(email)).toHaveLength(3);
  });

  it("limits requests per client IP", async () => {
    const ip = "10.250.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await requestReset(`probe${i}@example.com`, ip)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("validates the address like log-in does", async () => {
    const response = await post("/_api/auth/request-password-reset", { email: "not-an-address" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTruthy();
  });

  it("does not reactivate a deactivated account: no link is sent, and an older link is refused", async () => {
    const { email, id } = await member();
    const earlier = await resetLinkFor(email);
    await updateUser(db(), id, { accountStatus: "deactivated" });
    const before = mailsTo(email).length;
    expect((await requestReset(email)).json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    await app.services.auth.drain();
    expect(mailsTo(email)).toHaveLength(before);

    const refused = await reset({ token: earlier, password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: AUTH_MESSAGES.deactivated });
    expect(sessionCookie(refused)).toBe("");
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.accountStatus).toBe("deactivated");
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("counts as proof of the address: recorded, and demo-provider bindings of the account are removed", async () => {
    const { email, id } = await member();
    await db().insert(signInIdentities).values({ issuer: "demo", subject: "someone", userId: id });
    await db().insert(signInIdentities).values({ issuer: "https://accounts.google.com/", subject: "g-1", userId: id });
    const token = await resetLinkFor(email);
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
    const bindings = await db().select().from(signInIdentities).where(eq(signInIdentities.userId, id));
    expect(bindings.map((binding) => binding.issuer)).toEqual(["https://accounts.google.com/"]);
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("spends an open reset link when the password is changed in the account settings", async () => {
    const { email, cookie } = await member();
    const token = await resetLinkFor(email);
    const changed = await post(
      "/_api/user/change-password",
      { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      nextIp(),
      cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await reset({ token, password: "Another-Pass-8" })).json()).toEqual({ error: RESET_PASSWORD_LINK_INVALID });
  });
});
