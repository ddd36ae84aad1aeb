import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, test } from "./support/test.js";

/** The Terms and Privacy pages, their head in the served HTML and after client navigation, and the old policy URL. */

const PRODUCT = "Venture Capital Fund Matching";

const PRIVACY_SECTIONS = [
  "1. Information We Collect",
  "2. How We Use Information",
  "3. How We Share Information",
  "4. Data Security",
  "5. Cookies and Tracking",
  "6. Your Data Rights",
  "7. International Data Transfers",
  "8. Data Retention",
  "9. Children's Privacy",
  "10. Changes to This Policy",
  "11. Contact Us",
];

const TERMS_SECTIONS = [
  "1. User Accounts",
  "2. Subscriptions and Billing",
  "3. Acceptable Use",
  "4. Intellectual Property",
  "5. Disclaimers and Limitation of Liability",
  "6. Changes to These Terms",
  "7. Contact",
];

function sectionHeadings(page: Page) {
  return page.getByRole("main").getByRole("heading", { level: 2, name: /^\d+\. / });
}

test("Terms of Service: heading, date, sections and contact", async ({ page }) => {
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByText("Last updated August 7, 2025")).toBeVisible();
  await expect(page).toHaveTitle(`Terms of Service | ${PRODUCT}`);
  await expect(sectionHeadings(page)).toHaveText(TERMS_SECTIONS);

  const billing = page.locator("#subscriptions-and-billing");
  await expect(billing).toContainText("Stripe");
  await expect(billing).toContainText("US$9.99 per month");
  await expect(billing).toContainText("US$149 as a one-time payment");
  await expect(billing).toContainText("end of the current billing cycle");
  await expect(billing).toContainText("non-refundable");
  await expect(page.locator("#changes-to-terms")).toContainText("30 days' notice");
  await expect(page.locator("#contact").getByRole("link", { name: "hello@fundmatch.example" })).toHaveAttribute(
    "href",
    "mailto:hello@fundmatch.example",
  );
});

test("Privacy Policy: heading, date, the 11 sections, the cookie tables and the preferences button", async ({
  page,
}) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.getByText("Last Updated August 16, 2025")).toBeVisible();
  await expect(page).toHaveTitle(`Privacy Policy | ${PRODUCT}`);
  await expect(sectionHeadings(page)).toHaveText(PRIVACY_SECTIONS);

  // The table of contents lists the same sections and jumps to them.
  const contents = page.getByRole("navigation", { name: "On this page" });
  await expect(contents.getByRole("link")).toHaveText(PRIVACY_SECTIONS);
  await contents.getByRole("link", { name: "8. Data Retention" }).click();
  await expect(page).toHaveURL(/\/privacy#data-retention$/);
  await expect(page.getByRole("heading", { name: "8. Data Retention" })).toBeInViewport();
  await expect(page.locator("#data-retention")).toContainText("within 30 days of account deletion");
  await expect(page.locator("#childrens-privacy")).toContainText("at least 16 years old");

  const categories = page.getByRole("table", { name: /Cookie categories/ });
  const categoryRows = [
    ["Essential", "Session, or up to 30 days"],
    ["Functional", "Up to 12 months"],
    ["Analytics (only with consent)", "Up to 26 months"],
    ["Marketing (only with consent)", "Not applicable"],
  ];
  for (const [category, duration] of categoryRows) {
    const row = categories.getByRole("row", { name: new RegExp(`^${category?.replace(/[()]/g, "\\$&")}`) });
    await expect(row.getByRole("cell").last()).toHaveText(duration ?? "");
  }
  await expect(categories.getByRole("row", { name: /^Marketing/ })).toContainText("None set today");

  const analytics = page.getByRole("table", { name: /Analytics cookies/ });
  for (const [name, duration] of [
    ["_ga", "2 years"],
    ["_ga_<container-id>", "2 years"],
    ["_gid", "24 hours"],
    ["_gat", "1 minute"],
  ]) {
    const row = analytics.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(row.getByRole("cell").last()).toHaveText(duration ?? "");
  }

  await expect(page.getByRole("button", { name: "Manage Cookie Preferences" })).toBeVisible();
});

test("the served HTML carries each legal page's robots directive, title and canonical link", async ({
  request,
  baseURL,
}) => {
  const terms = await request.get("/terms");
  expect(terms.status()).toBe(200);
  const termsHtml = await terms.text();
  expect(termsHtml).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
  expect(termsHtml).toContain(`<title>Terms of Service | ${PRODUCT}</title>`);
  expect(termsHtml).not.toContain('rel="canonical"');

  const privacy = await request.get("/privacy");
  expect(privacy.status()).toBe(200);
  const privacyHtml = await privacy.text();
  expect(privacyHtml).toMatch(/<meta name="robots" content="noindex, follow"\s*\/?>/);
  expect(privacyHtml).toContain(`<title>Privacy Policy | ${PRODUCT}</title>`);
  expect(privacyHtml).toContain(`<link rel="canonical" href="${baseURL}/privacy"`);
});

test("/privacy-policy ends at /privacy: a 301 from the server, and in the browser", async ({ request, page }) => {
  const response = await request.get("/privacy-policy", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/privacy");

  await page.goto("/privacy-policy");
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
});

test("client-side navigation keeps the head right: title, robots and canonical", async ({ page, baseURL }) => {
  const robots = page.locator('head meta[name="robots"]');
  const canonical = page.locator('head link[rel="canonical"]');
  const description = page.locator('head meta[name="description"]');

  await page.goto("/");
  await expect(robots).toHaveCount(0);
  await expect(canonical).toHaveAttribute("href", `${baseURL}/`);

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page).toHaveTitle(`Terms of Service | ${PRODUCT}`);
  await expect(robots).toHaveAttribute("content", "noindex");
  await expect(canonical).toHaveCount(0);
  await expect(description).toHaveAttribute("content", /accounts, subscriptions and billing/);

  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page).toHaveTitle(`Privacy Policy | ${PRODUCT}`);
  await expect(robots).toHaveAttribute("content", "noindex, follow");
  await expect(canonical).toHaveAttribute("href", `${baseURL}/privacy`);

  await page.getByRole("banner").getByRole("link", { name: "FundMatch" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Your Perfect VC Match");
  await expect(page).toHaveTitle(`Find Your Perfect VC Match | ${PRODUCT}`);
  await expect(robots).toHaveCount(0);
  await expect(canonical).toHaveAttribute("href", `${baseURL}/`);
  // One of each, never duplicates.
  await expect(description).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
});

test.describe("accessibility", () => {
  test("Terms and Privacy have no serious or critical axe violations", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await expectNoSeriousViolations(page);

    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expectNoSeriousViolations(page);

    await page.getByRole("button", { name: "Manage Cookie Preferences" }).click();
    await expect(page.getByRole("dialog", { name: "Cookie Preferences" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test.describe("with the cookie banner open", () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 640 },
    ]) {
      test(`the banner has no serious or critical axe violations at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto("/");
        const banner = page.getByRole("region", { name: "Cookie consent" });
        await expect(banner).toBeVisible();
        await expectNoSeriousViolations(page);

        await banner.getByRole("button", { name: "Manage Preferences" }).click();
        await expect(banner.getByRole("switch", { name: "Analytics" })).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    }

    test("on a phone the banner leaves the search usable", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto("/");
      const banner = page.getByRole("region", { name: "Cookie consent" });
      await expect(banner).toBeVisible();
      const box = await banner.boundingBox();
      expect(box?.height ?? 0, "a compact bottom sheet").toBeLessThanOrEqual(640 * 0.3);

      // Keyboard users meet the banner right after the skip link, before the page.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(banner.getByRole("link", { name: "Privacy Policy" })).toBeFocused();

      // The page gains room at its end, so the submit button can be brought clear of the banner.
      const submit = page.getByRole("button", { name: "Find Matching Funds" });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await expect(page).toHaveURL(/[?&]search=1/);
      await expect(page.getByRole("region", { name: "Your VC Matches" }).getByRole("article")).toHaveCount(3);
    });
  });
});
