import { ADMIN_TEXTS, adminAccessDeniedText } from "../../src/shared/admin-texts.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, request, test } from "./support/test.js";

/**
 * The admin guard and user management against the built server, which creates the
 * admin account from ADMIN_EMAIL and ADMIN_PASSWORD at start-up. One account is registered here
 * (the registration limit is shared with the other specs); logging in goes through the API.
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };
const RUN = Date.now().toString(36);
const member = { email: `member-${RUN}@example.com`, password: "Sup3rSecret1", displayName: `Member ${RUN}` };

async function logIn(page: Page, email: string, password: string) {
  const response = await page.request.post("/_api/auth/login_with_password", { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

function usersTable(page: Page) {
  return page.getByRole("table");
}

function memberRow(page: Page) {
  return usersTable(page).getByRole("row").filter({ hasText: member.email });
}

test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL });
  const response = await api.post("/_api/auth/register_with_password", { data: member });
  expect(response.status(), await response.text()).toBe(201);
  await api.dispose();
});

test("a visitor is sent to the login page", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/login$/);
});

test("a user without the admin role sees Access Denied", async ({ page }) => {
  await logIn(page, member.email, member.password);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_TEXTS.accessDenied })).toBeVisible();
  await expect(page.getByText(adminAccessDeniedText("user"))).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("the admin sees every user with their columns and can search", async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/users");
  await expect(page).toHaveTitle("User Management | Venture Capital Fund Matching");
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_TEXTS.usersTitle })).toBeVisible();
  await expect(page.getByText(ADMIN_TEXTS.usersDescription)).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: ADMIN_TEXTS.manageUsers }),
  ).toBeVisible();

  const headers = usersTable(page).getByRole("columnheader");
  await expect(headers).toHaveText([
    "ID",
    "Display Name",
    "Email",
    "Account Status",
    "Subscription",
    "Created At",
    "Saved Funds",
    "Actions",
  ]);

  const row = memberRow(page);
  await expect(row).toHaveCount(1);
  const cells = row.getByRole("cell");
  await expect(cells.nth(0)).toHaveText(/^\d+$/);
  await expect(cells.nth(1)).toHaveText(member.displayName);
  await expect(cells.nth(3)).toHaveText("active");
  await expect(cells.nth(4)).toHaveText(ADMIN_TEXTS.none);
  await expect(cells.nth(5)).not.toHaveText(ADMIN_TEXTS.notAvailable);
  await expect(cells.nth(6)).toHaveText("0");
  await expect(row.getByRole("button", { name: `Delete ${member.displayName}` })).toBeVisible();
  await expect(row.getByRole("button", { name: /^(Pause|Resume|Reactivate)/ })).toHaveCount(0);

  // The admin's own row offers no Delete: the server refuses it anyway.
  const ownRow = usersTable(page).getByRole("row").filter({ hasText: ADMIN.email });
  await expect(ownRow.getByRole("button", { name: /^Delete/ })).toHaveCount(0);

  await expectNoSeriousViolations(page);

  const search = page.getByPlaceholder(ADMIN_TEXTS.searchPlaceholder);
  await search.fill(member.displayName.toUpperCase());
  await expect(usersTable(page).getByRole("row")).toHaveCount(2);
  await expect(memberRow(page)).toHaveCount(1);
  await search.fill("ADMIN@EXAMPLE");
  await expect(memberRow(page)).toHaveCount(0);
  await expect(usersTable(page).getByRole("row").filter({ hasText: ADMIN.email })).toHaveCount(1);
  await search.fill("nobody-matches-this");
  await expect(page.getByText(ADMIN_TEXTS.noUsers)).toBeVisible();
});

test("on a phone the users table scrolls sideways with a hint, its actions always in reach", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/users");
  const row = memberRow(page);
  await expect(row).toHaveCount(1);
  await expect(page.getByText("Scroll the table sideways for status, subscription and dates")).toBeVisible();

  // The actions column is pinned to the frame's right edge: on screen, and clickable, without scrolling.
  const remove = row.getByRole("button", { name: `Delete ${member.displayName}` });
  await expect(remove).toBeInViewport();
  const box = await remove.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(375);
  await remove.click({ trial: true });

  // The other columns are reached by scrolling the frame.
  const status = row.getByRole("cell").nth(3);
  await expect(status).not.toBeInViewport({ ratio: 0.9 });
  await status.scrollIntoViewIfNeeded();
  await expect(status).toBeInViewport();
  await expect(status).toHaveText("active");
  await expectNoSeriousViolations(page);
});

test("on a wide screen the users table needs no hint", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/users");
  await expect(memberRow(page)).toHaveCount(1);
  await expect(page.getByText("Scroll the table sideways for status, subscription and dates")).toHaveCount(0);
});

test("pausing a subscription that does not exist shows the server's answer", async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  // This member never paid: the list is made to show an active subscription with Pause offered (a
  // list gone stale), and the real action call answers that there is none (the pause itself is
  // covered by tests/integration/billing.test.ts, the offered actions by billing-states.test.ts).
  await page.route("**/_api/admin/users", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { users: Array<{ email: string; actions: string[] }> };
    const users = body.users.map((user) =>
      user.email === member.email
        ? {
            ...user,
            subscriptionType: "monthly",
            subscriptionStatus: "active",
            actions: ["pause_subscription", ...user.actions],
          }
        : user,
    );
    await route.fulfill({ response, json: { users } });
  });
  await page.goto("/admin/users");
  const row = memberRow(page);
  await expect(row.getByRole("cell").nth(4)).toHaveText("monthly (active)");
  await row.getByRole("button", { name: `Pause ${member.displayName}` }).click();

  const dialog = page.getByRole("dialog", { name: ADMIN_TEXTS.actions.pause_subscription.title });
  await expect(dialog.getByText(member.displayName)).toBeVisible();
  await expect(dialog.getByText(member.email)).toBeVisible();
  await dialog.getByRole("button", { name: ADMIN_TEXTS.actions.pause_subscription.confirm }).click();
  await expect(page.getByText("No active subscription to pause.")).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("the admin reactivates a deactivated user, then deletes them", async ({ page, baseURL }) => {
  // The member deactivates their own account, from their own session.
  const memberApi = await request.newContext({ baseURL });
  expect(
    (
      await memberApi.post("/_api/auth/login_with_password", {
        data: { email: member.email, password: member.password },
      })
    ).ok(),
  ).toBe(true);
  expect((await memberApi.post("/_api/user/deactivate-account", { data: { password: member.password } })).ok()).toBe(
    true,
  );
  await memberApi.dispose();

  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/users");
  const row = memberRow(page);
  await expect(row.getByRole("cell").nth(3)).toHaveText("deactivated");

  await row.getByRole("button", { name: `Reactivate ${member.displayName}` }).click();
  const reactivate = page.getByRole("dialog", { name: ADMIN_TEXTS.actions.reactivate_account.title });
  await expect(reactivate.getByText(member.email)).toBeVisible();
  await reactivate.getByRole("button", { name: ADMIN_TEXTS.actions.reactivate_account.confirm }).click();
  await expect(page.getByText("Account reactivated. The user can log in again.")).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("active");
  await expect(row.getByRole("button", { name: /^Reactivate/ })).toHaveCount(0);

  await row.getByRole("button", { name: `Delete ${member.displayName}` }).click();
  const remove = page.getByRole("dialog", { name: ADMIN_TEXTS.actions.delete_user.title });
  await expect(remove.getByText(ADMIN_TEXTS.actions.delete_user.description)).toBeVisible();
  await expect(remove.getByText(member.email)).toBeVisible();
  await remove.getByRole("button", { name: ADMIN_TEXTS.cancel }).click();
  await expect(remove).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: `Delete ${member.displayName}` }).click();
  await remove.getByRole("button", { name: ADMIN_TEXTS.actions.delete_user.confirm }).click();
  await expect(page.getByText("User permanently deleted.")).toBeVisible();
  await expect(memberRow(page)).toHaveCount(0);
});
