import { DATA_ADMIN_TEXTS } from "../../src/shared/admin-texts.js";
import { type DataCounts, premiumCoverageText, premiumHoldings } from "../../src/shared/data-claims.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { expect, type Page, request, test } from "./support/test.js";

/**
 * The locked preview names only what a fund has; the Premium pitch's numbers are counted; the
 * admin's data page shows the coverage and leads from a report to the fund's edit form.
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };
const RUN = Date.now().toString(36);
const member = { email: `honest-${RUN}@example.com`, password: "Sup3rSecret1", displayName: `Honest ${RUN}` };
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

let fund: { id: number; name: string } = { id: 0, name: "" };

async function logIn(page: Page, email: string, password: string) {
  const response = await page.request.post("/_api/auth/login_with_password", { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** No sideways scrolling on a phone: neither the page nor any of its tables. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const overflowing = await page.evaluate(
    () =>
      [...document.querySelectorAll("table")].filter((table) => {
        const frame = table.parentElement as HTMLElement;
        return frame.scrollWidth > frame.clientWidth + 1;
      }).length,
  );
  expect(overflowing).toBe(0);
}

async function shoot(page: Page, name: string, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

test.beforeAll(async ({ baseURL }) => {
  // A fund with a website and nothing else premium but its portfolio: edited by the admin through the API.
  const admin = await request.newContext({ baseURL });
  expect((await admin.post("/_api/auth/login_with_password", { data: ADMIN })).ok()).toBe(true);
  const list = await (await admin.get("/_api/admin/funds?pageSize=10&page=3")).json();
  const picked = list.funds[0];
  const edited = await admin.post("/_api/admin/fund/update", {
    data: {
      id: picked.id,
      fund: {
        name: picked.name,
        country: picked.country,
        city: picked.city,
        website: "https://honest-preview.example",
        linkedin: null,
        fundingStages: picked.fundingStages,
        industryFocus: picked.industryFocus,
        fundSize: picked.fundSize,
        currency: picked.currency,
        checkSizeMinUsd: null,
        checkSizeMaxUsd: null,
        leadsRounds: null,
        foundedYear: picked.foundedYear,
        description: picked.description,
        fundManager: null,
        lastReviewed: picked.lastReviewed,
      },
    },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  fund = { id: picked.id, name: picked.name };
  // A member reports it: the data page lists the report.
  const reporter = await request.newContext({ baseURL });
  expect((await reporter.post("/_api/auth/register_with_password", { data: member })).status()).toBe(201);
  const report = await reporter.post(`/_api/funds/${fund.id}/reports`, {
    data: { field: "website", note: `Website moved (${RUN}).` },
  });
  expect(report.ok(), await report.text()).toBe(true);
  await Promise.all([admin.dispose(), reporter.dispose()]);
});

for (const width of [375, 1280]) {
  test(`a visitor's locked preview names only the facts the fund has (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(fundPath(fund));
    await expect(page.getByRole("heading", { level: 1, name: fund.name })).toBeVisible();
    const preview = page
      .getByRole("complementary", { name: "Contact and investment criteria" })
      .getByTestId("premium-preview");
    await expect(preview).toContainText("Website");
    await expect(preview).not.toContainText("Cheque size");
    await expect(preview).not.toContainText("LinkedIn");
    await expect(preview).not.toContainText("Fund manager");
    await expect(page.locator("body")).not.toContainText("honest-preview.example");
    await expect(page.locator("body")).not.toContainText("fund-website.com");
    await preview.scrollIntoViewIfNeeded();
    await shoot(page, `preview-${width}`);

    // The home page's Premium pitch says what Premium shows, counted.
    const counts = await (await page.request.get("/_api/funds/stats")).json();
    await page.goto("/");
    const pitch = page.getByTestId("premium-coverage");
    await pitch.scrollIntoViewIfNeeded();
    await expect(pitch).toHaveText(premiumCoverageText(counts));
    await page.locator("#features").scrollIntoViewIfNeeded();
    await shoot(page, `home-premium-${width}`);
  });
}

test("the Premium plans sell what the data holds, counted, and never a detail no fund has", async ({ page }) => {
  const counts = (await (await page.request.get("/_api/funds/stats")).json()) as DataCounts;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/subscribe");
    const premium = page.getByRole("group", { name: "Premium" });
    for (const line of premiumHoldings(counts)) await expect(premium.getByText(line, { exact: true })).toBeVisible();
    if (counts.withFact.linkedin === 0) await expect(premium).not.toContainText("LinkedIn");
    if (counts.withFact.fundManager === 0) await expect(premium).not.toContainText("fund manager");
    await shoot(page, `subscribe-${width}`);
  }
});

for (const width of [375, 1280]) {
  test(`the admin's data page shows the coverage and links a report to the fund's edit form (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, ADMIN.email, ADMIN.password);
    const coverage = page.getByTestId("coverage");
    // The page and the public counts are read from the same database; another file's test may add
    // a fund between the two reads (the suite shares one server), so both are read again until they agree.
    await expect(async () => {
      const counts = await (await page.request.get("/_api/funds/stats")).json();
      await page.goto("/admin/data");
      await expect(page.getByRole("heading", { level: 1, name: DATA_ADMIN_TEXTS.title })).toBeVisible();
      const total = counts.totalFunds.toLocaleString("en-US");
      await expect(coverage.getByRole("listitem").filter({ hasText: "Website" })).toContainText(
        `${counts.withFact.website.toLocaleString("en-US")} of ${total}`,
        { timeout: 2_000 },
      );
    }).toPass();
    await shoot(page, `admin-data-${width}`, true);
    // No sideways scrolling on a phone: neither the page nor any of its tables.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const overflowing = await page.evaluate(
      () =>
        [...document.querySelectorAll("table")].filter((table) => {
          const frame = table.parentElement as HTMLElement;
          return frame.scrollWidth > frame.clientWidth + 1;
        }).length,
    );
    expect(overflowing).toBe(0);

    const reports = page.getByRole("list", { name: DATA_ADMIN_TEXTS.reportsTitle });
    const report = reports.getByRole("listitem").filter({ hasText: `Website moved (${RUN}).` });
    await report.getByRole("link", { name: `${DATA_ADMIN_TEXTS.editFund} ${fund.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/funds\\?edit=${fund.id}$`));
    const dialog = page.getByRole("dialog", { name: "Edit Fund" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Website")).toHaveValue(/^https:\/\/honest-preview\.example\/?$/);
    await shoot(page, `admin-edit-${width}`);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/admin\/funds$/);
    await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await shoot(page, `admin-funds-${width}`);

    // The Fund Reports page links each report to the same edit form.
    await page.goto("/admin/fund-reports");
    const reported = page.getByRole("article").filter({ hasText: `Website moved (${RUN}).` });
    await expect(reported).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await shoot(page, `admin-reports-${width}`);
    await reported.getByRole("link", { name: `${DATA_ADMIN_TEXTS.editFund} ${fund.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/funds\\?edit=${fund.id}$`));
    await expect(page.getByRole("dialog", { name: "Edit Fund" })).toBeVisible();
  });
}

test("the admin navigation links the data page", async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/users");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: DATA_ADMIN_TEXTS.nav }).click();
  await expect(page).toHaveURL(/\/admin\/data$/);
});
