import { ADMIN_TEXTS, FUNDS_ADMIN_TEXTS, IMPORT_TEXTS } from "../../src/shared/admin-texts.js";
import { CONVERTED_CURRENCIES } from "../../src/shared/currency-rates.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * The admin's fund import and fund management against the built server: a file chosen by
 * drag-and-drop and by the file dialog, the preview with an unknown industry mapped by hand, the
 * import's counts and error rows, the history, and an edit on /admin/funds that search sees.
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };
const RUN = Date.now().toString(36);
const DROPPED = `Dropped Ventures ${RUN}`;
const MAPPED = `Quantum Mapped Capital ${RUN}`;
const CLICKED = `Clicked Partners ${RUN}`;

const droppedCsv = [
  "Investor Name,HQ,Stage(s),Sectors,Cheque/Check Size",
  `${DROPPED},"Reykjavik, Iceland","Pre-seed, Seed","FinTech, SaaS","$250K - $2M"`,
  `${MAPPED},ISL,Series A+,Quantum Alchemy,€1M-5M`,
  ",Iceland,Seed,Fintech,",
].join("\n");

async function logIn(page: Page) {
  const response = await page.request.post("/_api/auth/login_with_password", { data: ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
}

test("the import page reads as the product words it, in the admin navigation", async ({ page }) => {
  await logIn(page);
  await page.goto("/admin/import");
  await expect(page).toHaveTitle("Import Funds | Venture Capital Fund Matching");
  await expect(page.getByRole("heading", { level: 1, name: IMPORT_TEXTS.heading })).toBeVisible();
  await expect(page.getByText(IMPORT_TEXTS.description)).toBeVisible();
  await expect(page.getByText(IMPORT_TEXTS.fileHint, { exact: true })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  for (const label of [ADMIN_TEXTS.importFunds, ADMIN_TEXTS.manageFunds, ADMIN_TEXTS.manageUsers]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("radio", { name: new RegExp(IMPORT_TEXTS.modes.skip_duplicates.label) })).toBeChecked();
  for (const mode of Object.values(IMPORT_TEXTS.modes)) await expect(page.getByText(mode.description)).toBeVisible();
  await expect(page.getByText(IMPORT_TEXTS.duplicatesNote)).toBeVisible();
  await expect(page.getByRole("button", { name: IMPORT_TEXTS.startImport })).toBeDisabled();
  await expectNoSeriousViolations(page);
});

test("a dropped file is previewed, an unknown industry mapped, and the import reports its counts and errors", async ({
  page,
}) => {
  await logIn(page);
  await page.goto("/admin/import");
  const dataTransfer = await page.evaluateHandle((csv) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([csv], "dropped-investors.csv", { type: "text/csv" }));
    return transfer;
  }, droppedCsv);
  const area = page.getByTestId("file-drop");
  await area.dispatchEvent("dragenter", { dataTransfer });
  await area.dispatchEvent("drop", { dataTransfer });

  await expect(page.getByTestId("chosen-file")).toHaveText("dropped-investors.csv");
  await expect(page.getByTestId("row-count")).toHaveText("3 rows");
  const unknown = page.getByTestId("unknown-values");
  await expect(unknown.getByText("Quantum Alchemy")).toBeVisible();
  await expect(page.getByTestId("preview-summary")).toContainText(`${IMPORT_TEXTS.badges.newRecords}: 1`);
  await expect(page.getByTestId("preview-rows")).toContainText(DROPPED);
  await expectNoSeriousViolations(page);

  await page.getByLabel("Map Industry focus value Quantum Alchemy").selectOption({ label: "Deep Tech" });
  await expect(page.getByTestId("preview-summary")).toContainText(`${IMPORT_TEXTS.badges.newRecords}: 2`);

  await page.getByRole("button", { name: IMPORT_TEXTS.startImport }).click();
  const result = page.getByTestId("import-result");
  await expect(result.getByText(`${IMPORT_TEXTS.badges.newRecords}: 2`)).toBeVisible();
  await expect(result.getByText(`${IMPORT_TEXTS.badges.failed}: 1`)).toBeVisible();
  await expect(result.getByText(IMPORT_TEXTS.stats.total)).toBeVisible();
  await expect(page.getByTestId("import-errors")).toHaveText(
    "Row 4: name is required (column 'Investor Name' is empty)",
  );
  await expect(page.getByTestId("import-history")).toContainText("dropped-investors.csv");
  await expectNoSeriousViolations(page);

  const search = await page.request.post("/_api/funds/search", {
    data: { country: "Iceland", fundingStage: "series_a", industryFocus: ["deep_tech"] },
  });
  expect(JSON.stringify(await search.json())).toContain(MAPPED);
});

test("a file chosen with the file dialog imports too, and a failed call shows one 'N/A' row", async ({ page }) => {
  await logIn(page);
  await page.goto("/admin/import");
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("file-drop").click();
  await (await chooser).setFiles({
    name: "clicked.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`name,country,funding_stages,industry_focus\n${CLICKED},Iceland,seed,fintech\n`),
  });
  await expect(page.getByTestId("row-count")).toHaveText("1 row");
  await page.getByRole("button", { name: IMPORT_TEXTS.startImport }).click();
  await expect(page.getByTestId("import-result").getByText(`${IMPORT_TEXTS.badges.newRecords}: 1`)).toBeVisible();

  await page.getByRole("button", { name: IMPORT_TEXTS.clearFile }).click();
  const second = page.waitForEvent("filechooser");
  await page.getByTestId("file-drop").click();
  await (await second).setFiles({
    name: "no-columns.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,website\nSomebody,https://example.com\n"),
  });
  await expect(page.getByRole("alert").filter({ hasText: IMPORT_TEXTS.missingColumns })).toBeVisible();
  await page.getByRole("button", { name: IMPORT_TEXTS.startImport }).click();
  await expect(page.getByTestId("import-errors")).toHaveText(
    "Row N/A: Missing required column(s): country, fundingStages, industryFocus",
  );
});

test("the admin edits a fund on /admin/funds and search sees the change", async ({ page }) => {
  await logIn(page);
  await page.goto("/admin/funds");
  await expect(page).toHaveTitle("Fund Management | Venture Capital Fund Matching");
  await page.getByLabel("Search funds").fill(CLICKED);
  const row = page.getByRole("row").filter({ hasText: CLICKED });
  // The file's name stays in the import's history; the fund names the admin, who named no source.
  await expect(row).toContainText("FundMatch admin");
  await expect(row).not.toContainText("clicked.csv");
  await expectNoSeriousViolations(page);
  await row.getByRole("button", { name: `${FUNDS_ADMIN_TEXTS.edit} ${CLICKED}` }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Name", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByLabel("Name", { exact: true }).fill("");
  await dialog.getByRole("button", { name: FUNDS_ADMIN_TEXTS.save }).click();
  await expect(dialog.getByText("Name is required.")).toBeVisible();
  // Only the currencies the product converts are offered (or none, for a fund without a size).
  const currencies = await dialog
    .getByLabel("Currency")
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(currencies).toEqual(["", ...CONVERTED_CURRENCIES]);
  const shots = process.env.SCREENSHOT_DIR;
  for (const width of shots ? [375, 1280] : []) {
    await page.setViewportSize({ width, height: 900 });
    await dialog.screenshot({ path: `${shots}/admin-fund-edit-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByLabel("Name", { exact: true }).fill(`${CLICKED} Edited`);
  await dialog.getByLabel("City").fill("Reykjavik");
  await dialog.getByLabel("Series A").check();
  await dialog.getByRole("button", { name: FUNDS_ADMIN_TEXTS.save }).click();
  await expect(page.getByText(FUNDS_ADMIN_TEXTS.saved)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `${CLICKED} Edited` })).toContainText("Reykjavik");

  const search = await page.request.post("/_api/funds/search", {
    data: { country: "Iceland", fundingStage: "series_a", industryFocus: ["fintech"] },
  });
  expect(JSON.stringify(await search.json())).toContain(`${CLICKED} Edited`);

  await page
    .getByRole("row")
    .filter({ hasText: `${CLICKED} Edited` })
    .getByRole("button", { name: `${FUNDS_ADMIN_TEXTS.delete} ${CLICKED} Edited` })
    .click();
  await expect(page.getByRole("dialog")).toContainText("saved funds");
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: FUNDS_ADMIN_TEXTS.deleteConfirm }).click();
  await expect(page.getByText(FUNDS_ADMIN_TEXTS.deleted)).toBeVisible();
  await expect(page.getByText(FUNDS_ADMIN_TEXTS.noFunds)).toBeVisible();
});

test("on a phone the preview's choices and the fund actions are in view, without scrolling sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logIn(page);
  const inView = async (locator: ReturnType<Page["locator"]>) => {
    const box = await locator.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  };
  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await page.goto("/admin/import");
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("file-drop").click();
  await (await chooser).setFiles({ name: "phone.csv", mimeType: "text/csv", buffer: Buffer.from(droppedCsv) });
  await expect(page.getByTestId("preview-rows")).toBeVisible();
  await inView(page.getByLabel("Field for column Investor Name"));
  await inView(page.getByLabel("Map Industry focus value Quantum Alchemy"));
  // The first rows keep their columns and scroll inside their frame, which says so.
  await expect(page.getByText(ADMIN_TEXTS.scrollHint).first()).toBeVisible();
  expect(await noSidewaysScroll()).toBe(0);
  await expectNoSeriousViolations(page);

  await page.goto("/admin/funds");
  const firstRow = page.getByRole("row").nth(1);
  await expect(firstRow.getByRole("button", { name: /^Edit / })).toBeVisible();
  await inView(firstRow.getByRole("button", { name: /^Delete / }));
  expect(await noSidewaysScroll()).toBe(0);
  await expectNoSeriousViolations(page);
});
