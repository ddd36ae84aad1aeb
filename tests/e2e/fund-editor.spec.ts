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
import { CONSENT_STORAGE_KEY, consentRecord, REJECT_ALL } from "../../src/shared/consent.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { AUDIENCE_TEXTS } from "../../src/shared/fund-signals.js";
import { insertFunds } from "../support/funds.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * The fund's own editor (issue 24) end to end: a member of the fund's team edits the fund size and
 * the portfolio, sees them on the public page marked "Updated by the fund's team", and an admin
 * reverts one change from the fund's history.
 *
 * Until the claims flow lands, nothing in the product makes a membership that a test can drive, and
 * the shared e2e server's embedded database cannot be opened by a second process: this spec runs an
 * app of its own (the built client, a fresh embedded database) on a free port, and makes the
 * membership directly in its database, as a verified claim would. Set SCREENSHOT_DIR to keep the
 * editor's and the history's screenshots at 375 and 1280 px.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const ADMIN = { email: "editor-admin@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "mia@alpha-ventures.example", password: "Member-pass-1", displayName: "Mia Partner" };
// A free port of the system's choosing: the suites of several checkouts may run side by side.
let origin = "";

let app: App;
let fundId = 0;
let dataDir = "";

test.beforeAll(async () => {
  // On disk, so that it starts as a copy of the build's migrated cluster (dist/server/pglite-template)
  // as `npm start` does: an empty one in memory ran initdb, seconds of CPU, and on the loaded machine
  // this hook ran past its 30 seconds.
  dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-e2e-editor-"));
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: "/nonexistent-e2e-editor-dir",
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
      name: "Alpha Ventures",
      country: "Germany",
      website: "https://alpha-ventures.example",
      fund_size: "100000000",
      currency: "USD",
      funding_stages: "seed",
      industry_focus: "fintech",
    },
  ]);
  const ids = await findOldestFundIdsByNames(database.db, ["alpha ventures"]);
  fundId = [...ids.values()][0] as number;
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

async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a member edits the fund size and portfolio and sees them on the fund's page", async ({ page }) => {
  await signIn(page, MEMBER);
  await page.goto(`${origin}/`);
  await page.getByRole("button", { name: /account menu/i }).click();
  await page.getByRole("menuitem", { name: "My funds" }).click();
  await expect(page.getByRole("heading", { name: "My funds" })).toBeVisible();
  await page.getByRole("link", { name: "Edit Alpha Ventures" }).click();
  await expect(page.getByRole("heading", { name: "Alpha Ventures" })).toBeVisible();

  await page.getByLabel("Fund size", { exact: true }).fill("250000000");
  await page.getByLabel("Currency").selectOption("EUR");
  await page.getByRole("button", { name: "Add a company" }).click();
  await page.getByLabel("Company 1", { exact: true }).fill("Acme Pay");
  await page.getByLabel("Web address (optional)").first().fill("https://acme.example");
  await page.getByRole("button", { name: "Add a company" }).click();
  await page.getByLabel("Company 2", { exact: true }).fill("Ledgerly");
  // A bad address is refused in the browser with the shared rule's words, and nothing is sent.
  await page.getByLabel("Web address (optional)").nth(1).fill("ledgerly");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("A portfolio company's web address must be a web address")).toBeVisible();
  await page.getByLabel("Web address (optional)").nth(1).fill("");
  await screenshots(page, "fund-editor");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. Your fund's page shows the changes now.")).toBeVisible();

  await page.goto(`${origin}${fundPath({ id: fundId, name: "Alpha Ventures" })}`);
  await expect(page.getByTestId("fund-size-source")).toContainText("Updated by the fund's team ·");
  await expect(page.getByText("€250M").first()).toBeVisible();
  await screenshots(page, "fund-page-team");
});

test("the member's page says the founders' interest counts are estimates", async ({ page }) => {
  await signIn(page, MEMBER);
  // A visitor's page loads from one address with three browsers: one visitor.
  for (const agent of ["Browser A", "Browser B", "Browser C"]) {
    const visit = await fetch(`${origin}${fundPath({ id: fundId, name: "Alpha Ventures" })}`, {
      headers: { "user-agent": `Mozilla/5.0 (${agent})` },
    });
    expect(visit.status).toBe(200);
  }
  await page.goto(`${origin}/investor/funds/${fundId}`);
  const section = page.getByRole("region", { name: "Founders' interest", exact: true });
  await expect(section.getByTestId("audience-estimates")).toHaveText(AUDIENCE_TEXTS.estimates);
  // This month's row: the member's own visits are not a founder's; the three browsers are one.
  await expect(section.getByTestId("audience-counts").locator("tbody tr").first().locator("td").first()).toHaveText(
    "1",
  );
  await screenshots(page, "fund-audience");
  const dir = process.env.SCREENSHOT_DIR;
  for (const width of dir ? [375, 1280] : []) {
    await page.setViewportSize({ width, height: 900 });
    await section.screenshot({ path: `${dir}/fund-audience-section-${width}.png` });
  }
});

test("an admin reverts one change from the fund's history", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`${origin}/admin/funds`);
  await page.getByRole("link", { name: "History of Alpha Ventures" }).click();
  await expect(page.getByRole("heading", { name: "History: Alpha Ventures" })).toBeVisible();
  const sizeChange = page.locator("article", { has: page.getByRole("heading", { name: /^Fund size/ }) });
  await expect(sizeChange).toContainText(MEMBER.email);
  await expect(sizeChange).toContainText("€250M");
  await screenshots(page, "fund-history");
  await sizeChange.getByRole("button", { name: /^Revert change/ }).click();
  await expect(page.getByText("Change reverted.")).toBeVisible();
  await expect(page.getByText("Revert of #")).toBeVisible();

  await page.goto(`${origin}${fundPath({ id: fundId, name: "Alpha Ventures" })}`);
  await expect(page.getByText("$100M").first()).toBeVisible();
  // Back to the record's own size: no source of its own, and it says so (issue 36).
  await expect(page.getByTestId("fund-size-source")).toHaveAttribute("data-origin", "unsourced");
  await expect(page.getByTestId("fund-size-source")).toContainText("no public source yet");
});

test("at 375 px the founders' interest table scrolls sideways and takes focus, for a keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await signIn(page, MEMBER);
  await page.goto(`${origin}/investor/funds/${fundId}`);
  const table = page.getByTestId("audience-counts");
  await expect(table).toBeVisible();
  const frame = page.getByRole("region", { name: "Founders' interest by month" });
  // Wider than the phone: it scrolls, so a keyboard must be able to reach it (axe's scrollable-region-focusable).
  expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await frame.focus();
  await expect(frame).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await expectNoSeriousViolations(page);
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) {
    const section = page.getByRole("region", { name: "Founders' interest", exact: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: `${dir}/fund-editor-audience-${width}.png` });
    }
  }
});
