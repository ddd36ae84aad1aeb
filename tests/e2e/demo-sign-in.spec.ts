import { OAUTH_TEXTS } from "../../src/shared/auth-texts.js";
import { CONSENT_STORAGE_KEY, consentRecord, REJECT_ALL } from "../../src/shared/consent.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { type LocalServer, startServerWithoutOpenIdKeys } from "./support/local-server.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * The login page without OpenID keys: the labelled demo provider opens in the real popup, signs a
 * newcomer in, and refuses an e-mail that has an account without saying so. The
 * shared test server has keys (its provider is the OpenID peer), so this file starts the built app
 * as `npm start` would on a laptop, without them, on a port of its own (read from its start-up log).
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

let app: LocalServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startServerWithoutOpenIdKeys("fundmatch-demo-sign-in-");
});

test.afterAll(async () => {
  await app?.stop();
});

/** The local server's origin (started before any test runs). */
const base = () => (app as LocalServer).base;

async function openLogin(page: Page) {
  // This server's origin is not the shared one the default storage state answers the banner for.
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [CONSENT_STORAGE_KEY, JSON.stringify(consentRecord(REJECT_ALL))],
  );
  await page.goto(`${base()}/login`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
}

/** Clicks the demo button, fills the provider's labelled page in the popup, and continues. */
async function signInWithDemo(page: Page, email: string, name?: string) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: OAUTH_TEXTS.continueWithDemo }).click();
  const popup = await popupOpened;
  await expect(popup.getByText("Demo sign-in provider: no real account is used")).toBeVisible();
  await popup.getByLabel("E-mail address").fill(email);
  if (name) await popup.getByLabel(/^Name/).fill(name);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;
}

test("the login page offers the labelled demo provider when no OpenID keys are set", async ({ page }) => {
  await openLogin(page);
  const button = page.getByRole("button", { name: OAUTH_TEXTS.continueWithDemo });
  await expect(button).toBeVisible();
  await expect(page.getByText(OAUTH_TEXTS.demoNotice)).toBeVisible();
  await expect(page.getByRole("button", { name: OAUTH_TEXTS.continueWithGoogle })).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test("a newcomer signs in through the demo popup: it closes and the header shows the account", async ({ page }) => {
  await openLogin(page);
  await signInWithDemo(page, "nia.newcomer@example.com", "Nia Newcomer");
  await expect(page).toHaveURL(`${base()}/`);
  await expect(page.getByRole("button", { name: /Account menu for Nia Newcomer/ })).toBeVisible();
  const session = await page.request.get(`${base()}/_api/auth/session`);
  expect((await session.json()).user).toMatchObject({ email: "nia.newcomer@example.com", displayName: "Nia Newcomer" });
});

test("an e-mail that has an account gets the demo provider's refusal, which neither confirms it nor repeats the address", async ({
  page,
}) => {
  const registered = await page.request.post(`${base()}/_api/auth/register_with_password`, {
    data: { email: "owner@example.com", password: "Owner-pass-1", displayName: "Owen Owner" },
  });
  expect(registered.status()).toBe(201);
  await page.request.post(`${base()}/_api/auth/logout`, { data: {} });
  await openLogin(page);
  await signInWithDemo(page, "owner@example.com");
  const alert = page.getByRole("alert").filter({ hasText: OAUTH_TEXTS.demoAddressUnavailable });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText("owner@example.com");
  await expect(page.getByText(OAUTH_TEXTS.accountExistsTitle)).toHaveCount(0);
  await expect(page).toHaveURL(`${base()}/login`);
});

test("Cancel on the demo page closes the popup and leaves the person signed out", async ({ page }) => {
  await openLogin(page);
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: OAUTH_TEXTS.continueWithDemo }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Cancel" }).click();
  await closed;
  await expect(page.getByText("Sign-in was cancelled.")).toBeVisible();
  expect((await page.request.get(`${base()}/_api/auth/session`)).status()).toBe(401);
});
