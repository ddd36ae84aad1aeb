import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_SEARCHES, seedAlertScenario } from "../support/alert-subscribers.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const ORIGIN = "https://fundmatch.example";
const SUBSCRIBERS = 1_000;
const STAGES = ["pre_seed", "seed", "series_a", "series_b"];
const INDUSTRIES = ["fintech", "ai_ml", "climate_sustainability", "digital_health", "cybersecurity"];

/**
 * One alert run for a thousand subscribers: each gets exactly one well-formed e-mail, and a second
 * run sends none. The rows are written in bulk statements; the run itself is the product's.
 */
describe.each(TEST_DRIVERS)("saved-search alerts for 1,000 subscribers on %s", (driver) => {
  let t: TestApp;
  let dataDir = "";
  let subscribers: string[] = [];
  const outbox = () => path.join(dataDir, "outbox");
  const files = async () => (await readdir(outbox()).catch(() => [] as string[])).sort();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "fundmatch-alerts-scale-"));
    t = await createTestApp(driver, {
      PUBLIC_ORIGIN: ORIGIN,
      DATA_DIR: dataDir,
      EMAIL_TOKEN_SECRET: "test-email-token-secret-0123456789abcdef",
    });
    // Funds stored before the searches were saved: some match them, none is news.
    await insertFunds(
      t.testDatabase.database.db,
      Array.from({ length: 200 }, (_, index) => ({
        name: `Stored Fund ${index}`,
        funding_stages: STAGES[index % STAGES.length] as string,
        industry_focus: INDUSTRIES[index % INDUSTRIES.length] as string,
        country: index % 4 === 0 ? "Germany" : "Luxembourg",
      })),
    );
    subscribers = await seedAlertScenario(t.testDatabase.database.db, {
      subscribers: SUBSCRIBERS,
      searchesEach: 2,
      changedFunds: 40,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("sends each subscriber one well-formed e-mail, and nothing on the next run", async () => {
    expect(ALERT_SEARCHES.length).toBeGreaterThan(2);
    const outcome = await t.app.services.jobs.runNow("saved-search-alerts");
    expect(outcome).toEqual({ name: "saved-search-alerts", status: "succeeded", handled: SUBSCRIBERS });

    const sent = await files();
    expect(sent).toHaveLength(SUBSCRIBERS);
    const recipients: string[] = [];
    for (const file of sent) {
      const mail = await simpleParser(await readFile(path.join(outbox(), file)));
      const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? "";
      recipients.push(to);
      expect(mail.subject, to).toMatch(/new or updated funds? for .+ on FundMatch$/);
      expect(mail.html, to).toMatch(/^<!DOCTYPE html/);
      expect(mail.text, to).toMatch(/^FundMatch\n/);
      expect(mail.text, to).toContain(`${ORIGIN}/funds/`);
      const list = mail.headers.get("list") as { unsubscribe?: { url?: string } } | undefined;
      expect(list?.unsubscribe?.url, to).toMatch(/^https:\/\/fundmatch\.example\/_api\/email\/unsubscribe\?token=/);
      expect(
        mail.headerLines.some((line) => line.line === "List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        to,
      ).toBe(true);
    }
    // Everyone once, no one twice.
    expect(new Set(recipients).size).toBe(SUBSCRIBERS);
    expect([...recipients].sort()).toEqual([...subscribers].sort());

    expect(await t.app.services.jobs.runNow("saved-search-alerts")).toMatchObject({ status: "succeeded", handled: 0 });
    expect(await files()).toHaveLength(SUBSCRIBERS);
  }, 300_000);
});
