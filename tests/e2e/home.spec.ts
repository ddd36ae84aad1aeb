import { factsKnownText, type PremiumFactFlags, premiumFactLabels } from "../../src/shared/fund-facts.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { chooseOption } from "./support/select.js";
import { expect, type Page, type Response, test } from "./support/test.js";

/**
 * The home page as a visitor uses it, against the real server and its seeded fund data
 * (752 funds; e.g. 'United Kingdom' has many, 'Chile' exactly one).
 */

type SearchBody = {
  country?: string;
  fundingStage?: string;
  industryFocus?: string[];
  limit?: number;
  offset?: number;
};
type FundJson = {
  id: number;
  name: string;
  isPremium: boolean;
  matchReasons: string[];
  factsKnown: number;
  premiumFacts?: PremiumFactFlags;
};
type SearchJson = { results: FundJson[]; totalCount: number };

const SEARCH_PATH = "/_api/funds/search";

function isSearchResponse(response: Response): boolean {
  return new URL(response.url()).pathname === SEARCH_PATH && response.request().method() === "POST";
}

/** Opens a Radix select by its label and picks an option, as a person would. */

/** Submits the search form and returns the request body the page sent and the server's answer. */
async function submitSearch(page: Page): Promise<{ body: SearchBody; json: SearchJson }> {
  const responsePromise = page.waitForResponse(isSearchResponse);
  await page.getByRole("button", { name: "Find Matching Funds" }).click();
  const response = await responsePromise;
  expect(response.ok()).toBe(true);
  return { body: response.request().postDataJSON() as SearchBody, json: (await response.json()) as SearchJson };
}

/**
 * Runs a search from the app's own form, so the browser asks the API (a search URL opened directly
 * is answered by the server, with the results in the page: issue 38). For tests that stand in for
 * the API's answer in the browser.
 */
async function searchInApp(page: Page, label: string, option: string): Promise<void> {
  await page.goto("/");
  await chooseOption(page, label, option);
  await page.getByRole("button", { name: "Find Matching Funds" }).click();
}

function resultsSection(page: Page) {
  return page.getByRole("region", { name: "Your VC Matches" });
}

function fundCards(page: Page) {
  return resultsSection(page).getByRole("article");
}

test.describe("search as a visitor", () => {
  test("shows the top 3 matches and a paywall with the hidden count", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Find Your Perfect VC Match | Venture Capital Fund Matching");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Your Perfect VC Match");
    await expect(resultsSection(page)).toHaveCount(0);

    await chooseOption(page, "Country", "United Kingdom");
    await chooseOption(page, "Funding Stage", "Seed");
    await chooseOption(page, "Industry Focus", "Fintech");
    const { body, json } = await submitSearch(page);

    // The filters reach the server as the API expects them: stage code, industry as a one-element list.
    expect(body).toMatchObject({ country: "United Kingdom", fundingStage: "seed", industryFocus: ["fintech"] });
    expect(json.totalCount, "the seeded data has more than 3 UK seed fintech funds").toBeGreaterThan(3);

    const results = resultsSection(page);
    await expect(results.getByRole("heading", { name: "Your VC Matches" })).toBeVisible();
    await expect(results.getByText(`${json.totalCount} funds match your search`)).toBeVisible();
    await expect(fundCards(page)).toHaveCount(3);
    for (const [index, fund] of json.results.slice(0, 3).entries()) {
      const card = fundCards(page).nth(index);
      await expect(card.getByRole("heading", { name: fund.name })).toBeVisible();
      await expect(card.getByRole("button", { name: "Save fund" })).toBeVisible();
      for (const reason of fund.matchReasons) await expect(card.getByText(reason, { exact: true })).toBeVisible();
      // A visitor never gets the premium fields: the card's locked preview names only the facts the fund has.
      if (fund.isPremium) {
        const labels = fund.premiumFacts ? premiumFactLabels(fund.premiumFacts) : [];
        const preview = card.getByTestId("premium-preview");
        await expect(preview).toHaveText(
          labels.length > 0 ? `With Premium: ${labels.join(" · ")}` : "No premium facts are known for this fund yet.",
        );
        await expect(card.getByText("Check size", { exact: true })).toHaveCount(0);
      }
      await expect(card.getByTestId("facts-known")).toHaveText(factsKnownText(fund.factsKnown));
    }

    const hidden = json.totalCount - 3;
    const paywall = results.getByRole("region", { name: `${hidden} more funds match your search` });
    await expect(paywall).toBeVisible();
    await expect(paywall.getByText("Cancel anytime")).toBeVisible();
    const upgrade = paywall.getByRole("link", { name: "Upgrade to Premium - $9.99/month" });
    await expect(upgrade).toHaveAttribute("href", "/subscribe");

    // The search is in the URL so it can be shared, and the results were scrolled into view.
    await expect(page).toHaveURL(/[?&]search=1/);
    const url = new URL(page.url());
    expect(url.searchParams.get("country")).toBe("United Kingdom");
    expect(url.searchParams.get("stage")).toBe("seed");
    expect(url.searchParams.get("industry")).toBe("fintech");
    await expect(results.getByRole("heading", { name: "Your VC Matches" })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("shows the empty state when nothing matches", async ({ page }) => {
    await page.goto("/");
    // Not Chile any more: Magma Partners there invests across sectors, so it matches a space search.
    await chooseOption(page, "Country", "Colombia");
    await chooseOption(page, "Industry Focus", "Space");
    const { body, json } = await submitSearch(page);

    expect(body).toMatchObject({ country: "Colombia", industryFocus: ["space"] });
    expect(body.fundingStage).toBeUndefined();
    expect(json.totalCount, "no Colombian space fund (nor a sector-agnostic one) in the seeded data").toBe(0);

    const results = resultsSection(page);
    await expect(results.getByRole("heading", { name: "No Matching Funds Found" })).toBeVisible();
    await expect(results.getByText("Try adjusting your search criteria to find more results.")).toBeVisible();
    await expect(fundCards(page)).toHaveCount(0);
    await expect(results.getByText(/match(es)? your search/)).toHaveCount(0);
  });

  test("shows the server's error message, the fallbacks, and recovers on retry", async ({ page }) => {
    let mode: "boom" | "html" | "offline" | "real" = "boom";
    await page.route(`**${SEARCH_PATH}`, async (route) => {
      if (mode === "boom") {
        await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Boom" }) });
      } else if (mode === "html") {
        await route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" });
      } else if (mode === "offline") {
        await route.abort("internetdisconnected");
      } else {
        await route.continue();
      }
    });

    await searchInApp(page, "Country", "United Kingdom");
    const results = resultsSection(page);
    const alert = results.getByRole("alert");
    await expect(alert.getByRole("heading", { name: "An Error Occurred" })).toBeVisible();
    await expect(alert.getByText("Boom", { exact: true })).toBeVisible();
    await expect(fundCards(page)).toHaveCount(0);

    // A failure without a JSON error names the status.
    mode = "html";
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(alert.getByText("Request failed with status 502")).toBeVisible();

    // A network failure has no useful text of its own: the generic message stands in.
    mode = "offline";
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(alert.getByText("Could not fetch results. Please try again later.")).toBeVisible();

    mode = "real";
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(fundCards(page)).toHaveCount(3);
    await expect(results.getByRole("alert")).toHaveCount(0);
  });

  test("renders the real premium fields when the server sends them", async ({ page }) => {
    // What a subscriber's card will look like: the server includes the fields and clears isPremium.
    const fund = {
      id: 990001,
      name: "Example Ventures",
      fundSize: 1_500_000_000,
      currency: "EUR",
      country: "Germany",
      countryCode: "DE",
      city: "Berlin",
      fundingStage: "seed",
      fundingStages: ["series_a", "seed"],
      industryFocus: ["fintech", "ai_ml"],
      foundedYear: 2015,
      description: "A made-up fund used to check how real premium data is shown.",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      matchReasons: ["Seed specialist"],
      isPremium: false,
      website: "https://www.example-ventures.test/",
      linkedin: "javascript:alert(1)",
      fundManager: "Jane Example",
      checkSizeMinUsd: 250_000,
      checkSizeMaxUsd: 2_000_000,
      leadsRounds: true,
    };
    await page.route(`**${SEARCH_PATH}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ results: [fund], totalCount: 1 }),
      }),
    );
    await searchInApp(page, "Funding Stage", "Seed");

    const card = fundCards(page).first();
    await expect(card.getByRole("heading", { name: "Example Ventures" })).toBeVisible();
    await expect(card.getByText("Berlin, Germany")).toBeVisible();
    await expect(card.getByText("€1.5B")).toBeVisible();
    await expect(card.getByText("Seed", { exact: true })).toBeVisible();
    await expect(card.getByText("Series A", { exact: true })).toBeVisible();
    await expect(card.getByText("AI & Machine Learning")).toBeVisible();
    await expect(card.getByText("$250K – $2M")).toBeVisible();
    await expect(card.getByText("Leads rounds")).toBeVisible();
    await expect(card.getByText("Jane Example")).toBeVisible();
    await expect(card.getByRole("link", { name: /example-ventures\.test/ })).toHaveAttribute(
      "href",
      "https://www.example-ventures.test/",
    );
    // A non-http(s) address from imported data is never turned into a link.
    await expect(card.getByRole("link", { name: /LinkedIn|View profile/ })).toHaveCount(0);
    await expect(card.getByText("Premium", { exact: true })).toHaveCount(0);
    await expect(resultsSection(page).getByText("1 fund matches your search")).toBeVisible();
  });
});

test.describe("fund cards on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  /**
   * Two thirds of this screen: each card was over 700 px tall before the phone layout. Issue 36 added a
   * line under the fund size (its source and date, or that it has none yet), about 20 px, and the
   * line naming the facts without a public source ("Stages and industries: from FundMatch's curated
   * list, Nov 2026; no public source yet"), two lines at this width, about 40 px.
   */
  const MAX_CARD_HEIGHT = 590;

  test("are compact and keep their fields, for a visitor", async ({ page }) => {
    await page.goto("/?search=1&country=United+Kingdom");
    const cards = fundCards(page);
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      const height = (await card.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      expect(height, "card height at 375 px").toBeLessThanOrEqual(MAX_CARD_HEIGHT);
      await expect(card.getByRole("heading", { level: 3 })).toBeVisible();
      await expect(card.getByText("United Kingdom").first()).toBeVisible();
      await expect(card.getByRole("term").filter({ hasText: "Fund size" })).toBeVisible();
      await expect(card.getByRole("button", { name: /save/i })).toBeVisible();
      await expect(card.getByTestId("premium-preview")).toBeVisible();
      // Issue 36: a seeded fund says when it was listed; "Reviewed" only once a person reviewed it.
      await expect(card.getByText(/^(Listed|Reviewed) \w{3} \d{4} · /)).toBeVisible();
      // The tag headings are for screen readers only on a phone; the tags themselves show.
      await expect(card.getByRole("term").filter({ hasText: "Stages" })).toHaveCount(1);
      await expect(card.getByRole("definition").first()).toBeVisible();
    }
  });

  test("are compact with every premium field shown", async ({ page }) => {
    const fund = {
      id: 990002,
      name: "Example Ventures",
      fundSize: 1_500_000_000,
      currency: "EUR",
      country: "Germany",
      countryCode: "DE",
      city: "Berlin",
      fundingStage: "seed",
      fundingStages: ["pre_seed", "seed", "series_a", "series_b", "growth"],
      industryFocus: ["fintech", "ai_ml", "saas", "digital_health", "marketplaces", "enterprise_software"],
      foundedYear: 2015,
      description:
        "A made-up fund with a long description, to check that the phone card stays compact however much text the data holds. ".repeat(
          3,
        ),
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      matchReasons: ["Invests from Seed", "Focus: Fintech", "Leads rounds"],
      isPremium: false,
      website: "https://www.example-ventures.test/",
      linkedin: "https://www.linkedin.com/company/example-ventures",
      fundManager: "Jane Example",
      checkSizeMinUsd: 250_000,
      checkSizeMaxUsd: 2_000_000,
      leadsRounds: true,
    };
    await page.route(`**${SEARCH_PATH}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ results: [fund], totalCount: 1 }),
      }),
    );
    await searchInApp(page, "Funding Stage", "Seed");
    const card = fundCards(page).first();
    await expect(card.getByRole("heading", { name: "Example Ventures" })).toBeVisible();
    for (const text of ["Berlin, Germany", "€1.5B", "2015", "Growth", "Fintech", "Jane Example", "$250K – $2M"]) {
      await expect(card.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(card.getByRole("link", { name: /example-ventures\.test/ })).toBeVisible();
    await expect(card.getByRole("link", { name: /View profile/ })).toBeVisible();
    const height = (await card.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
    expect(height, "card height at 375 px with every premium field").toBeLessThanOrEqual(MAX_CARD_HEIGHT + 80);
  });
});

test("the save button asks a visitor to sign up", async ({ page }) => {
  await page.goto("/?search=1&country=United+Kingdom");
  const saveButton = fundCards(page).first().getByRole("button", { name: "Save fund" });
  await saveButton.click();

  const dialog = page.getByRole("dialog", { name: "Save Your Favorite Funds" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Maybe Later" }).click();
  await expect(dialog).toBeHidden();
  await expect(saveButton).toBeFocused();

  // Escape closes it as well (Radix keyboard handling).
  await saveButton.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await saveButton.click();
  await dialog.getByRole("link", { name: "Sign Up Free" }).click();
  // The sign-up form, with the fund and the way back to these results (issue 37).
  await expect(page).toHaveURL(/\/login\?mode=signup&save=\d+&next=%2F/);
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
});

test("the FAQ keeps one answer open at a time", async ({ page }) => {
  await page.goto("/");
  const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
  const questions = faq.getByRole("button");
  await expect(questions).toHaveCount(7);

  const first = faq.getByRole("button", { name: "What is FundMatch?" });
  const coverage = faq.getByRole("button", { name: /How many funds do you cover/ });
  await expect(first).toHaveAttribute("aria-expanded", "false");

  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(faq.getByText(/venture capital fund matching service for startup founders/)).toBeVisible();

  await coverage.click();
  await expect(coverage).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(faq.getByText(/venture capital fund matching service for startup founders/)).toBeHidden();
  // The FAQ's numbers are counted from the data, never written by hand.
  const counts = (await (await page.request.get("/_api/funds/stats")).json()) as { totalFunds: number };
  await expect(faq.getByText(`Our database covers ${counts.totalFunds.toLocaleString("en-US")} funds`)).toBeVisible();
  await expect(faq.getByRole("button", { expanded: true })).toHaveCount(1);

  // Clicking the open one closes it (collapsible).
  await coverage.click();
  await expect(faq.getByRole("button", { expanded: true })).toHaveCount(0);

  // The accordion's keys: arrows move between questions (wrapping), Home and End to either end.
  await first.focus();
  await page.keyboard.press("ArrowDown");
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(questions.nth(6)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(first).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(questions.nth(6)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(first).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
});

test("an unknown path shows Not Found with a way home", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page).toHaveTitle("Page Not Found | Venture Capital Fund Matching");
  await expect(page.getByRole("banner").getByRole("link", { name: "FundMatch" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} FundMatch`);

  await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Your Perfect VC Match");
  await expect(page).toHaveTitle("Find Your Perfect VC Match | Venture Capital Fund Matching");
});

test.describe("hash scrolling", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("/#find-investors lands on the search form", async ({ page }) => {
    await page.goto("/#find-investors");
    const search = page.getByRole("region", { name: "Find investors" });
    // On a phone the form starts below the fold, so being at the top means the page scrolled to it.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(search).toBeInViewport();
    await expect.poll(async () => (await search.boundingBox())?.y ?? -1).toBeLessThan(150);
    await expect(page.getByRole("combobox", { name: "Country" })).toBeInViewport();
  });

  test("a hash link scrolls after client navigation, to content that loads later", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/no-such-page");
    await page.getByRole("banner").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    const heading = page.getByRole("heading", { name: "Frequently Asked Questions" });
    await expect(heading).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });
});

test("a search URL runs the search, fills the form, and Back restores the previous search", async ({ page }) => {
  // The server runs a search in the URL and sends the results with the page (issue 38).
  const first = await page.request.post(SEARCH_PATH, { data: { fundingStage: "seed", limit: 24 } });
  const firstJson = (await first.json()) as SearchJson;
  await page.goto("/?search=1&stage=seed");

  await expect(page.getByRole("combobox", { name: "Funding Stage" })).toHaveText("Seed");
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveText("Any Country");
  await expect(resultsSection(page).getByText(`${firstJson.totalCount} funds match your search`)).toBeVisible();

  await chooseOption(page, "Country", "United Kingdom");
  const { body, json } = await submitSearch(page);
  expect(body).toMatchObject({ country: "United Kingdom", fundingStage: "seed" });
  expect(json.totalCount).not.toBe(firstJson.totalCount);
  await expect(resultsSection(page).getByText(`${json.totalCount} funds match your search`)).toBeVisible();
  await expect(page).toHaveURL(/country=United\+Kingdom/);

  await page.goBack();
  await expect(page).not.toHaveURL(/country=/);
  await expect(page).toHaveURL(/stage=seed/);
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveText("Any Country");
  await expect(page.getByRole("combobox", { name: "Funding Stage" })).toHaveText("Seed");
  await expect(resultsSection(page).getByText(`${firstJson.totalCount} funds match your search`)).toBeVisible();

  await page.goForward();
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveText("United Kingdom");
  await expect(resultsSection(page).getByText(`${json.totalCount} funds match your search`)).toBeVisible();
});

test("Back from the first search returns to the page without results", async ({ page }) => {
  await page.goto("/");
  await chooseOption(page, "Funding Stage", "Series A");
  await submitSearch(page);
  await expect(fundCards(page)).toHaveCount(3);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(resultsSection(page)).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Funding Stage" })).toHaveText("Any Stage");
});

test.describe("accessibility", () => {
  test("home page after a search has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/");
    await chooseOption(page, "Country", "United Kingdom");
    await submitSearch(page);
    await expect(fundCards(page)).toHaveCount(3);
    await expect(page.getByRole("region", { name: /more funds? match(es)? your search/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Frequently Asked Questions" })).toBeVisible();

    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoSeriousViolations(page);

    // And with the save dialog open.
    await fundCards(page).first().getByRole("button", { name: "Save fund" }).click();
    await expect(page.getByRole("dialog", { name: "Save Your Favorite Funds" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the result count is announced by a live region that is in the page before the search", async ({ page }) => {
    await page.goto("/");
    const status = page.getByTestId("search-status");
    await expect(status).toHaveAttribute("role", "status");
    await expect(status).toHaveText("");
    // Marks this very element and counts the texts put into it: a region that arrives with its
    // words already in it is not read out, so the words must come into the one that was there.
    await status.evaluate((element) => {
      element.setAttribute("data-test-was-here", "");
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => said.push(element.textContent ?? "")).observe(element, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await chooseOption(page, "Country", "United Kingdom");
    const { json } = await submitSearch(page);
    await expect(status).toHaveText(`${json.totalCount} funds match your search`);
    await expect(status).toHaveAttribute("data-test-was-here", "");
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(await said()).toContain(`${json.totalCount} funds match your search`);

    // The same search again (answered from the cache, no request) is announced again, in the same words.
    const before = (await said()).filter((text) => text === `${json.totalCount} funds match your search`).length;
    await page.getByRole("button", { name: "Find Matching Funds" }).click();
    await expect
      .poll(async () => (await said()).filter((text) => text === `${json.totalCount} funds match your search`).length)
      .toBeGreaterThan(before);

    // An empty result is announced too.
    await chooseOption(page, "Country", "Colombia");
    await chooseOption(page, "Industry Focus", "Space");
    expect((await submitSearch(page)).json.totalCount).toBe(0);
    await expect(status).toHaveText(/^No Matching Funds Found\./);
  });

  test("Not Found page has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expectNoSeriousViolations(page);
  });
});

/** Set SCREENSHOTS=dir to keep the header's pictures at 375 and 1280 px. */
const SCREENSHOTS = process.env.SCREENSHOTS;

test.describe("the header on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  const SECTIONS = [
    { link: "How it works", heading: "#how-it-works-title" },
    { link: "Premium", heading: "#features-title" },
    { link: "FAQ", heading: "#faq-title" },
  ];

  test("a menu reaches How it works, Premium and FAQ, and closes behind each", async ({ page }) => {
    await page.goto("/blog");
    const header = page.getByRole("banner");
    // A <details> disclosure: its <summary> is the button (browsers expose it as one, expanded or not).
    const menu = header.getByLabel("Menu", { exact: true });
    const disclosure = header.locator("details");
    // The bar has no room for the sections; the menu is how they are reached.
    for (const { link } of SECTIONS) await expect(header.getByRole("link", { name: link })).toBeHidden();
    await expect(menu).toBeVisible();
    await expect(disclosure).not.toHaveAttribute("open");

    for (const { link, heading } of SECTIONS) {
      await menu.click();
      await expect(disclosure).toHaveAttribute("open");
      const nav = header.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Match" })).toBeVisible();
      if (SCREENSHOTS && link === "FAQ") await page.screenshot({ path: `${SCREENSHOTS}/header-menu-375.png` });
      await nav.getByRole("link", { name: link }).click();
      await expect(page.locator(heading)).toBeInViewport();
      // The menu closes behind the navigation, so it does not cover the section.
      await expect(nav).toBeHidden();
      await expect(disclosure).not.toHaveAttribute("open");
    }

    // Escape closes it and puts focus back on its button; so does a press outside it.
    await menu.click();
    await header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Match" }).focus();
    await page.keyboard.press("Escape");
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    // Below the open menu, in the page's margin (the menu covers the heading it opened over).
    await page.mouse.click(4, 640);
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    await menu.click();
    await expectNoSeriousViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the menu opens and its links work from the server's HTML", async ({ page }) => {
      await page.goto("/blog");
      const header = page.getByRole("banner");
      for (const { link, heading } of SECTIONS) {
        await header.getByLabel("Menu", { exact: true }).click();
        await header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
        await expect(page).toHaveURL(new RegExp(`/#${heading.slice(1).replace(/-title$/, "")}$`));
        await expect(page.locator(heading)).toBeInViewport();
        // Back on another page, where the menu starts closed again.
        await page.goto("/blog");
      }
    });
  });
});

test("at 1280 px the header shows the sections in its bar and no menu", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/blog");
  const header = page.getByRole("banner");
  await expect(header.getByLabel("Menu", { exact: true })).toBeHidden();
  const nav = header.getByRole("navigation", { name: "Main" });
  for (const link of ["Match", "How it works", "Premium", "FAQ"]) {
    await expect(nav.getByRole("link", { name: link })).toBeVisible();
  }
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/header-1280.png` });
});
