import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundReports, funds, users } from "../../src/server/db/schema/index.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { REPORT_REPLY_MAX } from "../../src/shared/fund-report-texts.js";
import { userFundReportsResponseSchema } from "../../src/shared/schemas/fund-reports.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const APP_ORIGIN = "https://fundmatch.example";
const ADMIN = { email: "answers-admin@example.com", password: "Admin-pass-1" };

/**
 * Closing a report with the reporter: the admin's outcome and reply, one transactional e-mail to
 * the reporter (read back from the outbox), and the reporter's own list of reports.
 */
describe.each(TEST_DRIVERS)("answers to fund reports on %s", (driver) => {
  let t: TestApp;
  let dataDir = "";
  let ip = 0;
  let adminCookie = "";
  let fundId = 0;
  const nextIp = () => `10.13.${Math.floor(++ip / 250)}.${ip % 250}`;
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "fundmatch-report-answers-"));
    t = await createTestApp(driver, {
      PUBLIC_ORIGIN: APP_ORIGIN,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const db = t.testDatabase.database.db;
    await insertFunds(db, [{ name: "Answer Ventures", website: "https://answer.example" }]);
    t.app.services.fundsIndex.invalidate();
    const [fund] = await db.select({ id: funds.id }).from(funds);
    fundId = fund?.id as number;
    adminCookie = cookieOf(
      await t.app.inject({
        method: "POST",
        url: "/_api/auth/login_with_password",
        payload: ADMIN,
        remoteAddress: nextIp(),
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function mailsTo(to: string): Promise<ParsedMail[]> {
    const outbox = path.join(dataDir, "outbox");
    const files = (await readdir(outbox).catch(() => [] as string[])).sort();
    const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(outbox, file)))));
    return mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.text === to));
  }

  async function member(name: string) {
    const email = `${name}@example.com`;
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: "Member-pass-1", displayName: name },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    return { email, id: registered.json().user.id as number, cookie: cookieOf(registered) };
  }

  async function report(cookie: string, field: string, note: string): Promise<number> {
    const response = await t.app.inject({
      method: "POST",
      url: `/_api/funds/${fundId}/reports`,
      payload: { field, note },
      cookies: { fundmatch_session: cookie },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().report.id as number;
  }

  const act = (payload: Record<string, unknown>, cookie = adminCookie) =>
    t.app.inject({
      method: "POST",
      url: "/_api/admin/fund-report-action",
      payload,
      cookies: { fundmatch_session: cookie },
      remoteAddress: nextIp(),
    });

  const myReports = (cookie: string) =>
    t.app.inject({
      method: "GET",
      url: "/_api/user/reports",
      cookies: cookie ? { fundmatch_session: cookie } : {},
      remoteAddress: nextIp(),
    });

  it("refuses a bad answer with 400 and changes nothing", async () => {
    const reporter = await member("bad-input");
    const reportId = await report(reporter.cookie, "website", "The site moved.");
    const bad: Array<Record<string, unknown>> = [
      { reportId, action: "mark_done" },
      { reportId, action: "mark_done", outcome: "maybe", reply: "x" },
      { reportId, action: "mark_done", outcome: "updated" },
      { reportId, action: "mark_done", outcome: "updated", changedFields: [] },
      { reportId, action: "mark_done", outcome: "updated", changedFields: ["website", "website"] },
      { reportId, action: "mark_done", outcome: "updated", changedFields: ["colour"] },
      { reportId, action: "mark_done", outcome: "updated", changedFields: "website" },
      { reportId, action: "mark_done", outcome: "unchanged" },
      { reportId, action: "mark_done", outcome: "unchanged", reply: "   " },
      { reportId, action: "mark_done", outcome: "unchanged", reply: "Fine", changedFields: ["website"] },
      { reportId, action: "mark_done", outcome: "unchanged", reply: "x".repeat(REPORT_REPLY_MAX + 1) },
      { reportId, action: "mark_done", outcome: "unchanged", reply: "Bell \u0007 here" },
      { reportId, action: "mark_done", outcome: "unchanged", reply: 42 },
      { reportId, action: "mark_done", outcome: "unchanged", reply: "Fine", extra: true },
      { reportId, action: "reopen", reply: "Why" },
    ];
    for (const payload of bad) {
      const response = await act(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error, JSON.stringify(payload)).toBe("string");
    }
    const [row] = await t.testDatabase.database.db.select().from(fundReports).where(eq(fundReports.id, reportId));
    expect(row).toMatchObject({ status: "open", outcome: null, reply: "", reporterNotifiedAt: null });
    expect(await mailsTo(reporter.email)).toEqual([]);
  });

  it("e-mails the reporter once that nothing needed to change, with the reply, and shows it on their list", async () => {
    const reporter = await member("ria");
    const other = await member("oscar");
    const reportId = await report(reporter.cookie, "fund_size", "The fund is now $200M.");
    await report(other.cookie, "description", "They moved to climate.");

    expect((await myReports("")).statusCode).toBe(401);
    const before = userFundReportsResponseSchema.parse((await myReports(reporter.cookie)).json());
    expect(before.reports).toEqual([
      expect.objectContaining({ id: reportId, fundName: "Answer Ventures", status: "open", reply: "", outcome: null }),
    ]);

    const reply = "Thanks! $200M is the target;\nthe final close is still $150M, as the fund's site says.";
    expect(
      (await act({ reportId, action: "mark_done", outcome: "unchanged", reply }, reporter.cookie)).statusCode,
    ).toBe(403);
    const done = await act({ reportId, action: "mark_done", outcome: "unchanged", reply });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().report).toMatchObject({
      status: "done",
      outcome: "unchanged",
      reply,
      changedFields: [],
      reporterNotifiedAt: expect.any(String),
    });

    const mails = await mailsTo(reporter.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("Your report about Answer Ventures: reviewed");
    // Transactional: no unsubscribe, nothing to turn off.
    expect(mail?.headerLines.some((line) => line.key.startsWith("list-"))).toBe(false);
    const fundUrl = `${APP_ORIGIN}${fundPath({ id: fundId, name: "Answer Ventures" })}`;
    for (const part of [mail?.text ?? "", typeof mail?.html === "string" ? mail.html : ""]) {
      expect(part).toContain("Nothing needed to change");
      expect(part).toContain("the final close is still $150M");
      expect(part).toContain("The fund is now $200M.");
      expect(part).toContain(fundUrl);
      expect(part).toContain(`${APP_ORIGIN}/profile#your-reports`);
    }
    expect(await mailsTo(other.email)).toEqual([]);

    const after = userFundReportsResponseSchema.parse((await myReports(reporter.cookie)).json());
    expect(after.reports).toEqual([
      expect.objectContaining({
        id: reportId,
        status: "done",
        outcome: "unchanged",
        reply,
        field: "fund_size",
        note: "The fund is now $200M.",
        resolvedAt: expect.any(String),
      }),
    ]);
    // Each sees their own only.
    const others = userFundReportsResponseSchema.parse((await myReports(other.cookie)).json());
    expect(others.reports.map((item) => item.id)).not.toContain(reportId);
    expect(others.reports).toHaveLength(1);

    // Marking done again, or reopening and closing again, sends nothing more.
    expect(
      (await act({ reportId, action: "mark_done", outcome: "unchanged", reply: "Again" })).json().report.reply,
    ).toBe(reply);
    expect((await act({ reportId, action: "reopen" })).json().report).toMatchObject({ status: "open", reply: "" });
    const redone = await act({ reportId, action: "mark_done", outcome: "updated", changedFields: ["fund_size"] });
    expect(redone.json().report).toMatchObject({ status: "done", outcome: "updated", changedFields: ["fund_size"] });
    expect(await mailsTo(reporter.email)).toHaveLength(1);
  });

  it("lists what changed when the fund was updated", async () => {
    const reporter = await member("uma");
    const reportId = await report(reporter.cookie, "website", "New domain.");
    const done = await act({
      reportId,
      action: "mark_done",
      outcome: "updated",
      changedFields: ["website", "fund_size"],
    });
    expect(done.statusCode, done.body).toBe(200);
    const [mail] = await mailsTo(reporter.email);
    expect(mail?.subject).toBe("Your report about Answer Ventures: the fund was updated");
    expect(mail?.text).toContain("What changed: Website, Fund size.");
    expect(mail?.text).not.toContain("reply:");
  });

  it("writes to no deactivated account", async () => {
    const reporter = await member("dora");
    const reportId = await report(reporter.cookie, "other", "Closed down.");
    await t.testDatabase.database.db
      .update(users)
      .set({ accountStatus: "deactivated" })
      .where(eq(users.id, reporter.id));
    const done = await act({
      reportId,
      action: "mark_done",
      outcome: "unchanged",
      reply: "Still active per their site.",
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().report.reporterNotifiedAt).toBeNull();
    expect(await mailsTo(reporter.email)).toEqual([]);
  });
});
