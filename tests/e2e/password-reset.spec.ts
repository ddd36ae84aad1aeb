import { PASSWORD_LINK_TEXTS, RESET_PASSWORD_TEXTS } from "../../src/shared/auth-texts.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { emailedLinkFor } from "./support/outbox.js";
import { expect, test } from "./support/test.js";

/**
 * "Forgot password?" against the real server: the link is read from the e-mail in DATA_DIR/outbox.
 * One registration (the server allows 10 per 10 minutes per IP, shared with the other files) and
 * two reset requests (10 per 10 minutes per IP).
 */
test.describe.configure({ mode: "serial" });

const RUN = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const account = { email: `forgetful-${RUN}@example.com`, password: "Old-Passw0rd", displayName: "Forgetful Fay" };
const NEW_PASSWORD = "New-Passw0rd";

test.beforeAll(async ({ request, baseURL }) => {
  const response = await request.post("/_api/auth/register_with_password", {
    data: account,
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(201);
});

test("a member who forgot the password gets a link, chooses a new one and is signed in; the link then says it was used", async ({
  page,
  browser,
  baseURL,
}) => {
  // A session elsewhere (another browser) that the reset must end.
  const elsewhere = await browser.newContext({ baseURL });
  const signedIn = await elsewhere.request.post("/_api/auth/login_with_password", {
    data: { email: account.email, password: account.password },
    headers: { Origin: baseURL ?? "" },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle(/Forgot Password/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(RESET_PASSWORD_TEXTS.forgotTitle);
  await page.getByRole("button", { name: RESET_PASSWORD_TEXTS.send }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: RESET_PASSWORD_TEXTS.send }).click();
  await expect(page.getByRole("heading", { name: RESET_PASSWORD_TEXTS.sentTitle })).toBeVisible();
  await expect(page.getByText(RESET_PASSWORD_TEXTS.sent)).toBeVisible();

  const link = await emailedLinkFor(account.email, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(RESET_PASSWORD_TEXTS.resetTitle);
  await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill("Not-the-same-1");
  await page.getByRole("button", { name: RESET_PASSWORD_TEXTS.submit }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: RESET_PASSWORD_TEXTS.submit }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("banner").getByRole("button", { name: `Account menu for ${account.displayName}` }),
  ).toBeVisible();

  // Every other session ended with the reset.
  expect((await elsewhere.request.get("/_api/auth/session")).status()).toBe(401);
  await elsewhere.close();

  // The link worked once: it says so before any form.
  await page.goto(link);
  await expect(page.getByText(PASSWORD_LINK_TEXTS.usedOrExpired)).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: PASSWORD_LINK_TEXTS.requestNew }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("an unknown address gets the same answer", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(`nobody-${RUN}@example.com`);
  await page.getByRole("button", { name: RESET_PASSWORD_TEXTS.send }).click();
  await expect(page.getByText(RESET_PASSWORD_TEXTS.sent)).toBeVisible();
});

test("a reset link that is not (or no longer) valid says so before the form", async ({ page }) => {
  await page.goto(`/reset-password?token=${"x".repeat(43)}`);
  await expect(page.getByText(PASSWORD_LINK_TEXTS.usedOrExpired)).toBeVisible();
  await expect(page.getByRole("link", { name: PASSWORD_LINK_TEXTS.requestNew })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await page.goto(`/set-password?token=${"y".repeat(43)}`);
  await expect(page.getByText(PASSWORD_LINK_TEXTS.usedOrExpired)).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
});
