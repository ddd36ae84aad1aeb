import path from "node:path";
import { fundPath } from "../../src/shared/fund-page.js";
import type { FundResponse, FundSearchResponse } from "../../src/shared/schemas/funds.js";
import { becomeSubscriber } from "./support/subscriber.js";
import { expect, test } from "./support/test.js";

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
  const line = page.getByTestId("fund-size-source");
  await expect(line).toHaveText(/^final close Jan 2022 · source/);
  await expect(line.getByRole("link", { name: /source/ })).toHaveAttribute("href", sizeSource?.sourceUrl ?? "");
  // The cheque range in the source's euros with the dollar equivalent; the portfolio; across sectors.
  await expect(page.getByText("€300K – €3M (≈ $330K – $3.3M)")).toBeVisible();
  await expect(page.getByText("Auto1, FlixBus, TourRadar, Infarm")).toBeVisible();
  await expect(page.getByText("Invests across sectors").first()).toBeVisible();

  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, "fund-provenance-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(line).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (dir) await page.screenshot({ path: path.join(dir, "fund-provenance-375.png"), fullPage: true });
});
