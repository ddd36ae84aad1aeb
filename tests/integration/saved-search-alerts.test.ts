import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SavedSearchAlerts } from "../../src/server/account/saved-search-alerts.js";
import { funds, savedSearches } from "../../src/server/db/schema/index.js";
import { MAIL_SENDER } from "../../src/server/mail/templates/layout.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

const ORIGIN = "https://fundmatch.example";
const ADMIN = { email: "alerts-admin@example.com", password: "Admin-pass-1" };
const SEED_FINTECH = { fundingStage: "seed", industryFocus: ["fintech"] };
const DAY = 24 * 60 * 60_000;
const silent = pino({ level: "silent" });

/**
 * The weekly saved-search alerts (issue 23): each subscriber with alerts on gets one e-mail per run
 * listing the funds their saved searches match that were added, or had facts changed, since the
 * search's last alert; nothing new, no e-mail; lapsed subscribers, searches with alerts off and
 * accounts that switched the e-mail off get none. Every message is read back from the outbox.
 */
describe.each(TEST_DRIVERS)("saved-search alerts on %s", (driver) => {
  let t: TestApp;
  let dataDir = "";
  let adminCookie = "";
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const db = () => t.testDatabase.database.db;
  const outbox = () => path.join(dataDir, "outbox");

  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      cookies: cookie ? { fundmatch_session: cookie } : {},
    });

  /** Every message in the outbox, oldest first, parsed as a mail client would. */
  async function mails(): Promise<ParsedMail[]> {
    const files = (await readdir(outbox()).catch(() => [] as string[])).sort();
    return Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(outbox(), file)))));
  }
  const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

  const runJob = async () => {
    const response = await call("POST", "/_api/admin/jobs/run", adminCookie, { name: "saved-search-alerts" });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { status: string; handled: number };
  };

  async function fundId(name: string): Promise<number> {
    const [row] = await db().select({ id: funds.id }).from(funds).where(eq(funds.name, name));
    if (!row) throw new Error(`no fund ${name}`);
    return row.id;
  }

  /** An admin's edit of one fund's size, through the admin's own form route. */
  async function setFundSize(name: string, fundSize: number) {
    const id = await fundId(name);
    const { fund } = (await call("GET", `/_api/admin/fund/${id}`, adminCookie)).json();
    const { id: _id, countryCode, source, importId, updatedAt, ...input } = fund;
    const response = await call("POST", "/_api/admin/fund/update", adminCookie, {
      id,
      fund: { ...input, fundSize, currency: "USD" },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function member(name: string, status: string) {
    const email = `${name}@example.com`;
    const registered = await call("POST", "/_api/auth/register_with_password", "", {
      email,
      password: "Member-pass-1",
      displayName: name,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    cookies[name] = cookieOf(registered);
    ids[name] = await changeUserBehindTheApp(t.app, email, { subscriptionStatus: status, subscriptionType: "monthly" });
  }

  async function saveSearch(name: string, alerts: boolean, search: object = SEED_FINTECH) {
    const response = await call("POST", "/_api/user/saved-searches", cookies[name] ?? "", {
      name: `${name}'s seed fintech`,
      search,
      alerts,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().savedSearch.id as number;
  }

  const lastAlertOf = async (name: string) =>
    (
      await db()
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, ids[name] ?? 0))
    ).map((row) => row.lastAlertAt);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "fundmatch-alerts-"));
    t = await createTestApp(driver, {
      PUBLIC_ORIGIN: ORIGIN,
      DATA_DIR: dataDir,
      EMAIL_TOKEN_SECRET: "test-email-token-secret-0123456789abcdef",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: "0",
    });
    adminCookie = cookieOf(await call("POST", "/_api/auth/login_with_password", "", ADMIN));

    // What existed when the searches were saved.
    await insertFunds(db(), [
      { name: "Before Seed Fintech", funding_stages: "seed", industry_focus: "fintech" },
      {
        name: "Changing Seed Fintech",
        funding_stages: "seed",
        industry_focus: "fintech",
        fund_size: "100000000",
        currency: "USD",
      },
      { name: "Quiet Seed Fintech", funding_stages: "seed", industry_focus: "fintech" },
    ]);
    await member("ada", "active"); // alerts on: the one who hears
    await member("ben", "active"); // the search's alerts off
    await member("cy", "active"); // the e-mail switched off in Settings
    await member("dee", "active"); // lapses after saving
    await saveSearch("ada", true);
    await saveSearch("ben", false);
    await saveSearch("cy", true);
    await saveSearch("dee", true);
    const off = await call("PUT", "/_api/user/email-preferences", cookies.cy ?? "", { saved_search_alerts: false });
    expect(off.statusCode, off.body).toBe(200);
    await changeUserBehindTheApp(t.app, "dee@example.com", { subscriptionStatus: "canceled" });
    // The searches were saved yesterday and the funds the day before: a clear before and after.
    await db()
      .update(funds)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) });
    await db()
      .update(savedSearches)
      .set({ createdAt: new Date(Date.now() - DAY) });

    // What happened since.
    await insertFunds(db(), [
      { name: "Added Seed Fintech", funding_stages: "seed", industry_focus: "fintech" },
      { name: "Added Series B Health", funding_stages: "series_b", industry_focus: "digital_health" },
    ]);
    await setFundSize("Changing Seed Fintech", 150_000_000);
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("e-mails the subscriber the funds added and changed since the search was saved, and no one else", async () => {
    expect(await runJob()).toEqual({ name: "saved-search-alerts", status: "succeeded", handled: 1 });

    const sent = await mails();
    expect(sent.map(to)).toEqual(["ada@example.com"]);
    const [mail] = sent as [ParsedMail];
    expect(mail.subject).toBe("2 new or updated funds for “ada's seed fintech” on FundMatch");
    const html = mail.html || "";
    const text = mail.text ?? "";
    expect(html).toMatch(/^<!DOCTYPE html/);

    // Added after the search: listed as new, with why it matches and a link to its page.
    const added = await fundId("Added Seed Fintech");
    expect(text).toContain("Added Seed Fintech");
    expect(html).toContain(`href="${ORIGIN}/funds/${added}-added-seed-fintech"`);
    expect(text).toContain(`${ORIGIN}/funds/${added}-added-seed-fintech`);
    expect(text).toContain("Since you saved your search, 2 funds matching it were added to FundMatch");
    expect(text).toMatch(/New fund: Added Seed Fintech/);
    expect(text).toContain("Why it matches: Seed specialist · Primary focus: Fintech");
    // Changed after the search: listed with what changed.
    expect(text).toMatch(/Updated: Changing Seed Fintech/);
    expect(text).toContain("What changed: Fund size: $100M → $150M");
    expect(html).toContain("Fund size: $100M → $150M");
    // Added before the search, unchanged since: not news. Added since but not matching: not listed.
    expect(text).not.toContain("Before Seed Fintech");
    expect(text).not.toContain("Quiet Seed Fintech");
    expect(text).not.toContain("Added Series B Health");
    // The search itself, to see the rest.
    expect(text).toContain(`${ORIGIN}/?`);

    // The product's name in both parts' footers; the one-click unsubscribe headers.
    expect(html).toContain(MAIL_SENDER.name);
    expect(text).toContain(MAIL_SENDER.name);
    expect(text).toContain(`${ORIGIN}/unsubscribe?token=`);
    // mailparser files both List-* headers under "list"; the raw lines are checked as sent.
    const list = mail.headers.get("list") as { unsubscribe: { url: string; mail: string } };
    expect(list.unsubscribe.url).toMatch(
      new RegExp(`^${ORIGIN.replaceAll(".", "\\.")}/_api/email/unsubscribe\\?token=`),
    );
    expect(list.unsubscribe.mail).toBe(`${MAIL_SENDER.contact}?subject=unsubscribe`);
    expect(mail.headerLines.map((line) => line.line)).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // Only the alerted search moves its baseline.
    expect((await lastAlertOf("ada"))[0]).toBeInstanceOf(Date);
    for (const name of ["ben", "cy", "dee"]) expect(await lastAlertOf(name)).toEqual([null]);
  });

  it("sends nothing when nothing is new: a second run is a no-op", async () => {
    const before = (await mails()).length;
    expect(await runJob()).toMatchObject({ status: "succeeded", handled: 0 });
    expect(await mails()).toHaveLength(before);
  });

  it("tells only what changed since the last alert, with the value it changed from", async () => {
    await setFundSize("Changing Seed Fintech", 200_000_000);
    expect(await runJob()).toMatchObject({ status: "succeeded", handled: 1 });
    const last = (await mails()).at(-1) as ParsedMail;
    expect(to(last)).toBe("ada@example.com");
    expect(last.subject).toBe("1 new or updated fund for “ada's seed fintech” on FundMatch");
    expect(last.text).toContain("Since your last alert, 1 fund matching it was added to FundMatch");
    expect(last.text).toContain("What changed: Fund size: $150M → $200M");
    expect(last.text).not.toContain("Added Seed Fintech");
  });

  it("keeps the news of an e-mail the server refused for the retry, and never repeats one perhaps delivered", async () => {
    await insertFunds(db(), [{ name: "Retried Seed Fintech", funding_stages: "seed", industry_focus: "fintech" }]);
    const before = await lastAlertOf("ada");
    const refusing = {
      sendListMail: async () => {
        throw Object.assign(new Error("451 try again later"), { responseCode: 451 });
      },
    };
    const alerts = (sender: { sendListMail: () => Promise<boolean> }) =>
      new SavedSearchAlerts(db(), t.app.services.funds, sender, ORIGIN);
    await expect(alerts(refusing).run(new Date(), silent)).rejects.toThrow(/could not be sent/);
    expect(await lastAlertOf("ada")).toEqual(before);

    // The retry sends it; a later run finds nothing more.
    let delivered = 0;
    const accepting = { sendListMail: async () => ++delivered > 0 };
    expect(await alerts(accepting).run(new Date(), silent)).toEqual({ sent: 1, failed: 0, lost: 0 });
    expect(await alerts(accepting).run(new Date(), silent)).toEqual({ sent: 0, failed: 0, lost: 0 });

    // A connection lost after the message went out: perhaps delivered, so claimed and not resent.
    await insertFunds(db(), [{ name: "Lost Seed Fintech", funding_stages: "seed", industry_focus: "fintech" }]);
    const dropping = {
      sendListMail: async () => {
        throw Object.assign(new Error("Connection closed"), { code: "ESOCKET", command: "DATA" });
      },
    };
    expect(await alerts(dropping).run(new Date(), silent)).toEqual({ sent: 0, failed: 0, lost: 1 });
    expect(await alerts(accepting).run(new Date(), silent)).toEqual({ sent: 0, failed: 0, lost: 0 });
    expect(delivered).toBe(1);
  });

  it("sends a lapsed subscriber nothing, and resumes when the subscription does", async () => {
    expect(await lastAlertOf("dee")).toEqual([null]);
    await changeUserBehindTheApp(t.app, "dee@example.com", { subscriptionStatus: "active" });
    const count = (await mails()).length;
    expect(await runJob()).toMatchObject({ status: "succeeded", handled: 1 });
    const sent = (await mails()).slice(count);
    expect(sent.map(to)).toEqual(["dee@example.com"]);
  });

  it("stops at once when the subscriber uses the e-mail's one-click unsubscribe", async () => {
    const [mail] = (await mails()).filter((item) => to(item) === "ada@example.com") as [ParsedMail];
    const { url } = (mail.headers.get("list") as { unsubscribe: { url: string } }).unsubscribe;
    const clicked = await t.app.inject({
      method: "POST",
      url: url.slice(ORIGIN.length),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    // (Forged and replayed tokens: tests/integration/email-preferences.test.ts.)
    await insertFunds(db(), [{ name: "Unheard Seed Fintech", funding_stages: "seed", industry_focus: "fintech" }]);
    const count = (await mails()).length;
    const result = await runJob();
    // Dee, still subscribed, hears about it; Ada no longer does.
    expect(result).toMatchObject({ status: "succeeded", handled: 1 });
    expect((await mails()).slice(count).map(to)).toEqual(["dee@example.com"]);
  });
});
