import path from "node:path";
import { USD_PER_UNIT } from "../../src/shared/currency-rates.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { chooseOption } from "./support/select.js";
import { becomeSubscriber } from "./support/subscriber.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * The match page of issue 37 ("The page"): Back from a fund page shows the same shortlist at the same
 * place; a visitor's save leads through the sign-up form and back, with the fund saved where the plan
 * saves funds; the raise typed in euros with its US dollars shown; the top 10 on the board in the
 * shortlist's order; the actively-investing switch's count. SCREENSHOT_DIR keeps 375 and 1280 px shots.
 */
test.describe.configure({ timeout: 120_000 });

const RUN = Date.now().toString(36);
const shortlist = (page: Page) => page.getByRole("list", { name: "Your shortlist" });
const cards = (page: Page) => shortlist(page).getByRole("article");
const nameOf = async (card: ReturnType<typeof cards>) =>
  ((await card.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
const matchAnswered = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith("/_api/funds/match") && response.request().method() === "POST",
  );

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, name), fullPage: true });
}

async function runMatch(page: Page) {
  await chooseOption(page, "Stage", "Seed");
  await chooseOption(page, "Country", "United States");
  await page.getByLabel("What your startup does").fill("Payments API for small online shops");
  const answered = matchAnswered(page);
  await page.getByRole("button", { name: "Find my funds" }).click();
  expect((await answered).status()).toBe(200);
  await expect(cards(page).first()).toBeVisible();
}

test("Back from a fund page shows the same shortlist at the same place, from the URL", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto("/match");
  await runMatch(page);
  await expect(page).toHaveURL(/\/match\?stage=seed&country=United\+States&description=Payments/);
  const names = await Promise.all((await cards(page).all()).map(nameOf));
  expect(names).toHaveLength(3);

  // The third card, scrolled to; its fund page; then Back.
  const third = cards(page).nth(2);
  await third.scrollIntoViewIfNeeded();
  await third.getByRole("heading", { level: 3 }).evaluate((element) => element.scrollIntoView({ block: "center" }));
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  await third.getByRole("link", { name: names[2] }).click();
  await expect(page).toHaveURL(/\/funds\/\d+-/);
  await expect(page.getByRole("heading", { level: 1, name: names[2] })).toBeVisible();
  await page.goBack();

  await expect(page).toHaveURL(/\/match\?stage=seed/);
  await expect(cards(page)).toHaveCount(3);
  expect(await Promise.all((await cards(page).all()).map(nameOf))).toEqual(names);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 40);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThanOrEqual(40);
  await expect(page.getByLabel("What your startup does")).toHaveValue("Payments API for small online shops");
  await expect(page.getByRole("combobox", { name: "Stage" })).toHaveText("Seed");
  await screenshot(page, "match-back-375.png");

  // The same address opened afresh (a shared link, a reload) runs the same match.
  await page.reload();
  await expect(cards(page)).toHaveCount(3);
  expect(await Promise.all((await cards(page).all()).map(nameOf))).toEqual(names);
});

test("an amount in euros: the converted US dollars are shown, sent, kept in the URL and read back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/match");
  await chooseOption(page, "Stage", "Seed");
  await page.getByLabel("Currency").selectOption("EUR");
  const raise = page.getByLabel("Raising (EUR)");
  await raise.fill("3m");
  await expect(page.getByText("About $3.3M in US dollars, at our fixed rate for EUR.")).toBeVisible();
  // A sign in the text wins over the chosen currency, as everywhere an amount is typed.
  await page.getByLabel("Round target (EUR, optional)").fill("£5m");
  await expect(page.getByText("About $6.5M in US dollars, at our fixed rate for GBP.")).toBeVisible();
  await screenshot(page, "match-euros-1280.png");

  const sent = page.waitForRequest(
    (request) => request.url().endsWith("/_api/funds/match") && request.method() === "POST",
  );
  await page.getByRole("button", { name: "Find my funds" }).click();
  const body = (await sent).postDataJSON() as { raiseAmountUsd: number; roundTargetUsd?: number };
  expect(body.raiseAmountUsd).toBe(Math.round(3_000_000 * (USD_PER_UNIT.EUR as number)));
  // The round target feeds the pipeline's progress only; the match is not asked about it.
  await expect(cards(page).first()).toBeVisible();
  await expect(page).toHaveURL(/raise=3m&currency=EUR/);

  await page.reload();
  await expect(page.getByLabel("Currency")).toHaveValue("EUR");
  await expect(page.getByLabel("Raising (EUR)")).toHaveValue("3m");
  await expect(cards(page).first()).toBeVisible();

  // Not an amount: the form's own message, nothing sent.
  await raise.fill("three million");
  await raise.blur();
  await expect(page.getByText("Enter an amount, such as 500k, 2M or €3m.")).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await raise.fill("€1.5m");
  await expect(page.getByText("About $1.7M in US dollars, at our fixed rate for EUR.")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
  await screenshot(page, "match-euros-375.png");
});

test.describe("before the app's scripts run", () => {
  test.use({ javaScriptEnabled: false });

  test("the form is a plain GET to /match, and the page arrives with the URL's profile in it", async ({ page }) => {
    await page.goto("/match");
    await page.getByLabel("Currency").selectOption("GBP");
    // Without scripts the label keeps the server's currency until the page comes back.
    await page.getByLabel("Raising (USD)").fill("250k");
    await page.getByLabel("What your startup does").fill("Carbon accounting for farms");
    await page.getByRole("button", { name: "Find my funds" }).click();
    await expect(page).toHaveURL(/\/match\?currency=GBP&raise=250k&roundTarget=&description=Carbon/);
    await expect(page.getByLabel("Raising (GBP)")).toHaveValue("250k");
    await expect(page.getByLabel("What your startup does")).toHaveValue("Carbon accounting for farms");
    await expect(page.getByText("About $325K in US dollars, at our fixed rate for GBP.")).toBeVisible();
  });
});

test("a visitor's save opens the sign-up form and leads back to the shortlist; Premium saves the fund", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A new visitor: the sign-up form, then back on the same shortlist; a free plan does not save funds.
  await page.goto("/match");
  await runMatch(page);
  const matchUrl = page.url();
  const firstName = await nameOf(cards(page).first());
  await cards(page).first().getByRole("button", { name: "Save to pipeline" }).click();
  const dialog = page.getByRole("dialog", { name: "Save Your Favorite Funds" });
  await dialog.getByRole("link", { name: "Sign Up Free" }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup&save=\d+&next=%2Fmatch%3F/);
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await expect(page.getByText("Afterwards you are back where you were")).toBeVisible();
  await screenshot(page, "signup-to-save-1280.png");
  await page.getByLabel("Display Name", { exact: true }).fill("Fay Founder");
  await page.getByLabel("Email", { exact: true }).fill(`save-new-${RUN}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("Founder-pass-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(matchUrl);
  await expect(cards(page).first().getByRole("heading", { level: 3 })).toHaveText(firstName);
  await expect(page.getByText("Saving funds to a pipeline is part of Premium")).toBeVisible();

  // A subscriber who was signed out: the same save, "Log in" on the same page, and the fund is saved.
  const email = `save-sub-${RUN}@example.com`;
  await page.context().clearCookies();
  await becomeSubscriber(page, email);
  await page.context().clearCookies();
  await page.goto(matchUrl);
  await expect(cards(page).first()).toBeVisible();
  const card = cards(page).nth(1);
  const name = await nameOf(card);
  await card.getByRole("button", { name: "Save to pipeline" }).click();
  await dialog.getByRole("link", { name: "Sign Up Free" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await page.getByRole("link", { name: "Log in", exact: true }).click();
  // The switch is a navigation: the sign-up form has an Email field too, so wait for the login form.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Sup3rSecret1");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page).toHaveURL(matchUrl);
  await expect(page.getByText("Saved to your pipeline")).toBeVisible();
  const saved = cards(page).filter({ has: page.getByRole("heading", { level: 3, name }) });
  await expect(saved.getByRole("button", { name: "In pipeline" })).toBeVisible();
  const { funds } = (await (await page.request.get("/_api/user/saved-funds")).json()) as {
    funds: Array<{ name: string }>;
  };
  expect(funds.map((fund) => fund.name)).toEqual([name]);
});

test("a subscriber: paging is in the URL, the top 10 land on the board in the shortlist's order, the switch's count", async ({
  page,
}) => {
  await becomeSubscriber(page, `board-${RUN}@example.com`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/match");

  // No shipped fund has stated a status: the switch says so and is off (counted from the data).
  const stats = (await (await page.request.get("/_api/funds/stats")).json()) as { statedStatus: number };
  const activeSwitch = page.getByRole("switch", { name: "Only funds that say they are actively investing" });
  if (stats.statedStatus === 0) {
    await expect(activeSwitch).toBeDisabled();
    await expect(activeSwitch).not.toBeChecked();
    await expect(page.getByText("No fund has said yet whether it is investing, so this filter is off.")).toBeVisible();
  } else {
    await expect(activeSwitch).toBeEnabled();
    await expect(page.getByText(new RegExp(`^${stats.statedStatus.toLocaleString("en-US")} funds? ha`))).toBeVisible();
  }

  await runMatch(page);
  await expect(cards(page).nth(10)).toBeVisible();
  const top = await Promise.all((await cards(page).all()).slice(0, 10).map(nameOf));

  // Page 2 is in the URL: a fund page and Back return to it.
  const secondPage = page.waitForResponse(
    (response) => response.url().endsWith("/_api/funds/match") && response.request().postDataJSON()?.offset === 20,
  );
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  const { results } = (await (await secondPage).json()) as { results: Array<{ name: string }> };
  const secondPageFirst = results[0]?.name ?? "";
  await expect(cards(page).first().getByRole("heading", { level: 3 })).toHaveText(secondPageFirst);
  await expect(page.getByText(/\(showing 21–40\)/)).toBeVisible();
  await cards(page).first().getByRole("link", { name: secondPageFirst }).click();
  await expect(page).toHaveURL(/\/funds\/\d+-/);
  await page.goBack();
  await expect(page.getByText(/\(showing 21–40\)/)).toBeVisible();
  await expect(cards(page).first().getByRole("heading", { level: 3 })).toHaveText(secondPageFirst);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page).not.toHaveURL(/page=/);

  await page.getByRole("button", { name: "Add the top 10 to my pipeline" }).click();
  await expect(page.getByText("Added 10 funds to your pipeline")).toBeVisible();
  await page.goto("/profile?view=board");
  const column = page.getByTestId("board-column-to_contact");
  await expect(column.getByRole("heading", { name: "To contact (10)" })).toBeVisible();
  const onBoard = await Promise.all(
    (await column.getByRole("article").all()).map(async (article) => (await article.getAttribute("aria-label")) ?? ""),
  );
  expect(onBoard).toEqual(top);
  await screenshot(page, "board-top10-1280.png");
});
