import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmailPreferencesService } from "../../src/server/account/email-preferences.js";
import { loadConfig } from "../../src/server/config.js";
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_LIFETIME_MS } from "../../src/server/mail/email-token.js";
import { MAIL_SENDER } from "../../src/server/mail/templates/layout.js";
import { confirmationCodeEmail, purchaseConfirmationEmail, setPasswordEmail } from "../../src/server/mail/templates.js";
import { EMAIL_KINDS } from "../../src/shared/schemas/email-preferences.js";
import { parseParts } from "../peers/smtp.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

const APP_ORIGIN = "https://fundmatch.example";
const SECRET = "test-email-token-secret-0123456789abcdef";
const ONE_CLICK = { "content-type": "application/x-www-form-urlencoded" };

/**
 * The optional e-mails (alerts, reminders): a switch per kind and account, the one-click
 * unsubscribe of RFC 8058, and the helper that sends them; transactional mail ignores the switches.
 * Every message is read back from the outbox as the .eml it really is.
 */
describe.each(TEST_DRIVERS)("e-mail preferences and one-click unsubscribe, on %s", (driver) => {
  let t: TestApp;
  let dataDir = "";
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
  const outbox = () => path.join(dataDir, "outbox");

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "fundmatch-email-prefs-"));
    t = await createTestApp(driver, { PUBLIC_ORIGIN: APP_ORIGIN, DATA_DIR: dataDir, EMAIL_TOKEN_SECRET: SECRET });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const service = () => t.app.services.emailPreferences;

  /** Every .eml in the outbox addressed to `to`, oldest first, parsed. */
  async function mailsTo(to: string) {
    const files = (await readdir(outbox()).catch(() => [] as string[])).sort();
    const raws = await Promise.all(files.map((file) => readFile(path.join(outbox(), file), "utf8")));
    return raws.filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\r$`, "m").test(raw)).map(parseParts);
  }

  let accounts = 0;
  async function member() {
    const email = `member-${++accounts}@example.com`;
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: "Member-pass-1", displayName: "Mia Member" },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = registered.cookies.find((c) => c.name === "fundmatch_session")?.value ?? "";
    return { email, id: registered.json().user.id as number, cookie };
  }

  /** A subscriber with one saved search whose weekly e-mail is on: someone the alerts write to. */
  async function alertSubscriber() {
    const user = await member();
    await changeUserBehindTheApp(t.app, user.email, { subscriptionStatus: "active", subscriptionType: "monthly" });
    const saved = await t.app.inject({
      method: "POST",
      url: "/_api/user/saved-searches",
      cookies: { fundmatch_session: user.cookie },
      payload: { name: "Seed", search: { fundingStage: "seed" }, alerts: true },
      remoteAddress: nextIp(),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return user;
  }

  const NO_SEARCHES = { total: 0, alerting: 0 };

  const prefs = (cookie: string, payload?: object) =>
    t.app.inject({
      method: payload ? "PUT" : "GET",
      url: "/_api/user/email-preferences",
      cookies: cookie ? { fundmatch_session: cookie } : {},
      remoteAddress: nextIp(),
      ...(payload ? { payload } : {}),
    });

  const oneClick = (token: string, payload = "List-Unsubscribe=One-Click") =>
    t.app.inject({
      method: "POST",
      url: `/_api/email/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: ONE_CLICK,
      payload,
      remoteAddress: nextIp(),
    });

  /** An alert as the later jobs will send it, through the helper. */
  const sendAlert = (user: { email: string; id: number }) =>
    service().sendListMail({
      to: user.email,
      userId: user.id,
      kind: "saved_search_alerts",
      template: async ({ unsubscribeUrl }) => ({
        subject: "New funds match your search",
        text: `Three new funds.\n\nUnsubscribe: ${unsubscribeUrl}`,
        html: `<p>Three new funds.</p><p><a href="${unsubscribeUrl}">Unsubscribe</a></p>`,
      }),
    });

  it("every e-mail the product sends today has an HTML and a text part and the sender in the footer", async () => {
    const user = await member();
    const reset = await t.app.inject({
      method: "POST",
      url: "/_api/auth/request-password-reset",
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(200);
    await t.app.services.auth.drain();
    const mailer = t.app.services.mailer;
    await mailer.send(
      await setPasswordEmail({ to: user.email, link: `${APP_ORIGIN}/set-password?token=x`, planName: "Lifetime" }),
    );
    await mailer.send(
      await purchaseConfirmationEmail({ to: user.email, planName: "Premium", loginUrl: `${APP_ORIGIN}/login` }),
    );
    await mailer.send(await confirmationCodeEmail({ to: user.email, code: "123456", validMinutes: 10 }));

    const mails = await mailsTo(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Reset your FundMatch password",
      "Set your FundMatch password",
      "Your FundMatch Premium is active",
      "Your FundMatch confirmation code: 123456",
    ]);
    for (const mail of mails) {
      expect(mail.headers.get("content-type"), mail.subject).toMatch(/^multipart\/alternative/);
      expect(mail.html, mail.subject).toMatch(/^<!DOCTYPE html/);
      expect(mail.html, mail.subject).toContain(MAIL_SENDER.name);
      expect(mail.html, mail.subject).toContain(`mailto:${MAIL_SENDER.contact}`);
      expect(mail.text, mail.subject).toContain("The FundMatch team");
      expect(mail.text, mail.subject).toContain(MAIL_SENDER.contact);
      // Transactional mail carries no unsubscribe: it cannot be turned off.
      expect(mail.headers.has("list-unsubscribe"), mail.subject).toBe(false);
    }
  });

  it("lets a visitor neither read nor change any preferences", async () => {
    expect((await prefs("")).statusCode).toBe(401);
    expect((await prefs("", { saved_search_alerts: false })).statusCode).toBe(401);
  });

  it("keeps each account's switches its own: every kind on at first, each saved at once", async () => {
    const ada = await alertSubscriber();
    const bob = await alertSubscriber();
    const ON = {
      saved_search_alerts: true,
      pipeline_reminders: true,
      pitch_digest: true,
      saved_searches: { total: 1, alerting: 1 },
    };
    expect((await prefs(ada.cookie)).json()).toEqual(ON);
    const saved = await prefs(ada.cookie, { saved_search_alerts: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...ON, saved_search_alerts: false, saved_searches: { total: 1, alerting: 0 } });
    expect((await prefs(ada.cookie, { pipeline_reminders: false })).json()).toEqual({
      saved_search_alerts: false,
      pipeline_reminders: false,
      pitch_digest: true,
      saved_searches: { total: 1, alerting: 0 },
    });
    // Issue 39: the new pitches digest has its own switch, and turning it off leaves the others.
    expect((await prefs(ada.cookie, { pitch_digest: false })).json()).toMatchObject({
      pipeline_reminders: false,
      pitch_digest: false,
    });
    expect((await prefs(bob.cookie)).json()).toEqual(ON);
  });

  it.each([
    [{}, "Send at least one of"],
    [{ saved_search_alerts: "no" }, "saved_search_alerts must be true or false."],
    [{ newsletter: false }, "Unknown field"],
  ])("refuses %j with a clear 400 and changes nothing", async (payload, message) => {
    const user = await member();
    const answer = await prefs(user.cookie, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toContain(message);
    expect((await prefs(user.cookie)).json()).toEqual({
      saved_search_alerts: false,
      pipeline_reminders: true,
      pitch_digest: true,
      saved_searches: NO_SEARCHES,
    });
  });

  it("sends an alert with both List-Unsubscribe headers, and its one-click POST turns alerts off once", async () => {
    const user = await alertSubscriber();
    expect(await sendAlert(user)).toBe(true);
    const [alert] = await mailsTo(user.email);
    expect(alert?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const header = alert?.headers.get("list-unsubscribe") ?? "";
    const [https, mailto] = [...header.matchAll(/<([^>]+)>/g)].map((match) => (match[1] ?? "").replace(/\s+/g, ""));
    expect(https).toMatch(/^https:\/\/fundmatch\.example\/_api\/email\/unsubscribe\?token=[A-Za-z0-9._%-]+$/);
    expect(mailto).toBe(`mailto:${MAIL_SENDER.contact}?subject=unsubscribe`);
    // The footer's link opens the page that asks first; it carries the same token.
    expect(alert?.text).toContain(https?.replace("/_api/email/unsubscribe?", "/unsubscribe?"));

    const url = new URL(https ?? "");
    // Following the link (what a mail scanner does, or a person whose mail client shows the header's
    // address) changes nothing: it leads to the page that asks first, with the same token.
    const fetched = await t.app.inject({ method: "GET", url: url.pathname + url.search, remoteAddress: nextIp() });
    expect(fetched.statusCode).toBe(303);
    expect(fetched.headers.location).toBe(`/unsubscribe${url.search}`);
    expect(fetched.headers["cache-control"]).toBe("no-store");
    expect((await prefs(user.cookie)).json().saved_search_alerts).toBe(true);

    const token = url.searchParams.get("token") ?? "";
    const done = await oneClick(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      kind: "saved_search_alerts",
      message: "Done: you will no longer receive saved search alerts.",
    });
    expect((await prefs(user.cookie)).json()).toEqual({
      saved_search_alerts: false,
      pipeline_reminders: true,
      pitch_digest: true,
      saved_searches: { total: 1, alerting: 0 },
    });

    const replay = await oneClick(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatch(/^This unsubscribe link has already been used/);

    // Off means off: the helper does not send, and says so.
    const before = (await mailsTo(user.email)).length;
    expect(await sendAlert(user)).toBe(false);
    expect(await mailsTo(user.email)).toHaveLength(before);
  });

  it("refuses forged, altered, expired and foreign-key tokens with 400, and a body that is not one-click", async () => {
    const user = await member();
    const good = signUnsubscribeToken(SECRET, { userId: user.id, kind: "pipeline_reminders" });
    const [payload, signature] = good.split(".");
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), u: user.id + 1 }),
    ).toString("base64url");
    const otherKind = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), k: "saved_search_alerts" }),
    ).toString("base64url");
    const expired = signUnsubscribeToken(
      SECRET,
      { userId: user.id, kind: "pipeline_reminders" },
      new Date(Date.now() - UNSUBSCRIBE_TOKEN_LIFETIME_MS - 1000),
    );
    const cases: Array<[string, string, RegExp]> = [
      ["forged", "bm90LWEtdG9rZW4.c2lnbmF0dXJl", /not valid/],
      ["altered", `${otherUser}.${signature}`, /not valid/],
      ["another kind", `${otherKind}.${signature}`, /not valid/],
      [
        "another key",
        signUnsubscribeToken("another-secret-of-enough-length-0000000", {
          userId: user.id,
          kind: "pipeline_reminders",
        }),
        /not valid/,
      ],
      ["expired", expired, /has expired/],
      ["garbage", "%%%", /not valid/],
    ];
    for (const [name, token, message] of cases) {
      const answer = await oneClick(token);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().error, name).toMatch(message);
    }
    for (const body of ["", "List-Unsubscribe=Yes"]) {
      const answer = await oneClick(good, body);
      expect(answer.statusCode, body).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/_api/email/unsubscribe",
          headers: ONE_CLICK,
          payload: "List-Unsubscribe=One-Click",
        })
      ).statusCode,
    ).toBe(400);
    expect((await prefs(user.cookie)).json()).toMatchObject({ pipeline_reminders: true });
    // The good token still works after all that.
    expect((await oneClick(good)).statusCode).toBe(200);
    expect((await prefs(user.cookie)).json()).toMatchObject({ pipeline_reminders: false });
  });

  /** Deletes the member's account as they would, from Settings. */
  async function deleteAccount(user: { cookie: string }) {
    const deleted = await t.app.inject({
      method: "POST",
      url: "/_api/user/delete-account",
      payload: { password: "Member-pass-1" },
      cookies: { fundmatch_session: user.cookie },
      remoteAddress: nextIp(),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  }

  it("answers a deleted account's link as any unknown one, every time, for each kind", async () => {
    const user = await member();
    const tokens = EMAIL_KINDS.map((kind) => signUnsubscribeToken(SECRET, { userId: user.id, kind }));
    await deleteAccount(user);
    for (const token of tokens) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const answer = await oneClick(token);
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().error).toBe(
          "This unsubscribe link is not valid. Turn the e-mail off in Account Settings, under E-mail.",
        );
      }
    }
  });

  it("takes a browser's form post without JavaScript to the page that tells the outcome", async () => {
    const user = await member();
    const token = signUnsubscribeToken(SECRET, { userId: user.id, kind: "pipeline_reminders" });
    const query = `?token=${encodeURIComponent(token)}`;
    // The page's form has no action: the browser posts to the page's own address, which sends the
    // post on, body and all, to the one-click URL.
    const posted = await t.app.inject({
      method: "POST",
      url: `/unsubscribe${query}`,
      headers: ONE_CLICK,
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: nextIp(),
    });
    expect(posted.statusCode).toBe(307);
    expect(posted.headers.location).toBe(`/_api/email/unsubscribe${query}`);
    const navigate = (payload = "List-Unsubscribe=One-Click") =>
      t.app.inject({
        method: "POST",
        url: `/_api/email/unsubscribe${query}`,
        headers: { ...ONE_CLICK, accept: "text/html,application/xhtml+xml,*/*;q=0.8", "sec-fetch-mode": "navigate" },
        payload,
        remoteAddress: nextIp(),
      });
    const done = await navigate();
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/unsubscribe?result=off-pipeline_reminders");
    expect((await prefs(user.cookie)).json()).toMatchObject({ pipeline_reminders: false });
    const again = await navigate();
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe("/unsubscribe?result=used-pipeline_reminders");
    const forged = await t.app.inject({
      method: "POST",
      url: "/_api/email/unsubscribe?token=bm90LWEtdG9rZW4.c2lnbmF0dXJl",
      headers: { ...ONE_CLICK, accept: "text/html", "sec-fetch-mode": "navigate" },
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: nextIp(),
    });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe("/unsubscribe?result=invalid");
  });

  it("keeps one truth for alerts: the saved searches' own switches, which Settings and the link switch together", async () => {
    const user = await member();
    await changeUserBehindTheApp(t.app, user.email, { subscriptionStatus: "active", subscriptionType: "monthly" });
    const searches = (payload?: object, id?: number) =>
      t.app.inject({
        method: payload ? (id ? "PATCH" : "POST") : "GET",
        url: `/_api/user/saved-searches${id ? `/${id}` : ""}`,
        cookies: { fundmatch_session: user.cookie },
        remoteAddress: nextIp(),
        ...(payload ? { payload } : {}),
      });
    const alertsOf = async () =>
      ((await searches()).json().savedSearches as Array<{ name: string; alerts: boolean }>)
        .map((search) => `${search.name}:${search.alerts}`)
        .sort();
    // No saved search: nothing to alert about, and Settings says so.
    expect((await prefs(user.cookie)).json()).toMatchObject({
      saved_search_alerts: false,
      saved_searches: { total: 0, alerting: 0 },
    });
    const first = (await searches({ name: "Seed", search: { fundingStage: "seed" }, alerts: true })).json().savedSearch;
    await searches({ name: "Fintech", search: { industryFocus: ["fintech"] }, alerts: false });
    expect((await prefs(user.cookie)).json()).toMatchObject({
      saved_search_alerts: true,
      saved_searches: { total: 2, alerting: 1 },
    });

    // The e-mail's link turns every search's alerts off: the profile shows them off too.
    const token = signUnsubscribeToken(SECRET, { userId: user.id, kind: "saved_search_alerts" });
    expect((await oneClick(token)).statusCode).toBe(200);
    expect(await alertsOf()).toEqual(["Fintech:false", "Seed:false"]);
    expect((await prefs(user.cookie)).json()).toMatchObject({
      saved_search_alerts: false,
      saved_searches: { total: 2, alerting: 0 },
    });

    // One search's switch turned on again is alerts on in Settings.
    expect((await searches({ alerts: true }, first.id)).statusCode).toBe(200);
    expect((await prefs(user.cookie)).json()).toMatchObject({ saved_search_alerts: true });
    // Settings' switch turns every search's alerts on, then off.
    expect((await prefs(user.cookie, { saved_search_alerts: true })).json()).toMatchObject({
      saved_search_alerts: true,
      saved_searches: { total: 2, alerting: 2 },
    });
    expect(await alertsOf()).toEqual(["Fintech:true", "Seed:true"]);
    expect((await prefs(user.cookie, { saved_search_alerts: false })).json()).toMatchObject({
      saved_search_alerts: false,
    });
    expect(await alertsOf()).toEqual(["Fintech:false", "Seed:false"]);
  });

  it("without EMAIL_TOKEN_SECRET signs with a key kept in the database, which another instance shares", async () => {
    const plain = await createTestApp(driver, { PUBLIC_ORIGIN: APP_ORIGIN, DATA_DIR: dataDir });
    try {
      const db = plain.testDatabase.database.db;
      const user = await plain.app.inject({
        method: "POST",
        url: "/_api/auth/register_with_password",
        payload: { email: "keyless@example.com", password: "Member-pass-1", displayName: "Kay Less" },
        remoteAddress: nextIp(),
      });
      const userId = user.json().user.id as number;
      const links = await plain.app.services.emailPreferences.unsubscribeLinks(userId, "pipeline_reminders");
      const token = new URL(links.oneClick).searchParams.get("token") ?? "";
      // A second instance on the same database (or this one after a restart) reads the same key.
      const other = new EmailPreferencesService(db, plain.app.services.mailer, {
        secret: undefined,
        origin: APP_ORIGIN,
        logger: { info: () => {} },
      });
      expect(await other.unsubscribe(token)).toEqual({ ok: true, kind: "pipeline_reminders" });
      expect(await other.get(userId)).toMatchObject({ pipeline_reminders: false });
      // A token of the configured secret means nothing here.
      expect(await other.unsubscribe(signUnsubscribeToken(SECRET, { userId, kind: "saved_search_alerts" }))).toEqual({
        ok: false,
        reason: "invalid",
      });
    } finally {
      await plain.close();
    }
  });

  it("always sends transactional mail, whatever the switches say", async () => {
    const user = await member();
    await prefs(user.cookie, { saved_search_alerts: false, pipeline_reminders: false });
    const reset = await t.app.inject({
      method: "POST",
      url: "/_api/auth/request-password-reset",
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(200);
    await t.app.services.auth.drain();
    expect((await mailsTo(user.email)).map((mail) => mail.subject)).toEqual(["Reset your FundMatch password"]);
  });
});

describe("EMAIL_TOKEN_SECRET", () => {
  it("refuses a short secret at start-up, naming the variable", () => {
    expect(() => loadConfig({ NODE_ENV: "test", EMAIL_TOKEN_SECRET: "too-short" })).toThrow(
      /EMAIL_TOKEN_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({ NODE_ENV: "test", EMAIL_TOKEN_SECRET: "" }).EMAIL_TOKEN_SECRET).toBeUndefined();
  });
});
