import { ACTIVELY_INVESTING_FILTER_LABEL } from "../../src/shared/fund-signals.js";
import type { FundResult, FundSearchResponse } from "../../src/shared/schemas/funds.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { chooseOption } from "./support/select.js";
import { becomeSubscriber } from "./support/subscriber.js";
import { expect, type Locator, type Page, test } from "./support/test.js";

/**
 * What founders see of a fund's own team (issue 24): a subscriber (made through the demo checkout's
 * API as a guest, support/subscriber.ts) sees "Actively investing" on a card and on the fund page,
 * the fund team's mark, the pitch route next to the website and the listed team, and narrows the
 * search to actively investing funds.
 *
 * The shipped data has no fund whose team has said it is investing (a status is only ever the
 * team's own, through its editor), and the team's editor and claims are built alongside this. Until
 * they are merged, one fund stands in for such a fund: the browser's answers for it are given the
 * team's statements below (page.route), while every request still reaches the real server, whose
 * gate and filter are asserted (tests/integration/fund-signals.test.ts covers them in full).
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = Date.now().toString(36);
const email = `signals-${RUN}@example.com`;
const SHOTS = process.env.SCREENSHOT_DIR;
const TEAM_MONTH = new Date().toISOString().slice(0, 7);
const STATED = {
  investingStatus: "active",
  updatedByFundTeam: TEAM_MONTH,
  team: [{ name: "Petra Partner", role: "General Partner", linkedin: "https://www.linkedin.com/in/petra-partner" }],
  pitchRoute: "form",
  pitchTarget: "https://example.com/pitch",
} as const;

const results = (page: Page) => page.getByRole("region", { name: "Your VC Matches" });

/** With SCREENSHOT_DIR set: the page (or one part of it) at 1280 and 375 px, for looking at, not compared. */
async function shoot(page: Page, name: string, part?: Locator) {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${SHOTS}/signals-${name}-${width}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize(size);
}

test("a subscriber sees a fund that is actively investing, on its card and its page, and filters by it", async ({
  page,
}) => {
  await becomeSubscriber(page, email);

  // The stand-in fund: the first of the unfiltered search, given its team's statements.
  let standIn: FundResult | undefined;
  const filteredAnswers: Array<{ status: number; totalCount: number }> = [];
  await page.route("**/_api/funds/search", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as FundSearchResponse;
    const filtered = (route.request().postDataJSON() as { activelyInvesting?: boolean }).activelyInvesting === true;
    if (filtered) {
      // The real server took the subscriber's filter (a 402 for anyone else) and kept only stated funds.
      filteredAnswers.push({ status: response.status(), totalCount: body.totalCount });
      const only = standIn ? [{ ...standIn, ...STATED }] : [];
      return route.fulfill({ response, json: { ...body, results: only, totalCount: only.length } });
    }
    standIn ??= body.results[0];
    const patched = body.results.map((fund) => (fund.id === standIn?.id ? { ...fund, ...STATED } : fund));
    return route.fulfill({ response, json: { ...body, results: patched } });
  });
  await page.route(/\/_api\/funds\/\d+$/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body.fund?.id === standIn?.id) body.fund = { ...body.fund, ...STATED };
    return route.fulfill({ response, json: body });
  });

  await page.goto("/");
  await chooseOption(page, "Funding Stage", "Seed");
  await page.getByRole("button", { name: "Find Matching Funds" }).click();
  const cards = results(page).getByRole("article");
  await expect(cards.first()).toBeVisible();
  const card = cards.filter({ has: page.getByText("Actively investing") });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(`Updated by the fund's team · `)).toBeVisible();
  await expect(card.getByText("How to pitch")).toBeVisible();
  await shoot(page, "card", card);

  // The subscriber's filter: in the URL, as a chip, sent to the server, which answers it (no 402).
  await page.getByRole("button", { name: "Advanced filters" }).click();
  const filter = page.locator("#advanced-filters").getByRole("switch", { name: ACTIVELY_INVESTING_FILTER_LABEL });
  await expect(filter).toBeEnabled();
  await filter.click();
  const sent = page.waitForRequest(
    (request) => request.url().endsWith("/_api/funds/search") && request.postDataJSON()?.activelyInvesting === true,
  );
  await page.getByRole("button", { name: "Find Matching Funds" }).click();
  await sent;
  await expect(page).toHaveURL(/active=1/);
  await expect(results(page).getByRole("link", { name: "Remove filter: Actively investing" })).toBeVisible();
  await expect.poll(() => filteredAnswers.length).toBeGreaterThan(0);
  expect(filteredAnswers[0]?.status).toBe(200);
  // No shipped fund has said it is investing: the real filter keeps none of them.
  expect(filteredAnswers[0]?.totalCount).toBe(0);
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByText("Actively investing")).toBeVisible();
  await expectNoSeriousViolations(page);

  // The fund's page: the status under its name, how to pitch next to the website, the listed team.
  const name = ((await cards.first().getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
  await cards.first().getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("investing-status")).toHaveText("Actively investing");
  const premium = page.getByRole("complementary", { name: "Contact and investment criteria" });
  await expect(premium.getByText("How to pitch")).toBeVisible();
  await expect(premium.getByRole("link", { name: /^Pitch form \(example\.com\)/ })).toBeVisible();
  const team = page.getByRole("region", { name: "Team" });
  await expect(team.getByText("Petra Partner")).toBeVisible();
  await expect(team.getByText("General Partner")).toBeVisible();
  await expectNoSeriousViolations(page);
  await shoot(page, "fund-page");
});
