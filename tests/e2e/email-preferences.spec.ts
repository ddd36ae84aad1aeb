import { signUnsubscribeToken } from "../../src/server/mail/email-token.js";
import { ACCOUNT_TEXTS } from "../../src/shared/account-texts.js";
import { UNSUBSCRIBE_TEXTS } from "../../src/shared/email-texts.js";
import { EMAIL_KIND_TEXTS } from "../../src/shared/schemas/email-preferences.js";
import { expectNoSeriousViolations } from "./support/axe.js";
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
  await expect(alerts).toBeChecked();
  await expect(reminders).toBeChecked();

  await alerts.click();
  await expect(section.getByRole("status")).toHaveText(ACCOUNT_TEXTS.emailPreferencesSaved);
  await expect(alerts).not.toBeChecked();
  await expectNoSeriousViolations(page);

  await page.reload();
  await expect(page.getByRole("switch", { name: EMAIL_KIND_TEXTS.saved_search_alerts.label })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: EMAIL_KIND_TEXTS.pipeline_reminders.label })).toBeChecked();
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

  await page.getByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm }).click();
  await expect(page.getByRole("status")).toHaveText("Done: you will no longer receive pipeline reminders.");
  expect(await (await page.request.get("/_api/user/email-preferences")).json()).toMatchObject({
    pipeline_reminders: false,
  });

  await page.goto(link);
  await page.getByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm }).click();
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link has already been used");
});
