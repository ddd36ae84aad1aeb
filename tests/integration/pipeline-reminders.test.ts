import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { parseHTML } from "linkedom";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PipelineReminders } from "../../src/server/account/pipeline-reminders.js";
import { funds, jobSchedules, savedFunds, users } from "../../src/server/db/schema/index.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const APP_ORIGIN = "https://fundmatch.example";
const ADMIN = { email: "reminders-admin@example.com", password: "Admin-pass-1" };
const DAY = 24 * 60 * 60 * 1000;

/**
 * The daily `pipeline-reminders` job, run as an operator would (POST /_api/admin/jobs/run) on a
 * clock the test moves: one e-mail per entitled account with next steps due today or overdue, at
 * most one a UTC day, read back from the outbox as the recipient's mail client would.
 */
describe.each(TEST_DRIVERS)("pipeline reminders on %s", (driver) => {
  let t: TestApp;
  let dataDir = "";
  let clock = new Date("2026-03-10T07:00:00Z");
  let ip = 0;
  let adminCookie = "";
  const fundIds: Record<string, number> = {};
  const nextIp = () => `10.12.${Math.floor(++ip / 250)}.${ip % 250}`;
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "fundmatch-reminders-"));
    t = await createTestApp(
      driver,
      { PUBLIC_ORIGIN: APP_ORIGIN, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      {},
      { jobs: { now: () => clock } },
    );
    const db = t.testDatabase.database.db;
    await insertFunds(db, [
      { name: "Overdue Ventures" },
      { name: "Today Capital" },
      { name: "Tomorrow Partners" },
      { name: "Undated Fund" },
      { name: "Passed Fund" },
    ]);
    t.app.services.fundsIndex.invalidate();
    for (const row of await db.select({ id: funds.id, name: funds.name }).from(funds)) fundIds[row.name] = row.id;
    adminCookie = cookieOf(
      await t.app.inject({
        method: "POST",
        url: "/_api/auth/login_with_password",
        payload: ADMIN,
        remoteAddress: nextIp(),
      }),
    );
    expect(adminCookie).not.toBe("");
    // The queue has started (the login made the app ready). Its daily tick is put out of reach: the
    // test moves the clock across 07:00 UTC, and a scheduled run of its own would race the runs the
    // test asks for (409). Every run here is the admin's.
    await db
      .update(jobSchedules)
      .set({ nextRunAt: new Date("2100-01-01T00:00:00Z") })
      .where(eq(jobSchedules.name, "pipeline-reminders"));
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Every .eml in the outbox addressed to `to`, oldest first, parsed as a mail client would. */
  async function mailsTo(to: string): Promise<ParsedMail[]> {
    const outbox = path.join(dataDir, "outbox");
    const files = (await readdir(outbox).catch(() => [] as string[])).sort();
    const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(outbox, file)))));
    return mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.text === to));
  }

  /** A header's value as sent, unfolded (mailparser turns the List-* headers into an object of its own). */
  const rawHeader = (mail: ParsedMail, name: string) =>
    mail.headerLines
      .find((line) => line.key === name)
      ?.line.replace(/^[^:]+:\s*/, "")
      .replace(/\r?\n\s+/g, " ");

  async function member(name: string, subscriptionStatus: string | null, subscriptionType: string | null) {
    const email = `${name}@example.com`;
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: "Member-pass-1", displayName: name },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().user.id as number;
    await t.testDatabase.database.db
      .update(users)
      .set({ subscriptionStatus, subscriptionType })
      .where(eq(users.id, id));
    return { email, id, cookie: cookieOf(registered) };
  }

  const day = (offset: number) => new Date(clock.getTime() + offset * DAY).toISOString().slice(0, 10);

  async function pipeline(
    userId: number,
    lines: Array<{ fund: string; status?: "to_contact" | "contacted" | "passed"; note?: string; date: string | null }>,
  ) {
    await t.testDatabase.database.db.insert(savedFunds).values(
      lines.map((line) => ({
        userId,
        fundId: fundIds[line.fund] as number,
        status: line.status ?? "to_contact",
        note: line.note ?? "",
        nextStepDate: line.date,
      })),
    );
  }

  const runJob = async (cookie = adminCookie) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/admin/jobs/run",
      payload: { name: "pipeline-reminders" },
      cookies: { fundmatch_session: cookie },
      remoteAddress: nextIp(),
    });
    return response;
  };

  let ada: Awaited<ReturnType<typeof member>>;
  let bob: Awaited<ReturnType<typeof member>>;
  let cy: Awaited<ReturnType<typeof member>>;
  let dee: Awaited<ReturnType<typeof member>>;

  it("e-mails each entitled account once, listing every step due today or overdue and nothing else", async () => {
    ada = await member("ada", "active", "monthly");
    await pipeline(ada.id, [
      {
        fund: "Overdue Ventures",
        status: "contacted",
        note: "Send the deck to Maria\nShe asked for Q3 numbers",
        date: day(-3),
      },
      { fund: "Today Capital", date: day(0) },
      { fund: "Tomorrow Partners", date: day(1) },
      { fund: "Undated Fund", date: null },
      { fund: "Passed Fund", status: "passed", note: "They passed", date: day(-1) },
    ]);
    // Reminders off in Settings: nothing, though steps are due.
    bob = await member("bob", "active", "lifetime");
    await pipeline(bob.id, [{ fund: "Today Capital", date: day(0) }]);
    const off = await t.app.inject({
      method: "PUT",
      url: "/_api/user/email-preferences",
      payload: { pipeline_reminders: false },
      cookies: { fundmatch_session: bob.cookie },
      remoteAddress: nextIp(),
    });
    expect(off.statusCode).toBe(200);
    // A lapsed subscription keeps its pipeline but gets no reminders; a trial does.
    cy = await member("cy", "canceled", "monthly");
    await pipeline(cy.id, [{ fund: "Overdue Ventures", date: day(-1) }]);
    dee = await member("dee", "trialing", "monthly");
    await pipeline(dee.id, [{ fund: "Tomorrow Partners", date: day(1) }]);

    // A member cannot run it.
    expect((await runJob(ada.cookie)).statusCode).toBe(403);
    const run = await runJob();
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ name: "pipeline-reminders", status: "succeeded", handled: 1 });

    const [mail, ...others] = await mailsTo(ada.email);
    expect(others).toEqual([]);
    if (!mail) throw new Error("no reminder for ada");
    expect(mail.subject).toBe("Pipeline reminder: 2 due, 1 overdue");
    // List mail: the one-click unsubscribe of RFC 8058 and the mailto of RFC 2369.
    expect(rawHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(rawHeader(mail, "list-unsubscribe")).toMatch(
      /^<https:\/\/fundmatch\.example\/_api\/email\/unsubscribe\?token=[^>]+>, <mailto:[^>]+\?subject=unsubscribe>$/,
    );
    const text = mail.text ?? "";
    const html = typeof mail.html === "string" ? mail.html : "";
    for (const part of [text, html]) {
      expect(part).toContain("Overdue Ventures");
      expect(part).toContain("Today Capital");
      expect(part).not.toContain("Tomorrow Partners");
      expect(part).not.toContain("Undated Fund");
      expect(part).not.toContain("Passed Fund");
      // The note's first line only.
      expect(part).toContain("Send the deck to Maria");
      expect(part).not.toContain("Q3 numbers");
      expect(part).toContain("Contacted");
      expect(part).toContain("Overdue: was due Sat 7 Mar 2026");
      expect(part).toContain("Due today, Tue 10 Mar 2026");
      expect(part).toContain(
        `${APP_ORIGIN}${fundPath({ id: fundIds["Overdue Ventures"] as number, name: "Overdue Ventures" })}`,
      );
      expect(part).toContain(
        `${APP_ORIGIN}${fundPath({ id: fundIds["Today Capital"] as number, name: "Today Capital" })}`,
      );
      expect(part).toContain(`${APP_ORIGIN}/profile`);
      expect(part).toContain(`${APP_ORIGIN}/unsubscribe?token=`);
    }
    // The footer's "Turn off" link looks like a link: underlined, and not the footer text's grey.
    const { document } = parseHTML(html);
    const turnOff = [...document.querySelectorAll("a")].find((a) => a.textContent === "Turn off pipeline reminders");
    const footerColour = /(?:^|;)color:([^;]+)/.exec(turnOff?.parentElement?.getAttribute("style") ?? "")?.[1];
    const linkStyle = turnOff?.getAttribute("style") ?? "";
    expect(linkStyle).toMatch(/(?:^|;)text-decoration-line:underline(?:;|$)/);
    expect(/(?:^|;)color:([^;]+)/.exec(linkStyle)?.[1]).not.toBe(footerColour);
    expect(footerColour).toBeDefined();
    // Oldest first: the overdue step leads.
    expect(text.indexOf("Overdue Ventures")).toBeLessThan(text.indexOf("Today Capital"));
    expect(await mailsTo(bob.email)).toEqual([]);
    expect(await mailsTo(cy.email)).toEqual([]);
    expect(await mailsTo(dee.email)).toEqual([]);
  });

  it("sends nothing more the same day, however often the job runs", async () => {
    clock = new Date(clock.getTime() + 9 * 60 * 60 * 1000);
    const again = await runJob();
    expect(again.json()).toEqual({ name: "pipeline-reminders", status: "succeeded", handled: 0 });
    expect(await mailsTo(ada.email)).toHaveLength(1);
  });

  it("reminds again the next day, when yesterday's steps are overdue and tomorrow's are due", async () => {
    clock = new Date("2026-03-11T07:00:00Z");
    const run = await runJob();
    expect(run.json()).toEqual({ name: "pipeline-reminders", status: "succeeded", handled: 2 });
    const mails = await mailsTo(ada.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Pipeline reminder: 2 due, 1 overdue",
      "Pipeline reminder: 3 due, 2 overdue",
    ]);
    const [trial] = await mailsTo(dee.email);
    expect(trial?.subject).toBe("Pipeline reminder: 1 next step due today");
    expect(trial?.text).toContain("Tomorrow Partners");
    expect(await mailsTo(bob.email)).toEqual([]);
    expect(await mailsTo(cy.email)).toEqual([]);
  });

  it("stops for a step once its status is passed or committed, or its date moves on", async () => {
    clock = new Date("2026-03-12T07:00:00Z");
    const db = t.testDatabase.database.db;
    await db.update(savedFunds).set({ status: "committed" }).where(eq(savedFunds.userId, ada.id));
    await db.update(savedFunds).set({ nextStepDate: "2026-04-01" }).where(eq(savedFunds.userId, dee.id));
    const run = await runJob();
    expect(run.json(), run.body).toEqual({ name: "pipeline-reminders", status: "succeeded", handled: 0 });
  });

  it("gives the day back when an e-mail fails, so the queue's retry reaches that account and no other twice", async () => {
    const db = t.testDatabase.database.db;
    const eve = await member("eve", "active", "monthly");
    const fay = await member("fay", "active", "monthly");
    await pipeline(eve.id, [{ fund: "Today Capital", date: "2026-03-20" }]);
    await pipeline(fay.id, [{ fund: "Today Capital", date: "2026-03-20" }]);
    const sentTo: string[] = [];
    let failFor: string | undefined = eve.email;
    // The real sending, except that eve's mail server refuses once.
    const mail = t.app.services.emailPreferences;
    const reminders = new PipelineReminders(
      db,
      {
        sendListMail: async (input) => {
          if (input.to === failFor) {
            failFor = undefined;
            throw new Error("550 mailbox unavailable");
          }
          const sent = await mail.sendListMail(input);
          if (sent) sentTo.push(input.to);
          return sent;
        },
      },
      t.app.services.funds,
      { origin: APP_ORIGIN },
    );
    const now = new Date("2026-03-20T07:00:00Z");
    await expect(reminders.send(now)).rejects.toThrow("1 pipeline reminder(s) could not be sent (1 sent)");
    expect(sentTo).toEqual([fay.email]);
    // The retry: eve now, fay not again.
    expect(await reminders.send(new Date(now.getTime() + 30_000))).toEqual({ sent: 1, failed: 0 });
    expect(sentTo).toEqual([fay.email, eve.email]);
    expect(await reminders.send(new Date(now.getTime() + 60_000))).toEqual({ sent: 0, failed: 0 });
  });

  it("passes over an account deleted during the run, and reminds the others", async () => {
    const db = t.testDatabase.database.db;
    const hal = await member("hal", "active", "monthly");
    const ivy = await member("ivy", "active", "monthly");
    await pipeline(hal.id, [{ fund: "Today Capital", date: "2026-03-25" }]);
    await pipeline(ivy.id, [{ fund: "Today Capital", date: "2026-03-25" }]);
    const sentTo: string[] = [];
    let deleted: string | undefined;
    const mail = t.app.services.emailPreferences;
    // The real sending; while the first e-mail goes out, the other account is deleted (its owner
    // leaves in Settings, or an admin removes it) after the run has read it.
    const reminders = new PipelineReminders(
      db,
      {
        sendListMail: async (input) => {
          if (!deleted) {
            const other = input.to === hal.email ? ivy : hal;
            await db.delete(users).where(eq(users.id, other.id));
            deleted = other.email;
          }
          const sent = await mail.sendListMail(input);
          if (sent) sentTo.push(input.to);
          return sent;
        },
      },
      t.app.services.funds,
      { origin: APP_ORIGIN },
    );
    // Others with steps still open from the tests above are reminded too; none fails.
    const run = await reminders.send(new Date("2026-03-25T07:00:00Z"));
    expect(run).toEqual({ sent: sentTo.length, failed: 0 });
    expect(sentTo).toContain(deleted === hal.email ? ivy.email : hal.email);
    expect(sentTo).not.toContain(deleted);
  });
});
