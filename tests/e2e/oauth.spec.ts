import { expect, type Page, test } from "./support/test.js";

/**
 * "Continue with Google" through the real popup, against the local OpenID provider the test
 * servers start (tests/peers/oidc-provider.mjs): its development login and consent pages stand in
 * for Google's.
 */
test.describe.configure({ mode: "serial" });

async function signInAtProvider(page: Page, accountId: string) {
  await page.goto("/login");
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupPromise;
  await popup.locator('input[name="login"]').fill(accountId);
  await popup.locator('input[name="password"]').fill("any password");
  await popup.getByRole("button", { name: "Sign-in" }).click();
  // The popup closes itself as soon as it lands back on the app: listen before the last click.
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;
}

test("a new founder signs in with the provider: the popup closes and the header shows the account", async ({
  page,
}) => {
  await signInAtProvider(page, "new-founder");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: /Account menu for Nia Newcomer/ })).toBeVisible();
  const session = await page.request.get("/_api/auth/session");
  expect((await session.json()).user).toMatchObject({ email: "new.founder@example.com", displayName: "Nia Newcomer" });
});

test("an e-mail that has a password account shows the Account Already Exists card", async ({ page }) => {
  await signInAtProvider(page, "admin-twin");
  const card = page.getByRole("alert").filter({ hasText: "Account Already Exists" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("An account with this email already exists.");
  await expect(card).toContainText("admin@example.com");
  await card.getByRole("button", { name: "Got it" }).click();
  await expect(card).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test("a provider account without a verified e-mail shows the provider's error", async ({ page }) => {
  await signInAtProvider(page, "unverified");
  await expect(page.getByText("Your account at the sign-in provider has no verified e-mail address.")).toBeVisible();
  expect((await (await page.request.get("/_api/auth/session")).json()).user).toBeUndefined();
});
