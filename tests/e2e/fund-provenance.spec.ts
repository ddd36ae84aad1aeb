import path from "node:path";
import { toUsd } from "../../src/shared/currency-rates.js";
import { type DataCounts, factSourcesText } from "../../src/shared/data-claims.js";
import { isOldFundSize } from "../../src/shared/fact-age.js";
import { unsourcedFactText } from "../../src/shared/fund-facts.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { estimatedChequeText } from "../../src/shared/lead-rule.js";
import type { FundResponse, FundSearchResponse } from "../../src/shared/schemas/funds.js";
import { becomeSubscriber } from "./support/subscriber.js";
import { expect, type Page, test } from "./support/test.js";

/** The first shipped fund, in the search's order, for which `wanted` holds (a subscriber's pages of 100). */
async function firstShippedFund(
  page: Page,
  wanted: (fund: FundSearchResponse["results"][number]) => boolean,
): Promise<FundSearchResponse["results"][number] | undefined> {
  for (let offset = 0; offset < 2000; offset += 100) {
    const search = await page.request.post("/_api/funds/search", { data: { limit: 100, offset } });
    const { results } = (await search.json()) as FundSearchResponse;
    const found = results.find(wanted);
    if (found || results.length === 0) return found;
  }
  return undefined;
}

/**
 * A fund's sourced facts on its page, from a fresh start (the shipped seed plus enrichment.csv).
 * Cherry Ventures has a final close in euros, a cheque range in euros, a portfolio and says it
 * invests across sectors. Set SCREENSHOT_DIR to keep the page's screenshots at 375 and 1280 px.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = Date.now().toString(36);
const subscriberEmail = `provenance-${RUN}@example.com`;

test("a subscriber sees a fund's sourced fund size with its date and source link", async ({ page }) => {
  await becomeSubscriber(page, subscriberEmail);
  const search = await page.request.post("/_api/funds/search", { data: { query: "Cherry Ventures" } });
  const found = ((await search.json()) as FundSearchResponse).results.find((fund) => fund.name === "Cherry Ventures");
  if (!found) throw new Error("Cherry Ventures is not in the shipped data");
  const { provenance } = (await (await page.request.get(`/_api/funds/${found.id}`)).json()) as FundResponse;
  const sizeSource = provenance.find((item) => item.field === "fundSize");
  expect(sizeSource).toMatchObject({ kind: "final_close", asOf: "2022-01", amount: 300e6, currency: "EUR" });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(fundPath(found));
  const facts = page.getByRole("definition").filter({ hasText: "€300M" });
  await expect(facts).toContainText("€300M≈ $330M");
  // Issue 36: the publication, linked by its own name (the same words for a screen reader), and the
  // fact's own date with its kind.
  const line = page.getByTestId("fund-size-source");
  await expect(line).toHaveText("businessinsider.de · final close Jan 2022");
  await expect(line.getByRole("link", { name: "businessinsider.de", exact: true })).toHaveAttribute(
    "href",
    sizeSource?.sourceUrl ?? "",
  );
  await expect(line.getByRole("link", { name: "source", exact: true })).toHaveCount(0);
  // The cheque range in the source's euros, the dollar equivalent below; each premium fact its source and date.
  await expect(page.getByTestId("cheque-range")).toHaveText("€300K – €3M");
  await expect(page.getByText("≈ $330K – $3.3M")).toBeVisible();
  await expect(page.getByTestId("cheque-source")).toHaveText("unquote.com · 2022");
  await expect(page.getByText("Auto1, FlixBus, TourRadar, Infarm")).toBeVisible();
  await expect(page.getByTestId("portfolio-source")).toHaveText("techcrunch.com · Jun 2019");
  await expect(page.getByText("Invests across sectors").first()).toBeVisible();
  // The lists under their tags: the sourced statement on its own line, the curated lists together.
  const tagSources = page.getByTestId("tag-sources");
  await expect(tagSources).toContainText("Sector focus: techcrunch.com · Jun 2019");
  await expect(tagSources).toContainText(`Stages and industries: ${unsourcedFactText(found)}`);
  // No fund has a LinkedIn page or a fund manager in the data: the page does not offer them.
  const premium = page.getByRole("complementary", { name: "Contact and investment criteria" });
  await expect(premium.getByText("LinkedIn", { exact: true })).toHaveCount(0);
  await expect(premium.getByText("Fund manager", { exact: true })).toHaveCount(0);

  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, "fund-provenance-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(line).toBeVisible();
  await expect(line).toHaveText("businessinsider.de · final close Jan 2022");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (dir) await page.screenshot({ path: path.join(dir, "fund-provenance-375.png"), fullPage: true });
});

test("a fund's facts from the curated list say they have no public source yet, apart from sourced ones", async ({
  page,
}) => {
  // A curated fund with a fund size but no stated source for it, found through the answer itself
  // (as a subscriber: a visitor's search answers three funds).
  await becomeSubscriber(page, `curated-${RUN}@example.com`);
  const search = await page.request.post("/_api/funds/search", { data: { limit: 100 } });
  const all = ((await search.json()) as FundSearchResponse).results;
  const curated = all.find((fund) => fund.source === "curated" && fund.fundSize !== null && !fund.fundSizeSource);
  if (!curated?.curatedOn) throw new Error("no curated fund with an unsourced fund size among the first results");
  const month = new Date(`${curated.curatedOn}T00:00:00Z`).toLocaleString("en-GB", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(fundPath(curated));
    const line = page.getByTestId("fund-size-source");
    await expect(line).toHaveText(`from FundMatch's curated list, ${month}; no public source yet`);
    await expect(line).toHaveAttribute("data-origin", "unsourced");
    // Quiet and apart: no link, muted and slanted, unlike a sourced fact's line.
    await expect(line.getByRole("link")).toHaveCount(0);
    await expect(line).toHaveCSS("font-style", "italic");
    await expect(page.getByText(/^Listed \w{3} \d{4} · FundMatch's curated list · not reviewed yet$/)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: path.join(dir, `fund-curated-${width}.png`) });
  }
});

test("a fund card shows its fund size's publication and date, and the home page counts the sourced facts", async ({
  page,
}) => {
  // Keywords are a Premium filter.
  await becomeSubscriber(page, `card-${RUN}@example.com`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/#find-investors");
  await page.getByRole("button", { name: "Advanced filters" }).click();
  await page.locator("#advanced-filters").getByLabel("Keywords").fill("Cherry Ventures");
  await page.getByRole("button", { name: "Find Matching Funds" }).click();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Cherry Ventures" }) });
  await expect(card.getByTestId("card-fund-size-source")).toHaveText("businessinsider.de · final close Jan 2022");
  await expect(card.getByRole("link", { name: "businessinsider.de", exact: true })).toBeVisible();
  // Every fact on the card says where it came from: the cheque range its publication and date,
  // the facts without a public source once, together.
  await expect(card.getByRole("link", { name: "unquote.com", exact: true })).toBeVisible();
  await expect(card.getByText("unquote.com · 2022")).toBeVisible();
  await expect(card.getByTestId("card-unsourced")).toContainText("no public source yet");
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await card.screenshot({ path: path.join(dir, "fund-card-1280.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card.getByTestId("card-fund-size-source")).toBeVisible();
  if (dir) await card.screenshot({ path: path.join(dir, "fund-card-375.png") });

  const stats = (await (await page.request.get("/_api/funds/stats")).json()) as DataCounts;
  expect(stats.facts.sourcedAndDated).toBeGreaterThan(0);
  await page.goto("/");
  await expect(page.getByTestId("fact-sources")).toHaveText(factSourcesText(stats) ?? "");
  await expect(
    page.getByText(`${stats.facts.sourcedAndDated.toLocaleString("en-US")} facts sourced and dated`),
  ).toBeVisible();
  // The old claim that everything comes "from what the firm publishes itself" is gone.
  await expect(page.getByText("from what the firm publishes itself")).toHaveCount(0);
  if (dir) {
    await page.screenshot({ path: path.join(dir, "home-hero-375.png") });
    await page.locator("#about-our-data").scrollIntoViewIfNeeded();
    await page.locator("#about-our-data").screenshot({ path: path.join(dir, "about-our-data-375.png") });
  }
});

test("a match's reason shows the source and date of the fact it rests on, and names the unsourced ones once", async ({
  page,
}) => {
  await becomeSubscriber(page, `reasons-${RUN}@example.com`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/match?stage=seed&country=Germany&raise=2M&needsLead=on");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Cherry Ventures" }) });
    const reason = card.getByRole("listitem").filter({ hasText: /^Cheque range/ });
    await expect(reason).toContainText("fits your $2M raise");
    await expect(reason.getByRole("link", { name: "unquote.com", exact: true })).toBeVisible();
    await expect(reason).toContainText("unquote.com · 2022");
    // "Based in Germany" rests on the curated record: said once, quietly, under the reasons.
    await expect(card.getByTestId("match-unsourced")).toHaveText(
      /^Other facts: from FundMatch's curated list, \w{3} \d{4}; no public source yet$/,
    );
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await card.screenshot({ path: path.join(dir, `match-card-sources-${width}.png`) });
  }
  // Saved, on the profile page: the same sources, and the facts without one named once.
  const search = await page.request.post("/_api/funds/search", { data: { query: "Cherry Ventures" } });
  const cherry = ((await search.json()) as FundSearchResponse).results.find((fund) => fund.name === "Cherry Ventures");
  expect((await page.request.post("/_api/user/save-fund", { data: { fundId: cherry?.id } })).status()).toBe(200);
  await page.goto("/profile");
  const saved = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Cherry Ventures" }) });
  await expect(saved.getByTestId("card-fund-size-source")).toHaveText("businessinsider.de · final close Jan 2022");
  await expect(saved.getByTestId("saved-unsourced")).toContainText("no public source yet");
});

test("a fund size more than six years old reads as an older fund's, on its page", async ({ page }) => {
  await becomeSubscriber(page, `older-${RUN}@example.com`);
  const older = await firstShippedFund(
    page,
    (fund) => fund.fundSize !== null && isOldFundSize(fund.fundSizeSource?.asOf, new Date()),
  );
  if (!older?.fundSizeSource?.asOf) throw new Error("no fund in the shipped data has a fund size over six years old");
  const year = older.fundSizeSource.asOf.slice(0, 4);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(fundPath(older));
    // The page's own fund size (a similar fund's card below may be an older fund's too).
    const facts = page.locator("dl").first();
    await expect(facts.getByTestId("older-fund")).toHaveText(`older fund (${year})`);
    // Its own date beside its publication: a founder sees how old it is and where it was said.
    await expect(page.getByTestId("fund-size-source")).toContainText(year);
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await facts.screenshot({ path: path.join(dir, `older-fund-${width}.png`) });
  }
});

test("where the cheque is not disclosed, a recent fund size gives the lead rule's estimate, labelled as one", async ({
  page,
}) => {
  await becomeSubscriber(page, `estimate-${RUN}@example.com`);
  const fund = await firstShippedFund(
    page,
    (item) =>
      item.fundSize !== null &&
      toUsd(item.fundSize, item.currency) !== null &&
      item.checkSizeMinUsd == null &&
      item.checkSizeMaxUsd == null &&
      !isOldFundSize(item.fundSizeSource?.asOf, new Date()),
  );

  if (!fund) throw new Error("no fund in the shipped data has a recent size and no cheque range");
  const expected = estimatedChequeText(toUsd(fund.fundSize, fund.currency) as number);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(fundPath(fund));
    const premium = page.getByRole("complementary", { name: "Contact and investment criteria" });
    await expect(premium.getByTestId("cheque-estimate")).toHaveText(expected);
    await expect(premium.getByText("Not disclosed").first()).toBeVisible();
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await premium.screenshot({ path: path.join(dir, `cheque-estimate-${width}.png`) });
  }
});
