import { mkdir } from "node:fs/promises";
import { ACCOUNT_TEXTS } from "../../src/shared/account-texts.js";
import { ADMIN_TEXTS, DATA_ADMIN_TEXTS } from "../../src/shared/admin-texts.js";
import { BILLING_TEXTS } from "../../src/shared/billing-texts.js";
import { CLAIM_TEXTS } from "../../src/shared/fund-claim-texts.js";
import { FUND_REPORT_TEXTS } from "../../src/shared/fund-report-texts.js";
import { JOB_TEXTS } from "../../src/shared/job-texts.js";
import { PITCH_TEXTS } from "../../src/shared/pitches.js";
import { SUBSCRIBE_TEXTS } from "../../src/shared/subscribe-texts.js";
import { type APIResponse, expect, type Page, test } from "./support/test.js";

/**
 * The header's account menu (admin pages for admins), the admin users table on a phone, and what a
 * member reads as their plan changes: checkout cancelled, subscribed (home page, advanced filters on
 * a phone, a cancellation made in another tab), Lifetime (Manage Billing). One registration only:
 * the server allows 10 per 10 minutes per IP and the other files need theirs.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };
const RUN = Date.now().toString(36);
const member = { email: `menus-${RUN}@example.com`, password: "Sup3rSecret1", displayName: `Maya Menus ${RUN}` };
/** Where the screenshots to look at go (test-results is Playwright's own output folder). */
const SHOTS = "test-results/screenshots";

const ADMIN_PAGE_LINKS = [
  { name: ADMIN_TEXTS.importFunds, href: "/admin/import" },
  { name: ADMIN_TEXTS.manageFunds, href: "/admin/funds" },
  { name: ADMIN_TEXTS.manageUsers, href: "/admin/users" },
  { name: ADMIN_TEXTS.manageBlog, href: "/admin/blog" },
  { name: FUND_REPORT_TEXTS.adminNav, href: "/admin/fund-reports" },
  { name: CLAIM_TEXTS.adminNav, href: "/admin/claims" },
  { name: DATA_ADMIN_TEXTS.nav, href: "/admin/data" },
  { name: JOB_TEXTS.nav, href: "/admin/jobs" },
  { name: PITCH_TEXTS.adminNav, href: "/admin/pitch-reports" },
];

const VISITOR_PLAN_LINE = /^Start free with your top three matches for every search\./;

async function logIn(page: Page, email: string, password: string) {
  const response = await page.request.post("/_api/auth/login_with_password", { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Pays on the demo checkout a start call answered with, through the API, as its Pay button does. */
async function payDemoCheckout(page: Page, started: APIResponse) {
  expect(started.status(), await started.text()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const paid = await page.request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

const callbackUrls = { successUrl: "http://127.0.0.1/_api/checkout-callback", cancelUrl: "http://127.0.0.1/subscribe" };

async function expectSubscription(page: Page, type: "monthly" | "lifetime") {
  await expect
    .poll(async () => (await (await page.request.get("/_api/user/account-status")).json()).subscriptionType)
    .toBe(type);
}

/** What the home page's Premium section says about plans, once the lower sections are there. */
function planLine(page: Page) {
  return page.locator("#features p").filter({ hasText: /three matches|Your (Premium|Lifetime)/ });
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const response = await api.post("/_api/auth/register_with_password", { data: member });
  expect(response.status(), await response.text()).toBe(201);
  await api.dispose();
});

for (const width of [375, 1280]) {
  test(`at ${width} px the admin's account menu lists every admin page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/");
    await page.getByRole("button", { name: /^Account menu for / }).click();
    const menu = page.getByRole("menu");
    const adminGroup = menu.getByRole("group", { name: ADMIN_TEXTS.adminMenu });
    await expect(adminGroup.getByRole("menuitem")).toHaveText(ADMIN_PAGE_LINKS.map((link) => link.name));
    for (const link of ADMIN_PAGE_LINKS) {
      await expect(adminGroup.getByRole("menuitem", { name: link.name })).toHaveAttribute("href", link.href);
    }
    await shot(page, `admin-menu-${width}`);

    await adminGroup.getByRole("menuitem", { name: FUND_REPORT_TEXTS.adminNav }).click();
    await expect(page).toHaveURL(/\/admin\/fund-reports$/);
    // The admin pages link each other too.
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: ADMIN_TEXTS.manageUsers }),
    ).toBeVisible();
  });
}

test("a member's account menu has no admin pages", async ({ page }) => {
  await logIn(page, member.email, member.password);
  await page.goto("/");
  await page.getByRole("button", { name: `Account menu for ${member.displayName}` }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await expect(menu.getByRole("group", { name: ADMIN_TEXTS.adminMenu })).toHaveCount(0);
  for (const link of ADMIN_PAGE_LINKS) await expect(menu.getByRole("menuitem", { name: link.name })).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`at ${width} px a member's account menu leads to Account Settings`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    await logIn(page, member.email, member.password);
    await page.goto("/");
    await page.getByRole("button", { name: `Account menu for ${member.displayName}` }).click();
    const menu = page.getByRole("menu");
    const settings = menu.getByRole("menuitem", { name: ACCOUNT_TEXTS.accountSettings });
    await expect(settings).toHaveAttribute("href", "/account-settings");
    await shot(page, `account-menu-${width}`);
    await settings.click();
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByRole("heading", { level: 1, name: ACCOUNT_TEXTS.settingsTitle })).toBeVisible();
  });
}

test("at 375 px no account or admin page scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, ADMIN.email, ADMIN.password);
  // The section links of Account Settings widened its grid; the row buttons' screen-reader words
  // (absolutely placed) escaped the admin tables' scrolling frames.
  for (const path of ["/account-settings", "/profile", ...ADMIN_PAGE_LINKS.map((link) => link.href)]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Loaded: no skeleton and no table still busy.
    await expect(page.locator('[class*="animate-pulse"], [aria-busy="true"]')).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(375);
  }
});

for (const width of [375, 1280]) {
  test(`at ${width} px the users table shows a member's whole name beside their actions`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    await logIn(page, ADMIN.email, ADMIN.password);
    // The member is made to offer the most actions a row has (a subscriber: Pause, and Delete).
    await page.route("**/_api/admin/users", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { users: Array<{ email: string; actions: string[] }> };
      const users = body.users.map((user) =>
        user.email === member.email
          ? {
              ...user,
              subscriptionType: "monthly",
              subscriptionStatus: "active",
              actions: ["pause_subscription", "delete_user"],
            }
          : user,
      );
      await route.fulfill({ response, json: { users } });
    });
    await page.goto("/admin/users");
    const row = page.getByRole("table").getByRole("row").filter({ hasText: member.email });
    const nameCell = row.getByRole("cell").nth(1);
    await expect(nameCell).toHaveText(member.displayName);
    // Other spec files' accounts share the table: the row may start below the fold.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole("button", { name: `Pause ${member.displayName}` })).toBeInViewport();
    await expect(row.getByRole("button", { name: `Delete ${member.displayName}` })).toBeInViewport();

    // Every line of the name is left of the pinned actions column and inside the frame.
    const layout = await nameCell.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell.firstChild as Node);
      const lines = [...range.getClientRects()];
      const actions = (cell.parentElement as HTMLElement).lastElementChild?.getBoundingClientRect() as DOMRect;
      const frame = (cell.closest("section") as HTMLElement).getBoundingClientRect();
      return {
        textRight: Math.max(...lines.map((line) => line.right)),
        textLeft: Math.min(...lines.map((line) => line.left)),
        actionsLeft: actions.left,
        frameLeft: frame.left,
      };
    });
    expect(layout.textRight).toBeLessThanOrEqual(layout.actionsLeft);
    expect(layout.textLeft).toBeGreaterThanOrEqual(layout.frameLeft);
    await shot(page, `admin-users-${width}`);
  });
}

test("cancelling the checkout, with its Cancel button or by closing the popup, says nothing was charged", async ({
  page,
}) => {
  await logIn(page, member.email, member.password);
  await page.goto("/subscribe");
  const notice = page.getByText(BILLING_TEXTS.checkoutCancelled);

  let popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: SUBSCRIBE_TEXTS.subscribeMonthly }).click();
  let popup = await popupOpened;
  await expect(popup.getByText("Demo checkout: no card is charged")).toBeVisible();
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Cancel" }).click();
  await closed;
  await expect(notice).toBeVisible();
  await expect(page.getByRole("button", { name: SUBSCRIBE_TEXTS.subscribeMonthly })).toBeEnabled();
  await page.getByRole("button", { name: "Close toast" }).click();
  await expect(notice).toHaveCount(0);

  popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: SUBSCRIBE_TEXTS.subscribeMonthly }).click();
  popup = await popupOpened;
  await expect(popup.getByText("Demo checkout: no card is charged")).toBeVisible();
  await popup.close();
  await expect(notice).toBeVisible();
  await expect(page.getByRole("button", { name: SUBSCRIBE_TEXTS.subscribeMonthly })).toBeEnabled();
});

test("a visitor reads the free offer on the home page, a subscriber what their plan gives", async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage();
  await visitor.goto("/#features");
  await expect(planLine(visitor)).toHaveText(VISITOR_PLAN_LINE);

  await logIn(page, member.email, member.password);
  await page.goto("/#features");
  // Signed in without a plan: still the offer.
  await expect(planLine(page)).toHaveText(VISITOR_PLAN_LINE);
  await payDemoCheckout(
    page,
    await page.request.post("/_api/stripe/create-checkout-session", { data: { plan: "monthly", ...callbackUrls } }),
  );
  await expectSubscription(page, "monthly");
  // Paid through the API, not in this page: the page is loaded again (a new session read).
  await page.reload();
  await expect(planLine(page)).toHaveText(/^Your Premium plan gives you every match for every search/);
  // The server rendered that signed-in page privately: a visitor still gets the offer.
  await visitor.reload();
  await expect(planLine(visitor)).toHaveText(VISITOR_PLAN_LINE);
  await visitor.close();
});

test("on a phone the advanced filters end with a button that applies them", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, member.email, member.password);
  await page.goto("/#find-investors");
  await page.getByRole("button", { name: "Advanced filters" }).click();
  const keywords = page.locator("#advanced-filters").getByRole("textbox").last();
  await expect(keywords).toBeVisible();
  const apply = page.getByRole("button", { name: "Apply filters" });
  await apply.scrollIntoViewIfNeeded();
  await expect(apply).toBeInViewport();
  // After the filters, not above them.
  const panel = await page.locator("#advanced-filters").boundingBox();
  const button = await apply.boundingBox();
  expect((button?.y ?? 0) + (button?.height ?? 0)).toBeGreaterThan((panel?.y ?? 0) + (panel?.height ?? 0) - 60);
  await shot(page, "home-search-form-375");
  await apply.click();
  await expect(page).toHaveURL(/[?&]search=1/);
  await expect(page.getByRole("region", { name: "Your VC Matches" }).getByRole("article").nth(3)).toBeVisible();
});

test("/subscribe reads the subscription again when the page becomes visible after a cancellation elsewhere", async ({
  page,
}) => {
  await logIn(page, member.email, member.password);
  await page.goto("/subscribe");
  await expect(page.getByText(SUBSCRIBE_TEXTS.renewsOn, { exact: true })).toBeVisible();

  // 'Cancel at period end' in a billing portal opened elsewhere (not from this page).
  const portal = await page.request.post("/_api/stripe/customer-portal", {
    data: { returnUrl: "http://127.0.0.1/subscribe" },
  });
  expect(portal.status(), await portal.text()).toBe(200);
  const portalPath = new URL(((await portal.json()) as { url: string }).url).pathname;
  const portalPage = await (await page.request.get(portalPath)).text();
  const cancelAction = /action="([^"]+\/cancel)"/.exec(portalPage)?.[1];
  expect(cancelAction).toBeTruthy();
  // The page is hidden while the member is in the other tab.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const cancelled = await page.request.post(cancelAction as string, { form: {}, maxRedirects: 0 });
  expect(cancelled.status()).toBe(303);
  await expect(page.getByText(SUBSCRIBE_TEXTS.renewsOn, { exact: true })).toBeVisible();

  // Back to this tab: no reload needed.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(page.getByText(SUBSCRIBE_TEXTS.endsOn, { exact: true })).toBeVisible();
  await expect(page.getByText(SUBSCRIBE_TEXTS.renewsOn, { exact: true })).toHaveCount(0);
});

test("a Lifetime member's Manage Billing shows the Lifetime purchase, its date and amount", async ({
  page,
  context,
}) => {
  await logIn(page, member.email, member.password);
  await payDemoCheckout(page, await page.request.post("/_api/stripe/upgrade-to-lifetime", { data: callbackUrls }));
  await expectSubscription(page, "lifetime");

  await page.goto("/#features");
  await expect(planLine(page)).toHaveText(/^Your Lifetime membership gives you every match/);

  await page.goto("/subscribe");
  const tabOpened = context.waitForEvent("page");
  await page.getByRole("button", { name: new RegExp(SUBSCRIBE_TEXTS.manageBilling) }).click();
  const portal = await tabOpened;
  await expect(portal.getByText("Demo billing portal: no card is charged")).toBeVisible();
  const today = new Date().toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const purchase = portal.locator(".card").filter({ hasText: "FundMatch Lifetime" });
  await expect(purchase.getByRole("heading")).toHaveText("FundMatch Lifetime · $149 one-time payment");
  await expect(purchase).toContainText(`Paid on${today}`);
  // The monthly plan it replaced comes after it, as history.
  await expect(portal.locator(".card").first()).toContainText("FundMatch Lifetime");
  await portal.close();
});
