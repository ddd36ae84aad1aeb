import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../src/shared/account-texts.js";
import { OAUTH_TEXTS } from "../../src/shared/auth-texts.js";
import { CONSENT_STORAGE_KEY, consentRecord, REJECT_ALL } from "../../src/shared/consent.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { type LocalServer, startServerWithoutOpenIdKeys } from "./support/local-server.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * An account made through the demo sign-in provider has no password. Its account settings say how
 * it confirms a change (a recent sign-in, else an e-mailed code) and it deletes itself without a
 * password. Like demo-sign-in.spec.ts, this starts the built app without OpenID keys on a port of
 * its own, so the demo provider is the one offered; its outbox is read for the code.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

let app: LocalServer | undefined;
const SCREENSHOTS = process.env.ACCOUNT_SCREENSHOT_DIR;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startServerWithoutOpenIdKeys("fundmatch-account-confirmation-");
});

test.afterAll(async () => {
  await app?.stop();
});

/** The local server's origin (started before any test runs). */
const base = () => (app as LocalServer).base;

/** Signs in through the demo popup from the login page, as a newcomer: an account without a password. */
async function signInWithDemo(page: Page, email: string, name: string) {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [CONSENT_STORAGE_KEY, JSON.stringify(consentRecord(REJECT_ALL))],
  );
  await page.goto(`${base()}/login`);
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: OAUTH_TEXTS.continueWithDemo }).click();
  const popup = await popupOpened;
  await popup.getByLabel("E-mail address").fill(email);
  await popup.getByLabel(/^Name/).fill(name);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;
  await expect(page.getByRole("button", { name: `Account menu for ${name}` })).toBeVisible();
}

async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The code in the newest e-mail to this address in the server's outbox (written before it answered). */
async function codeMailedTo(email: string): Promise<string> {
  const outbox = path.join((app as LocalServer).dataDir, "outbox");
  for (const name of (await readdir(outbox)).sort().reverse()) {
    const raw = await readFile(path.join(outbox, name), "utf8");
    if (!raw.includes(`To: ${email}`)) continue;
    const code = /^([0-9]{6})\r?$/m.exec(raw)?.[1];
    if (code) return code;
  }
  throw new Error(`no code e-mailed to ${email}`);
}

test("an account made through the demo provider is told no password is needed, and deletes itself", async ({
  page,
}) => {
  await signInWithDemo(page, "dee.delete@example.com", "Dee Delete");
  await page.goto(`${base()}/account-settings`);
  const notice = page.getByRole("region", { name: ACCOUNT_TEXTS.confirmationTitle });
  await expect(notice).toContainText(
    /You signed in with the demo sign-in a moment ago: no password is needed until \d{1,2}:\d{2} [AP]M\./,
  );
  await expect(notice.getByRole("link", { name: ACCOUNT_TEXTS.setPasswordLink })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  // Said once, above the cards: the Profile and Password forms do not repeat it (issue 35).
  await expect(page.getByText(/no password is needed until/)).toHaveCount(1);
  // No field asks for a password the account does not have.
  await expect(page.getByLabel(ACCOUNT_TEXTS.currentPassword)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: ACCOUNT_TEXTS.setPasswordTitle })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "settings-recent-sign-in");

  const privacy = page.getByRole("region", { name: ACCOUNT_TEXTS.sectionPrivacy });
  await privacy.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: ACCOUNT_TEXTS.confirmTitleNoPassword });
  await expect(dialog.getByText(ACCOUNT_TEXTS.deleteConfirmText)).toBeVisible();
  await expect(dialog.getByText(/no password is needed until/)).toBeVisible();
  await expect(dialog.getByLabel("Password")).toHaveCount(0);
  // Free account: nothing to say about a subscription.
  await expect(dialog.getByRole("note")).toHaveCount(0);
  await dialog.getByRole("button", { name: ACCOUNT_TEXTS.deleteConfirm }).click();

  await expect(page).toHaveURL(`${base()}/`);
  await expect(page.getByText(ACCOUNT_MESSAGES.deleted)).toBeVisible();
  expect((await page.request.get(`${base()}/_api/auth/session`)).status()).toBe(401);
});

test("once the sign-in is not recent, the dialog asks for the code e-mailed to the account", async ({ page }) => {
  await signInWithDemo(page, "cody.code@example.com", "Cody Code");
  // The server answers recent_sign_in for 5 minutes; this page is shown what it answers after them.
  await page.route("**/_api/user/profile", async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...(await response.json()), confirmation: "email_code", recentSignInUntil: null },
    });
  });
  await page.goto(`${base()}/account-settings`);
  await expect(page.getByRole("region", { name: ACCOUNT_TEXTS.confirmationTitle })).toContainText(
    ACCOUNT_TEXTS.confirmationCode("cody.code@example.com"),
  );
  await expect(
    page.getByRole("region", { name: ACCOUNT_TEXTS.updateProfile }).getByLabel(ACCOUNT_TEXTS.code),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "settings-email-code");

  await page
    .getByRole("region", { name: ACCOUNT_TEXTS.sectionPrivacy })
    .getByRole("button", { name: "Deactivate" })
    .click();
  const dialog = page.getByRole("dialog", { name: ACCOUNT_TEXTS.confirmTitleNoPassword });
  await expect(dialog.getByText(ACCOUNT_TEXTS.deactivateConfirmText)).toBeVisible();
  const confirm = dialog.getByRole("button", { name: ACCOUNT_TEXTS.deactivateTitle });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("button", { name: ACCOUNT_TEXTS.sendCode }).click();
  await expect(dialog.getByText("We sent a code to cody.code@example.com. It is valid for 10 minutes.")).toBeVisible();
  const code = await codeMailedTo("cody.code@example.com");

  await dialog.getByLabel(ACCOUNT_TEXTS.code).fill(code === "000000" ? "000001" : "000000");
  await confirm.click();
  await expect(dialog.getByText("The code is not correct.")).toBeVisible();
  await dialog.getByLabel(ACCOUNT_TEXTS.code).fill(code);
  await confirm.click();
  await expect(page).toHaveURL(`${base()}/`);
  await expect(page.getByText(ACCOUNT_MESSAGES.deactivated)).toBeVisible();
  expect((await page.request.get(`${base()}/_api/auth/session`)).status()).toBe(401);
});
