import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fundPath } from "../../src/shared/fund-page.js";
import type { FundResponse, FundSearchResponse } from "../../src/shared/schemas/funds.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * A fund's sourced facts on its page, from a fresh start (the shipped seed plus enrichment.csv).
 * Cherry Ventures has a final close in euros, a cheque range in euros, a portfolio and says it
 * invests across sectors. Set SCREENSHOT_DIR to keep the page's screenshots at 375 and 1280 px.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = Date.now().toString(36);
const subscriberEmail = `provenance-${RUN}@example.com`;

/** Without SMTP_URL the server writes each e-mail to DATA_DIR/outbox; the link is in its text. */
async function setPasswordTokenFor(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const name of files) {
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replaceAll("=3D", "=");
      if (!text.includes(to)) continue;
      const match = /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(text);
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no set-password e-mail to ${to} in ${outbox}`);
}

/** A monthly subscriber (demo checkout, then the e-mailed set-password link), signed in in this page. */
async function becomeSubscriber(page: Page): Promise<void> {
  const checkout = await page.request.post("/_api/stripe/create-checkout-session", {
    data: {
      plan: "monthly",
      successUrl: "http://127.0.0.1/subscribe",
      cancelUrl: "http://127.0.0.1/subscribe",
      email: subscriberEmail,
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await page.request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const token = await setPasswordTokenFor(subscriberEmail);
  const signedIn = await page.request.post("/_api/auth/set-password", { data: { token, password: "Sup3rSecret1" } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await expect
    .poll(async () => (await (await page.request.get("/_api/user/account-status")).json()).subscriptionStatus)
    .toBe("active");
}

test("a subscriber sees a fund's sourced fund size with its date and source link", async ({ page }) => {
  await becomeSubscriber(page);
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
