import { signUnsubscribeToken } from "../../src/server/mail/email-token.js";
import { ACCOUNT_TEXTS } from "../../src/shared/account-texts.js";
import { savedSearchAlertsSummary, UNSUBSCRIBE_TEXTS } from "../../src/shared/email-texts.js";
import { SAVED_SEARCHES_TEXTS } from "../../src/shared/saved-searches.js";
import { EMAIL_KIND_TEXTS } from "../../src/shared/schemas/email-preferences.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { becomeSubscriber } from "./support/subscriber.js";
import { expect, type Page, test } from "./support/test.js";

/** The server's EMAIL_TOKEN_SECRET in playwright.config.ts: the alert jobs do not exist yet, so the test signs the link. */
const SECRET = "e2e-email-token-secret-0123456789abcdef";

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const user = { email: `email-prefs-${RUN}@example.com`, password: "Sup3rSecret1", displayName: "Erin Email" };
let userId = 0;

async function signedIn(page: Page) {
  const response = await page.request.post("/_api/auth/login_with_password", {
    data: { email: user.email, password: user.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  const response = await request.post("/_api/auth/register_with_password", { data: user });
  expect(response.status(), await response.text()).toBe(201);
  userId = (await response.json()).user.id;
});

test("Settings' E-mail section turns a kind off at once, and it stays off after a reload", async ({ page }) => {
  await signedIn(page);
  await page.goto("/account-settings");
  // Exact: the footer's "Contact us by e-mail" link holds the same words once it is on the page.
  await page.getByRole("link", { name: ACCOUNT_TEXTS.sectionEmail, exact: true }).click();
  const section = page.getByRole("region", { name: ACCOUNT_TEXTS.sectionEmail, exact: true });
  await expect(section.getByText(ACCOUNT_TEXTS.emailPreferencesIntro)).toBeVisible();
  const alerts = section.getByRole("switch", { name: EMAIL_KIND_TEXTS.saved_search_alerts.label });
  const reminders = section.getByRole("switch", { name: EMAIL_KIND_TEXTS.pipeline_reminders.label });
  // Alerts are each saved search's own: without one, there is nothing to switch, and Settings says so.
  await expect(alerts).not.toBeChecked();
  await expect(alerts).toBeDisabled();
  await expect(section.getByText(savedSearchAlertsSummary({ total: 0, alerting: 0 }))).toBeVisible();
  await expect(reminders).toBeChecked();

  await reminders.click();
  await expect(section.getByRole("status")).toHaveText(ACCOUNT_TEXTS.emailPreferencesSaved);
  await expect(reminders).not.toBeChecked();
  await expectNoSeriousViolations(page);

  await page.reload();
  await expect(page.getByRole("switch", { name: EMAIL_KIND_TEXTS.pipeline_reminders.label })).not.toBeChecked();
  // On again, for the page test below.
  await page.getByRole("switch", { name: EMAIL_KIND_TEXTS.pipeline_reminders.label }).click();
  await expect(page.getByRole("switch", { name: EMAIL_KIND_TEXTS.pipeline_reminders.label })).toBeChecked();
  await expect(page.getByRole("status")).toHaveText(ACCOUNT_TEXTS.emailPreferencesSaved);
});

test("the /unsubscribe page asks first, then turns the kind off; the same link again is refused", async ({ page }) => {
  const token = signUnsubscribeToken(SECRET, { userId, kind: "pipeline_reminders" });
  const link = `/unsubscribe?token=${encodeURIComponent(token)}`;
  await page.goto(link);
  await expect(page).toHaveTitle("Unsubscribe | Venture Capital Fund Matching");
  await expect(page.getByText(UNSUBSCRIBE_TEXTS.intro)).toBeVisible();
  await expectNoSeriousViolations(page);

  // Opening the page changed nothing.
  await signedIn(page);
  expect(await (await page.request.get("/_api/user/email-preferences")).json()).toMatchObject({
    pipeline_reminders: true,
  });

  await page.getByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm, exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Done: you will no longer receive pipeline reminders.");
  expect(await (await page.request.get("/_api/user/email-preferences")).json()).toMatchObject({
    pipeline_reminders: false,
  });

  await page.goto(link);
  await page.getByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm, exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link has already been used");
});

test("the List-Unsubscribe address opened in a browser shows the page that asks first", async ({ page }) => {
  const token = signUnsubscribeToken(SECRET, { userId, kind: "saved_search_alerts" });
  const response = await page.goto(`/_api/email/unsubscribe?token=${encodeURIComponent(token)}`);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/unsubscribe");
  expect(new URL(page.url()).searchParams.get("token")).toBe(token);
  await expect(page).toHaveTitle("Unsubscribe | Venture Capital Fund Matching");
  await expect(page.getByText(UNSUBSCRIBE_TEXTS.intro)).toBeVisible();
  await expect(page.getByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm, exact: true })).toBeVisible();
});

test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the page asks first, its button turns alerts off, and the saved search and Settings agree", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = `unsubscribe-nojs-${RUN}@example.com`;
    await becomeSubscriber(page, email);
    const saved = await page.request.post("/_api/user/saved-searches", {
      data: { name: `Seed ${RUN}`, search: { fundingStage: "seed" }, alerts: true },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const subscriberId = (await (await page.request.get("/_api/auth/session")).json()).user.id as number;
    const token = signUnsubscribeToken(SECRET, { userId: subscriberId, kind: "saved_search_alerts" });

    // The header's address, as a person opens it: the server-rendered page with its form.
    await page.goto(`/_api/email/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole("heading", { name: UNSUBSCRIBE_TEXTS.title })).toBeVisible();
    await expect(page.getByText(UNSUBSCRIBE_TEXTS.intro)).toBeVisible();
    expect(await (await page.request.get("/_api/user/email-preferences")).json()).toMatchObject({
      saved_search_alerts: true,
    });
    await page.getByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm, exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Done: you will no longer receive saved search alerts.");
    expect(new URL(page.url()).searchParams.has("token")).toBe(false);

    // One truth: the saved search's own switch is off, and so is Settings'.
    const searches = (await (await page.request.get("/_api/user/saved-searches")).json()).savedSearches;
    expect(searches.map((search: { alerts: boolean }) => search.alerts)).toEqual([false]);
    expect(await (await page.request.get("/_api/user/email-preferences")).json()).toMatchObject({
      saved_search_alerts: false,
    });

    // The same link again: refused, on the page.
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm, exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("This unsubscribe link has already been used");
  });
});

test("after the link, the profile's saved search and Settings both show the alerts off", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `unsubscribe-agree-${RUN}@example.com`;
  await becomeSubscriber(page, email);
  const name = `Fintech ${RUN}`;
  const saved = await page.request.post("/_api/user/saved-searches", {
    data: { name, search: { industryFocus: ["fintech"] }, alerts: true },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const subscriberId = (await (await page.request.get("/_api/auth/session")).json()).user.id as number;
  const token = signUnsubscribeToken(SECRET, { userId: subscriberId, kind: "saved_search_alerts" });
  await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
  await page.getByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm, exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Done: you will no longer receive saved search alerts.");

  await page.goto("/profile");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(item.getByRole("switch", { name: SAVED_SEARCHES_TEXTS.alerts })).not.toBeChecked();
  await page.goto("/account-settings#email");
  const section = page.getByRole("region", { name: ACCOUNT_TEXTS.sectionEmail, exact: true });
  const alerts = section.getByRole("switch", { name: EMAIL_KIND_TEXTS.saved_search_alerts.label });
  await expect(alerts).not.toBeChecked();
  await expect(section.getByText("Off for your saved search.")).toBeVisible();

  // Turned on in Settings: the saved search's own switch is on again.
  await alerts.click();
  await expect(alerts).toBeChecked();
  await expect(section.getByText("On for your saved search.")).toBeVisible();
  await page.goto("/profile");
  await expect(item.getByRole("switch", { name: SAVED_SEARCHES_TEXTS.alerts })).toBeChecked();
});
