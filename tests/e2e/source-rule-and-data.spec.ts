import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type App, buildApp } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/client.js";
import { fundFacts } from "../../src/server/db/schema/index.js";
import { findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
import { CLIENT_BUILD_DIR, SSR_ENTRY_FILE } from "../../src/server/paths.js";
import { DATA_ADMIN_TEXTS, FUNDS_ADMIN_TEXTS, IMPORT_TEXTS } from "../../src/shared/admin-texts.js";
import { CONSENT_STORAGE_KEY, consentRecord, REJECT_ALL } from "../../src/shared/consent.js";
import { SOURCE_ADDRESS_TEXTS } from "../../src/shared/source-address-texts.js";
import { insertFunds } from "../support/funds.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * Issue 36 in the browser: the one source rule where an admin types a source (the import's source,
 * the edit form's status source), and /admin/data telling the truth: facts dated by their own date or
 * the day their source was read, a refused host flagged, a fund size more than six years old listed
 * to refresh, and "every fund was reviewed" only once every fund was. An app of its own on a fresh
 * embedded database, as in fact-history.spec.ts. Set SCREENSHOT_DIR to keep the screenshots at 375
 * and 1280 px.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const ADMIN = { email: "rule-admin@example.com", password: "Admin-pass-1" };
let origin = "";
let app: App;
let dataDir = "";
const ids = new Map<string, number>();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-e2e-source-rule-"));
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: "/nonexistent-e2e-source-rule-dir",
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
    { name: "Harbour Ventures", country: "Germany", fund_size: "150000000", currency: "EUR", website: "https://h.de" },
    { name: "Lantern Capital", country: "Germany", fund_size: "40000000", currency: "USD", leads_rounds: "yes" },
    { name: "Curated Only Partners", country: "Austria", source: "curated", fund_size: "25000000", currency: "EUR" },
  ]);
  const found = await findOldestFundIdsByNames(database.db, ["harbour ventures", "lantern capital"]);
  ids.set("Harbour Ventures", found.get("harbour ventures\u0000germany") as number);
  ids.set("Lantern Capital", found.get("lantern capital\u0000germany") as number);
  const fact = { currency: null, kind: "stated", asOf: null, retrievedOn: null } as const;
  await database.db.insert(fundFacts).values([
    {
      ...fact,
      fundId: ids.get("Harbour Ventures") as number,
      field: "fundSize",
      value: "150000000",
      currency: "EUR",
      kind: "final_close",
      sourceName: "handelsblatt.com",
      sourceUrl: "https://www.handelsblatt.com/harbour-fund-iii",
      asOf: "2025-03",
      retrievedOn: daysAgo(3),
    },
    // No date of its own: dated by the day its source was read. On a bare IP address (before the rule).
    {
      ...fact,
      fundId: ids.get("Harbour Ventures") as number,
      field: "website",
      value: "https://h.de/",
      sourceName: "15.188.152.128",
      sourceUrl: "http://15.188.152.128/?p=244767",
      retrievedOn: daysAgo(400),
    },
    // A fund closed in 2012: a fund size to refresh.
    {
      ...fact,
      fundId: ids.get("Lantern Capital") as number,
      field: "fundSize",
      value: "40000000",
      currency: "USD",
      kind: "final_close",
      sourceName: "techcrunch.com",
      sourceUrl: "https://techcrunch.com/2012/05/lantern-capital-fund-i",
      asOf: "2012-05",
      retrievedOn: daysAgo(3),
    },
  ]);
});

test.afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page): Promise<void> {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [CONSENT_STORAGE_KEY, JSON.stringify(consentRecord(REJECT_ALL))],
  );
  const response = await page.request.post(`${origin}/_api/auth/login_with_password`, {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The page at 375 and 1280 px: a screenshot of each (SCREENSHOT_DIR) and no serious axe finding at either. */
async function atBothWidths(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousViolations(page);
    if (dir) await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the import's source field refuses an IP address, a staging host and a copy, and takes the publication", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${origin}/admin/import`);
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("file-drop").click();
  await (await chooser).setFiles({
    name: "harbour.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,fund_size,currency\nHarbour Ventures,175000000,EUR\n"),
  });
  const field = page.getByLabel(IMPORT_TEXTS.sourceLabel);
  const start = page.getByRole("button", { name: IMPORT_TEXTS.startImport });
  for (const [address, message] of [
    ["http://15.188.152.128/vc-lux-capital", SOURCE_ADDRESS_TEXTS.ip("15.188.152.128")],
    ["https://staging.sifted.eu/articles/x", SOURCE_ADDRESS_TEXTS.development("staging.sifted.eu")],
    ["https://share.snipd.com/episode/1", SOURCE_ADDRESS_TEXTS.mirror("share.snipd.com")],
  ] as const) {
    await field.fill(address);
    // Under the field as the admin stops typing (the preview then says the same, from the server).
    await expect(page.locator("#import-source-error")).toHaveText(message);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(start).toBeDisabled();
  }
  await atBothWidths(page, "import-source-refused");
  await field.fill("https://sifted.eu/articles/harbour-fund-iii");
  await expect(page.getByTestId("preview-source")).toHaveText(`${IMPORT_TEXTS.creditedTo}: sifted.eu`);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(start).toBeEnabled();
});

test("the edit form refuses a staging host as the status's source", async ({ page }) => {
  await signIn(page);
  await page.goto(`${origin}/admin/funds?edit=${ids.get("Lantern Capital")}`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(FUNDS_ADMIN_TEXTS.statusLabel).selectOption("winding_down");
  await dialog.getByLabel(FUNDS_ADMIN_TEXTS.statusSource).fill("https://arc-dev.theglobeandmail.com/business/x");
  await dialog.getByLabel(FUNDS_ADMIN_TEXTS.statusAsOf).fill("2026-10");
  await dialog.getByRole("button", { name: FUNDS_ADMIN_TEXTS.save }).click();
  await expect(dialog.getByText(SOURCE_ADDRESS_TEXTS.development("arc-dev.theglobeandmail.com"))).toBeVisible();
  await dialog.getByLabel(FUNDS_ADMIN_TEXTS.statusSource).fill("https://www.theglobeandmail.com/business/x");
  await dialog.getByRole("button", { name: FUNDS_ADMIN_TEXTS.save }).click();
  await expect(page.getByText(FUNDS_ADMIN_TEXTS.saved)).toBeVisible();
});

test("/admin/data counts dated facts, flags a refused host, lists an old fund size and tells who was reviewed", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${origin}/admin/data`);
  await expect(page.getByRole("heading", { level: 1, name: DATA_ADMIN_TEXTS.title })).toBeVisible();
  // Two funds state a sourced, dated size (Lantern's is from 2012); the website is dated by its reading day.
  await expect(page.getByTestId("coverage-fundSize")).toHaveText(DATA_ADMIN_TEXTS.sourcedOf("2", "2"));
  await expect(page.getByTestId("coverage-website")).toHaveText(DATA_ADMIN_TEXTS.sourcedOf("1", "1"));
  const ip = page.getByTestId("source-host").filter({ hasText: "15.188.152.128" });
  await expect(ip).toContainText(DATA_ADMIN_TEXTS.hostRefused);
  await expect(page.getByTestId("source-host").filter({ hasText: "handelsblatt.com" })).not.toContainText(
    DATA_ADMIN_TEXTS.hostRefused,
  );
  const old = page.getByRole("region", { name: /^Fund sizes to refresh \(1\)$/ });
  await expect(old.getByTestId("old-fund-size")).toHaveCount(1);
  await expect(old.getByTestId("old-fund-size")).toContainText("Lantern Capital");
  await expect(old.getByTestId("old-fund-size")).toContainText("May 2012");
  await expect(page.getByRole("region", { name: /^Funds with only curated facts \(1\)$/ })).toContainText(
    "Curated Only Partners",
  );
  // Lantern was reviewed by its edit above; the other two never were: not "every fund was reviewed".
  await expect(page.getByText(DATA_ADMIN_TEXTS.staleEmpty)).toHaveCount(0);
  const stale = page.getByRole("region", { name: /^Not reviewed in the last 12 months \(2\)$/ });
  await expect(stale).toContainText("Harbour Ventures");
  await atBothWidths(page, "admin-data-before-review");

  // The count in the heading goes down with each one.
  const unreviewed = page.getByRole("region", { name: /^Not reviewed in the last 12 months/ });
  for (const name of ["Harbour Ventures", "Curated Only Partners"]) {
    await unreviewed.getByRole("button", { name: `${DATA_ADMIN_TEXTS.markReviewed}: ${name}` }).click();
    await expect(unreviewed.getByRole("button", { name: `${DATA_ADMIN_TEXTS.markReviewed}: ${name}` })).toHaveCount(0);
  }
  await expect(page.getByText(DATA_ADMIN_TEXTS.staleEmpty)).toBeVisible();
  await atBothWidths(page, "admin-data-all-reviewed");
});
