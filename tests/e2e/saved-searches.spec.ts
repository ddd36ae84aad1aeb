import { SAVE_SEARCH_TEXTS } from "../../src/shared/saved-searches.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { becomeSubscriber } from "./support/subscriber.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * Saved searches (issue 23): a subscriber (made through the demo checkout's API as a guest,
 * support/subscriber.ts) saves the search shown, finds it on /profile, switches its alerts off (kept after
 * a reload), and opens it: the home page runs the same filters and shows the same funds.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = Date.now().toString(36);
const email = `saved-search-${RUN}@example.com`;
const SEARCH = "/?search=1&stage=seed&industry=fintech";
const NAME = `Seed fintech ${RUN}`;
const SHOTS = process.env.SCREENSHOT_DIR;

/** With SCREENSHOT_DIR set, the page at 1280 and 375 px (for looking at, not compared). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: name === "profile" });
  }
  await page.setViewportSize(size);
}

const results = (page: Page) => page.getByRole("region", { name: "Your VC Matches" });
const fundNames = async (page: Page) =>
  (await results(page).getByRole("article").getByRole("heading", { level: 3 }).allTextContents()).map((name) =>
    name.trim(),
  );

test("a subscriber saves a search, switches its alerts off and opens it again from /profile", async ({ page }) => {
  await becomeSubscriber(page, email);

  // Search, then save it: the name is prefilled from the filters, the alerts are on.
  await page.goto(SEARCH);
  await expect(results(page).getByRole("article").first()).toBeVisible();
  const before = await fundNames(page);
  expect(before.length).toBeGreaterThan(0);
  await results(page).getByRole("button", { name: SAVE_SEARCH_TEXTS.button }).click();
  const dialog = page.getByRole("dialog", { name: SAVE_SEARCH_TEXTS.title });
  await expect(dialog.getByLabel(SAVE_SEARCH_TEXTS.name)).toHaveValue("Seed · Fintech");
  await expect(dialog.getByRole("switch", { name: SAVE_SEARCH_TEXTS.alerts })).toBeChecked();
  await expectNoSeriousViolations(page);
  await shoot(page, "save-dialog");
  await dialog.getByLabel(SAVE_SEARCH_TEXTS.name).fill(NAME);
  const created = page.waitForResponse(
    (response) => response.url().endsWith("/_api/user/saved-searches") && response.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: SAVE_SEARCH_TEXTS.save }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();

  // On /profile: its name, its filters, the alerts on.
  await page.goto("/profile");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: NAME }) });
  await expect(item).toBeVisible();
  await expect(item.getByText("Seed · Fintech")).toBeVisible();
  const alerts = item.getByRole("switch", { name: "Weekly e-mail" });
  await expect(alerts).toBeChecked();
  const switched = page.waitForResponse(
    (response) => response.url().includes("/_api/user/saved-searches/") && response.request().method() === "PATCH",
  );
  await alerts.click();
  expect((await switched).status()).toBe(200);
  await expect(alerts).not.toBeChecked();
  await expectNoSeriousViolations(page);
  await shoot(page, "profile");

  // Usable at 375 px: every action in view, nothing wider than the screen.
  const wide = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 375, height: 800 });
  for (const name of [`Open: ${NAME}`, `Rename: ${NAME}`, `Delete: ${NAME}`]) {
    await expect(item.getByRole(name.startsWith("Open") ? "link" : "button", { name })).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousViolations(page);
  await page.setViewportSize(wide);

  await page.reload();
  const reloaded = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: NAME }) });
  await expect(reloaded.getByRole("switch", { name: "Weekly e-mail" })).not.toBeChecked();

  // Open runs it on the home page: the same filters, the same funds.
  await reloaded.getByRole("link", { name: `Open: ${NAME}` }).click();
  await expect(page).toHaveURL(/\/\?search=1&stage=seed&industry=fintech$/);
  await expect(results(page).getByRole("link", { name: "Remove filter: Seed" })).toBeVisible();
  await expect(results(page).getByRole("link", { name: "Remove filter: Fintech" })).toBeVisible();
  await expect(results(page).getByRole("article").first()).toBeVisible();
  expect(await fundNames(page)).toEqual(before);

  // Rename inline, then delete (asked first): the list says it is empty.
  await page.goto("/profile");
  const again = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: NAME }) });
  await again.getByRole("button", { name: `Rename: ${NAME}` }).click();
  const field = page.getByRole("textbox", { name: "Rename" });
  await expect(field).toBeFocused();
  await field.fill("German seed fintech");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const renamed = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "German seed fintech" }) });
  await expect(renamed).toBeVisible();
  await renamed.getByRole("button", { name: "Delete: German seed fintech" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this saved search?" });
  await expectNoSeriousViolations(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Save a search from the results to run it again here.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Save a search from the results to run it again here.")).toBeVisible();
});
