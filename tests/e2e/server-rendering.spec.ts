import { BLOG_TEXTS } from "../../src/shared/blog-texts.js";
import { type DataCounts, premiumCoverageText } from "../../src/shared/data-claims.js";
import { faqItems } from "../../src/shared/faq.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * Public pages arrive rendered: what a visitor (or a crawler) gets before any script runs, and the
 * browser taking that HTML over without replacing it or reporting a mismatch.
 */
const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };

async function firstPost(page: Page): Promise<{ slug: string; title: string }> {
  const response = await page.request.get("/_api/blog/posts?limit=1");
  const text = await response.text();
  const slug = /"slug":"([^"]+)"/.exec(text)?.[1];
  const title = /"title":"([^"]+)"/.exec(text)?.[1];
  if (!slug || !title) throw new Error(`no published post in ${text.slice(0, 200)}`);
  return { slug, title };
}

async function firstFund(page: Page): Promise<{ path: string; name: string }> {
  const response = await page.request.post("/_api/funds/search", { data: { limit: 1 } });
  const { results } = (await response.json()) as { results: Array<{ id: number; name: string }> };
  const fund = results[0];
  if (!fund) throw new Error("no fund");
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const path = new RegExp(`/funds/${fund.id}-[^<]*`).exec(sitemap)?.[0];
  if (!path) throw new Error(`fund ${fund.id} not in the sitemap`);
  return { path, name: fund.name };
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page shows the hero, the search form and every FAQ answer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Find Your Perfect");
    await expect(page.getByRole("button", { name: "Find Matching Funds" })).toBeVisible();
    await expect(page.getByText("Country", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: BLOG_TEXTS.teaserHeading })).toBeVisible();
    // The answers carry the counts of the data, in the HTML and in the structured data alike.
    const counts = (await (await page.request.get("/_api/funds/stats")).json()) as DataCounts;
    const coverage = faqItems(counts).find((item) => item.id === "coverage");
    expect(coverage?.answer).toContain(`${counts.totalFunds.toLocaleString("en-US")} funds`);
    // The hero's count is in the HTML too, as is the Premium pitch's.
    await expect(page.getByText(`${counts.totalFunds.toLocaleString("en-US")} funds`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("premium-coverage")).toHaveText(premiumCoverageText(counts));
    for (const item of faqItems(counts)) {
      await expect(page.getByRole("button", { name: item.question })).toBeVisible();
      await expect(page.getByText(item.answer.slice(0, 60)).first()).toBeAttached();
    }
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(jsonLd).toContain(coverage?.answer.slice(0, 60));
  });

  test("the blog, a post, a fund page and the legal and subscribe pages arrive with their content", async ({
    page,
  }) => {
    const post = await firstPost(page);
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: BLOG_TEXTS.listHeading })).toBeVisible();
    await expect(page.getByRole("link", { name: post.title }).first()).toBeVisible();
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    await expect(page.locator(".blog-prose p").first()).toBeVisible();

    const fund = await firstFund(page);
    await page.goto(fund.path);
    await expect(page.getByRole("heading", { level: 1, name: fund.name })).toBeVisible();

    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/subscribe");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  });

  test("unknown pages, posts and funds say so with a 404", async ({ page }) => {
    expect((await page.goto("/no-such-page"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await page.goto("/blog/no-such-post"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: BLOG_TEXTS.notFoundTitle })).toBeVisible();
  });

  test("a signed-in visitor's page shows their account, not the Login link", async ({ page }) => {
    const login = await page.request.post("/_api/auth/login_with_password", { data: ADMIN });
    expect(login.ok()).toBe(true);
    const response = await page.goto("/terms");
    expect(response?.headers()["cache-control"]).toBe("private, no-cache");
    await expect(page.getByRole("banner").getByRole("button", { name: /account/i })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveCount(0);
  });
});

test("the browser takes over the server's HTML without replacing it or reporting a mismatch", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("status of 404")) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const post = await firstPost(page);
  const fund = await firstFund(page);
  for (const url of [
    "/",
    "/blog",
    `/blog/${post.slug}`,
    fund.path,
    "/terms",
    "/privacy",
    "/subscribe",
    "/login",
    "/nope",
    // Served the page kept for the URL without the query keys it does not read (issue 20).
    "/?utm_source=news",
    `${fund.path}?utm_source=news`,
    "/?search=1&stage=seed&utm_source=news",
    // The match with the profile its URL names, and the sign-up form a visitor's save opens (issue 37).
    "/match",
    "/match?stage=seed&sectors=fintech&country=Germany&raise=%E2%82%AC3m&currency=EUR&needsLead=1&description=Payments",
    "/login?mode=signup&save=1&next=%2Fmatch%3Fstage%3Dseed",
  ]) {
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForSelector("#root > *", { state: "attached" });
    await page.evaluate(() => {
      (window as unknown as { serverRoot: Element | null }).serverRoot = document.querySelector("#root > *");
    });
    await page.waitForLoadState("networkidle");
    const kept = await page.evaluate(
      () => (window as unknown as { serverRoot: Element | null }).serverRoot === document.querySelector("#root > *"),
    );
    expect(kept, url).toBe(true);
  }
  expect(problems).toEqual([]);
});
