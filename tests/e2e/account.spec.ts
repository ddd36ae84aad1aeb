import { readFile } from "node:fs/promises";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../src/shared/account-texts.js";
import { PASSWORD_RULE_MESSAGE } from "../../src/shared/password-rules.js";
import { SUBSCRIBE_TEXTS } from "../../src/shared/subscribe-texts.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * Profile and account settings against the built server. The server allows 10
 * registrations per 10 minutes per IP and the login spec needs most of them: this file registers
 * three accounts (one for most tests, one to deactivate, one to delete) and logs in through the API.
 */
test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const account = (name: string) => ({
  email: `account-${name}-${RUN}@example.com`,
  password: "Sup3rSecret1",
  displayName: `Account ${name}`,
});

const main = account("main");
const NEW_PASSWORD = "N3wSecret!x";

async function register(page: Page, user: { email: string; password: string; displayName: string }) {
  const response = await page.request.post("/_api/auth/register_with_password", { data: user });
  expect(response.status(), await response.text()).toBe(201);
}

async function logIn(page: Page, email: string, password: string) {
  const response = await page.request.post("/_api/auth/login_with_password", { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

test("a visitor sees Access Denied on account settings and is sent to log in from the profile", async ({ page }) => {
  await page.goto("/account-settings");
  await expect(page).toHaveTitle("Account Settings | Venture Capital Fund Matching");
  await expect(page.getByRole("heading", { level: 1, name: ACCOUNT_TEXTS.accessDenied })).toBeVisible();
  await expect(page.getByText(ACCOUNT_TEXTS.mustBeLoggedIn)).toBeVisible();
  await page.getByRole("link", { name: ACCOUNT_TEXTS.backHome }).click();
  await expect(page).toHaveURL(/\/$/);

  // The server sends a visitor to log in, and the login page brings them back once they have.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
});

test("the profile shows the user, the free tier and the empty saved funds", async ({ page }) => {
  await register(page, main);
  await page.goto("/profile");
  await expect(page).toHaveTitle("My Profile | Venture Capital Fund Matching");
  await expect(page.getByRole("heading", { level: 1, name: ACCOUNT_TEXTS.profileTitle })).toBeVisible();

  const info = page.getByRole("complementary", { name: "Account" });
  await expect(info.getByText(main.displayName)).toBeVisible();
  await expect(info.getByText(main.email)).toBeVisible();
  await expect(info.getByText("user", { exact: true })).toBeVisible();
  await expect(info.getByText(ACCOUNT_TEXTS.freeTier)).toBeVisible();
  await expect(info.getByRole("link", { name: ACCOUNT_TEXTS.upgradeToPremium })).toHaveAttribute("href", "/subscribe");
  await expect(info.getByRole("link", { name: ACCOUNT_TEXTS.accountSettings })).toHaveAttribute(
    "href",
    "/account-settings",
  );
  await expect(page.getByRole("link", { name: ACCOUNT_TEXTS.backHome })).toHaveAttribute("href", "/");

  await expect(page.getByRole("heading", { name: ACCOUNT_TEXTS.noSavedFundsTitle })).toBeVisible();
  await expect(page.getByText(ACCOUNT_TEXTS.noSavedFundsHint)).toBeVisible();
  await expect(page.getByRole("link", { name: ACCOUNT_TEXTS.findInvestors }).last()).toHaveAttribute(
    "href",
    "/#find-investors",
  );

  await expectNoSeriousViolations(page);

  // The cookie preferences dialog opens from here too.
  await info.getByRole("button", { name: ACCOUNT_TEXTS.cookiePreferences }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await info.getByRole("button", { name: ACCOUNT_TEXTS.logOut }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The page shows the visitor state at once; the server call finishes in the background.
  await expect.poll(async () => (await page.request.get("/_api/auth/session")).status()).toBe(401);
});

test("updating the profile needs the right password and renames the user everywhere", async ({ page }) => {
  await logIn(page, main.email, main.password);
  await page.goto("/account-settings");
  await expect(page.getByRole("heading", { name: ACCOUNT_TEXTS.updateProfile })).toBeVisible();
  // A password account is told that its password confirms changes, and offered no other way.
  await expect(
    page.getByRole("region", { name: ACCOUNT_TEXTS.confirmationTitle }).getByText(ACCOUNT_TEXTS.confirmationPassword),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: ACCOUNT_TEXTS.setPasswordLink })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  const profile = page.getByRole("region", { name: ACCOUNT_TEXTS.updateProfile });
  await expect(profile.getByLabel(ACCOUNT_TEXTS.displayName)).toHaveValue(main.displayName);
  await expect(profile.getByLabel(ACCOUNT_TEXTS.emailAddress)).toHaveValue(main.email);
  await expect(profile.getByText(ACCOUNT_TEXTS.currentPasswordHint)).toBeVisible();

  // Validated on submit: an empty password is refused before any call.
  await profile.getByLabel(ACCOUNT_TEXTS.displayName).fill("Renamed Founder");
  await profile.getByRole("button", { name: ACCOUNT_TEXTS.saveChanges }).click();
  await expect(profile.getByText("Password is required to confirm changes.")).toBeVisible();

  await profile.getByLabel(ACCOUNT_TEXTS.currentPassword).fill("wrong-password");
  await profile.getByRole("button", { name: ACCOUNT_TEXTS.saveChanges }).click();
  await expect(page.getByText("The password is not correct.").first()).toBeVisible();

  await profile.getByLabel(ACCOUNT_TEXTS.currentPassword).fill(main.password);
  await profile.getByRole("button", { name: ACCOUNT_TEXTS.saveChanges }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.profileUpdated)).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for Renamed Founder" })).toBeVisible();
  await expect(profile.getByLabel(ACCOUNT_TEXTS.currentPassword)).toHaveValue("");

  const session = await (await page.request.get("/_api/auth/session")).json();
  expect(session.user.displayName).toBe("Renamed Founder");
});

test("changing the password checks the confirmation, clears the form and takes effect", async ({ page }) => {
  await logIn(page, main.email, main.password);
  await page.goto("/account-settings#password");
  const card = page.getByRole("region", { name: ACCOUNT_TEXTS.changePassword });
  await card.getByLabel(ACCOUNT_TEXTS.currentPassword).fill(main.password);
  await card.getByLabel(ACCOUNT_TEXTS.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await card.getByLabel(ACCOUNT_TEXTS.confirmNewPassword).fill("Something-else-1");
  // Validated on blur.
  await card.getByLabel(ACCOUNT_TEXTS.confirmNewPassword).blur();
  await expect(card.getByText("New passwords do not match.")).toBeVisible();

  // The server's password rule is shown at the new password, like every other error of the form.
  await card.getByLabel(ACCOUNT_TEXTS.newPassword, { exact: true }).fill("alllowercase1");
  await card.getByLabel(ACCOUNT_TEXTS.confirmNewPassword).fill("alllowercase1");
  await card.getByRole("button", { name: ACCOUNT_TEXTS.updatePassword }).click();
  const newPassword = card.getByLabel(ACCOUNT_TEXTS.newPassword, { exact: true });
  await expect(card.locator("#password-new-error")).toHaveText(PASSWORD_RULE_MESSAGE);
  await expect(newPassword).toHaveAttribute("aria-invalid", "true");
  await expect(newPassword).toBeFocused();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: PASSWORD_RULE_MESSAGE })).toHaveCount(0);

  await newPassword.fill(NEW_PASSWORD);
  await card.getByLabel(ACCOUNT_TEXTS.confirmNewPassword).fill(NEW_PASSWORD);
  await expect(card.getByText("New passwords do not match.")).toBeHidden();
  await card.getByRole("button", { name: ACCOUNT_TEXTS.updatePassword }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeVisible();
  for (const label of [ACCOUNT_TEXTS.currentPassword, ACCOUNT_TEXTS.newPassword, ACCOUNT_TEXTS.confirmNewPassword]) {
    await expect(card.getByLabel(label, { exact: true })).toHaveValue("");
  }

  // This browser stays signed in with the new cookie; the new password is the one that works now.
  expect((await page.request.get("/_api/auth/session")).status()).toBe(200);
  await logIn(page, main.email, NEW_PASSWORD);
  main.password = NEW_PASSWORD;
});

test("exporting downloads a JSON file with the profile", async ({ page }) => {
  await logIn(page, main.email, main.password);
  await page.goto("/account-settings#privacy");
  const privacy = page.getByRole("region", { name: ACCOUNT_TEXTS.sectionPrivacy });
  await expect(privacy.getByText(ACCOUNT_TEXTS.exportHint)).toBeVisible();
  const downloading = page.waitForEvent("download");
  await privacy.getByRole("button", { name: "Export Data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("fundmatch-data-export.json");
  const file = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(file.profile.email).toBe(main.email);
  await expect(page.getByText(ACCOUNT_MESSAGES.exportStarted)).toBeVisible();
});

test("deactivating logs the user out and the account can no longer log in", async ({ page }) => {
  const user = account("deactivate");
  await register(page, user);
  await page.goto("/account-settings");
  const privacy = page.getByRole("region", { name: ACCOUNT_TEXTS.sectionPrivacy });
  await expect(privacy.getByText(ACCOUNT_TEXTS.deactivateHint)).toBeVisible();
  await privacy.getByRole("button", { name: "Deactivate" }).click();

  const dialog = page.getByRole("dialog", { name: ACCOUNT_TEXTS.confirmTitle });
  await expect(dialog.getByText(ACCOUNT_TEXTS.deactivateConfirmText)).toBeVisible();
  const confirm = dialog.getByRole("button", { name: ACCOUNT_TEXTS.deactivateTitle });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Password").fill(user.password);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.deactivated)).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log In" }).click();
  // The same truth as the settings and the dialog: we reactivate the account on request.
  await expect(page.getByRole("alert").filter({ hasText: /deactivated/i })).toContainText(
    "To use it again, e-mail us at hello@fundmatch.example and we will reactivate it.",
  );
});

test("deleting says the running subscription is cancelled, and logs the user out for good", async ({ page }) => {
  const user = account("delete");
  await register(page, user);
  // A monthly Premium plan, bought on the demo checkout.
  await page.goto("/subscribe");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: SUBSCRIBE_TEXTS.subscribeMonthly }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Pay $9.99" }).click();
  await closed;
  await expect(page.getByRole("heading", { name: SUBSCRIBE_TEXTS.allSet })).toBeVisible();

  await page.goto("/account-settings");
  const privacy = page.getByRole("region", { name: ACCOUNT_TEXTS.sectionPrivacy });
  await expect(privacy.getByText(ACCOUNT_TEXTS.deleteHint)).toBeVisible();
  await privacy.getByRole("button", { name: "Delete", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: ACCOUNT_TEXTS.confirmTitle });
  await expect(dialog.getByText(ACCOUNT_TEXTS.deleteConfirmText)).toBeVisible();
  // Said before confirming, as the server does it: the plan is cancelled at once, without a refund.
  await expect(dialog.getByRole("note")).toHaveText(ACCOUNT_TEXTS.deleteCancelsMonthly);
  const confirm = dialog.getByRole("button", { name: ACCOUNT_TEXTS.deleteConfirm });
  await expect(confirm).toBeDisabled();

  // A wrong password keeps the dialog open with the server's message.
  await dialog.getByLabel("Password").fill("not-my-password");
  await confirm.click();
  await expect(dialog.getByText("The password is not correct.")).toBeVisible();

  await dialog.getByLabel("Password").fill(user.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.deleted)).toBeVisible();

  const login = await page.request.post("/_api/auth/login_with_password", {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(false);
});
