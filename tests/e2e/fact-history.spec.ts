import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type App, buildApp } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/client.js";
import { findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
import { addMember } from "../../src/server/investors/repository.js";
import { CLIENT_BUILD_DIR, SSR_ENTRY_FILE } from "../../src/server/paths.js";
import { FUNDS_ADMIN_TEXTS, IMPORT_TEXTS } from "../../src/shared/admin-texts.js";
import { CONSENT_STORAGE_KEY, consentRecord, REJECT_ALL } from "../../src/shared/consent.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { insertFunds } from "../support/funds.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * One history for every change (issue 36), end to end: an admin imports a file that states one
 * fact (the preview says per row what changes, from what to what), edits the fund by hand, the
 * fund's team saves a change, and /admin/funds/:id/history shows all three with their writers, the
 * import's file for the admin only, and a revert. Like the editor's spec it runs an app of its own
 * (a fresh embedded database) to make a team membership directly. Set SCREENSHOT_DIR to keep the
 * preview's and the history's screenshots at 375 and 1280 px.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const ADMIN = { email: "history-admin@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "lea@walk-ventures.example", password: "Member-pass-1", displayName: "Lea Partner" };
const FUND = "Walk Ventures";
const SOURCE = "https://www.techcrunch.com/2026/12/07/walk-ventures-fund-ii";
let origin = "";
let app: App;
let fundId = 0;
let dataDir = "";

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-e2e-history-"));
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: "/nonexistent-e2e-history-dir",
      SEED_ON_START: "false",
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "0",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      HOST: "127.0.0.1",
    },
    { CLIENT_DIR: CLIENT_BUILD_DIR, SSR_ENTRY: SSR_ENTRY_FILE },
  );
  app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await insertFunds(database.db, [
    {
      name: FUND,
      country: "Germany",
      city: "Berlin",
      website: "https://walk-ventures.example",
      fund_size: "100000000",
      currency: "USD",
      funding_stages: "seed",
      industry_focus: "fintech",
    },
    { name: "Other Capital", country: "Germany", funding_stages: "seed", industry_focus: "saas" },
    // Nothing and nobody touches this one: it was never reviewed.
    { name: "Quiet Partners", country: "Austria", funding_stages: "seed", industry_focus: "saas" },
  ]);
  fundId = [...(await findOldestFundIdsByNames(database.db, [FUND.toLowerCase()])).values()][0] as number;
  const registered = await fetch(`${origin}/_api/auth/register_with_password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(MEMBER),
  });
  const { user } = (await registered.json()) as { user: { id: number } };
  await addMember(database.db, { fundId, userId: user.id, via: "email", email: MEMBER.email });
});

test.afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [CONSENT_STORAGE_KEY, JSON.stringify(consentRecord(REJECT_ALL))],
  );
  const response = await page.request.post(`${origin}/_api/auth/login_with_password`, {
    data: { email: who.email, password: who.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The page at 375 and 1280 px: a screenshot of each (SCREENSHOT_DIR) and no serious axe finding at either. */
async function atBothWidths(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing wider than the window: no sideways scrolling of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousViolations(page);
    if (dir) await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the import's preview says per row which facts change, from what to what", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`${origin}/admin/import`);
  await page.getByRole("radio", { name: new RegExp(IMPORT_TEXTS.modes.update_duplicates.label) }).check();
  await expect(page.getByText(IMPORT_TEXTS.updateNote)).toBeVisible();
  await page.getByLabel(IMPORT_TEXTS.sourceLabel).fill(SOURCE);
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("file-drop").click();
  await (await chooser).setFiles({
    name: "walk-update.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`name,fund_size,currency\n${FUND},175000000,EUR\nOther Capital,20000000,USD\n`),
  });
  const changes = page.getByTestId("preview-changes");
  await expect(changes.getByRole("listitem").filter({ hasText: FUND }).first()).toContainText(
    /Fund size\s*\$100M.*€175M/,
  );
  await expect(changes).toContainText("Other Capital");
  await expect(page.getByTestId("preview-source")).toHaveText(`${IMPORT_TEXTS.creditedTo}: techcrunch.com`);
  await expect(page.getByTestId("preview-summary")).toContainText("Failed: 0");
  await atBothWidths(page, "import-preview-changes");

  await page.getByRole("button", { name: IMPORT_TEXTS.startImport }).click();
  await expect(page.getByTestId("import-result").getByText(`${IMPORT_TEXTS.badges.updated}: 2`)).toBeVisible();
  await expect(page.getByTestId("import-history")).toContainText("walk-update.csv");
  await expect(page.getByTestId("import-history")).toContainText("techcrunch.com");
});

test("an admin edits the fund by hand, with a reported status and its source", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`${origin}/admin/funds?edit=${fundId}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("City")).toHaveValue("Berlin");
  await dialog.getByLabel("City").fill("Hamburg");
  await dialog.getByLabel(FUNDS_ADMIN_TEXTS.statusLabel).selectOption("not_raising");
  await dialog.getByRole("button", { name: FUNDS_ADMIN_TEXTS.save }).click();
  // A status without its source and date is refused at the fields that need them.
  await expect(dialog.getByText("A status needs its source")).toBeVisible();
  await dialog.getByLabel(FUNDS_ADMIN_TEXTS.statusSource).fill("https://www.handelsblatt.com/walk-ventures");
  await dialog.getByLabel(FUNDS_ADMIN_TEXTS.statusAsOf).fill("2026-10");
  await dialog.getByRole("button", { name: FUNDS_ADMIN_TEXTS.save }).click();
  await expect(page.getByText(FUNDS_ADMIN_TEXTS.saved)).toBeVisible();
});

test("the fund's team saves a change", async ({ page }) => {
  await signIn(page, MEMBER);
  const response = await page.request.patch(`${origin}/_api/investor/funds/${fundId}`, {
    data: { leadsRounds: true },
  });
  expect(response.status(), await response.text()).toBe(200);
});

test("the history shows the import, the admin's edit and the team's save, and reverts one", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`${origin}/admin/funds/${fundId}/history`);
  await expect(page.getByRole("heading", { name: `History: ${FUND}` })).toBeVisible();
  const cards = page.getByTestId("fund-change");
  const imported = cards.filter({ has: page.getByRole("heading", { name: /^Fund size/ }) });
  await expect(imported).toHaveAttribute("data-writer", "import");
  await expect(imported).toContainText("walk-update.csv");
  await expect(imported).toContainText("techcrunch.com");
  await expect(imported).toContainText(ADMIN.email);
  const city = cards.filter({ has: page.getByRole("heading", { name: /^City/ }) });
  await expect(city).toHaveAttribute("data-writer", "admin");
  await expect(city).toContainText("Hamburg");
  const status = cards.filter({ has: page.getByRole("heading", { name: /^Status/ }) });
  await expect(status).toContainText("Not raising a new fund");
  await expect(status).toContainText("handelsblatt.com");
  const team = cards.filter({ has: page.getByRole("heading", { name: /^Leads rounds/ }) });
  await expect(team).toHaveAttribute("data-writer", "fund_team");
  await expect(team).toContainText(MEMBER.email);
  await atBothWidths(page, "fund-history-writers");

  await imported.getByRole("button", { name: /^Revert change/ }).click();
  await expect(page.getByText("Change reverted.")).toBeVisible();
  await expect(cards.filter({ hasText: "Revert of #" })).toHaveCount(1);

  // The public page: the old size again, the status with its source, and never the file's name.
  await page.goto(`${origin}${fundPath({ id: fundId, name: FUND })}`);
  await expect(page.getByText("$100M").first()).toBeVisible();
  await expect(page.getByTestId("reported-status")).toContainText("Not raising a new fund");
  await expect(page.getByTestId("reported-status")).toContainText("handelsblatt.com");
  await expect(page.locator("body")).not.toContainText("walk-update.csv");
  await atBothWidths(page, "fund-page-reported-status");
});

test("/admin/data counts the sourced facts by host and lists the fund a source reports not raising", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto(`${origin}/admin/data`);
  await expect(page.getByRole("heading", { level: 1, name: "Fund Data" })).toBeVisible();
  await expect(page.getByTestId("source-host").filter({ hasText: "handelsblatt.com" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Reported winding down.*\(\d+\)$/ })).toContainText(FUND);
  // Nobody reviewed "Quiet Partners": the page does not say every fund was.
  await expect(page.getByText("Every fund was reviewed in the last 12 months.")).toHaveCount(0);
  await expect(page.getByRole("region", { name: /^Not reviewed in the last 12 months \(\d+\)$/ })).toContainText(
    "Quiet Partners",
  );
  await atBothWidths(page, "admin-data-truth");
});
