import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { BILLING_TEXTS } from "../../src/shared/billing-texts.js";
import { SUBSCRIBE_TEXTS } from "../../src/shared/subscribe-texts.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * Plans and checkout in demo mode (no Stripe keys): the popup shows the demo provider's checkout
 * page, and paying there goes through the same billing code as a Stripe payment. One registration
 * only: the server allows 10 per 10 minutes per IP and the other files need theirs.
 */
// A whole purchase journey per test: longer than the default 30 s when CI runs two workers.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = Date.now().toString(36);
const buyer = { email: `buyer-${RUN}@example.com`, password: "Sup3rSecret1", displayName: "Bea Buyer" };
const guestEmail = `guest-${RUN}@example.com`;

const results = (page: Page) => page.getByRole("region", { name: "Your VC Matches" });

/** Clicks the plan's button, pays on the demo checkout page in the popup, and waits for it to close. */
async function payInPopup(page: Page, button: string, price: string) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const popup = await popupOpened;
  await expect(popup.getByText("Demo checkout: no card is charged")).toBeVisible();
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: `Pay ${price}` }).click();
  await closed;
}

test("a free member is asked to upgrade, buys Premium in the popup, saves, upgrades to Lifetime and exports", async ({
  page,
}) => {
  const registered = await page.request.post("/_api/auth/register_with_password", { data: buyer });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto("/?search=1");
  await expect(results(page).getByRole("article")).toHaveCount(3);
  await expect(results(page).getByRole("link", { name: "Upgrade to Premium - $9.99/month" })).toBeVisible();
  await results(page).getByRole("article").first().getByRole("button", { name: "Save fund" }).click();
  const upgrade = page.getByRole("dialog", { name: "Unlock Premium Funds" });
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole("link", { name: "Upgrade to Premium" }).click();

  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole("heading", { level: 1, name: SUBSCRIBE_TEXTS.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: SUBSCRIBE_TEXTS.choosePlan })).toBeVisible();
  await expect(page.getByText(SUBSCRIBE_TEXTS.demoNotice)).toBeVisible();
  await expect(page.getByText(SUBSCRIBE_TEXTS.excelExport)).toBeVisible();
  // A signed-in member is not asked for an e-mail.
  await expect(page.getByLabel(SUBSCRIBE_TEXTS.guestEmailLabel)).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await payInPopup(page, SUBSCRIBE_TEXTS.subscribeMonthly, "$9.99");
  await expect(page.getByText(BILLING_TEXTS.paymentSuccess)).toBeVisible();
  await expect(page.getByRole("heading", { name: SUBSCRIBE_TEXTS.allSet })).toBeVisible();
  await expect(page.getByText(SUBSCRIBE_TEXTS.renewsOn)).toBeVisible();
  await expect(page.getByRole("button", { name: SUBSCRIBE_TEXTS.manageBilling })).toBeEnabled();
  await expect(page.getByRole("button", { name: SUBSCRIBE_TEXTS.upgradeToLifetime })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Every match now, with the premium details, and no paywall.
  await page.goto("/?search=1");
  const cards = results(page).getByRole("article");
  await expect(cards.nth(3)).toBeVisible();
  await expect(results(page).getByRole("link", { name: "Upgrade to Premium - $9.99/month" })).toHaveCount(0);
  const first = cards.first();
  const fundName = (await first.getByRole("heading").first().textContent()) ?? "";
  const save = first.getByRole("button", { name: "Save fund" });
  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", "true");

  await page.goto("/profile");
  await expect(
    page.getByRole("complementary", { name: "Account" }).getByText("Premium", { exact: true }),
  ).toBeVisible();
  const saved = page.getByRole("article").filter({ hasText: fundName });
  await expect(saved).toBeVisible();
  await saved.getByRole("button", { name: /Remove/ }).click();
  await expect(page.getByRole("heading", { name: "No Saved Funds Yet" })).toBeVisible();

  await page.goto("/subscribe");
  await payInPopup(page, SUBSCRIBE_TEXTS.upgradeToLifetime, "$149");
  await expect(page.getByText(BILLING_TEXTS.paymentSuccess)).toBeVisible();
  await expect(page.getByText("Lifetime", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: SUBSCRIBE_TEXTS.upgradeToLifetime })).toHaveCount(0);

  await page.goto("/?search=1&stage=seed");
  await expect(results(page).getByRole("article").first()).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export to Excel" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fundmatch-funds-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = await readFile((await download.path()) as string);
  // An .xlsx is a zip archive.
  expect(file.subarray(0, 2).toString()).toBe("PK");
});

test("a visitor pays as a guest, sets a password from the e-mailed link and is signed in", async ({ page }) => {
  await page.goto("/subscribe");
  const email = page.getByLabel(SUBSCRIBE_TEXTS.guestEmailLabel);
  await page.getByRole("button", { name: SUBSCRIBE_TEXTS.subscribeMonthly }).click();
  await expect(page.getByText("Email is required for checkout")).toBeVisible();
  await email.fill("not an e-mail");
  await expect(page.getByText("Email is required for checkout")).toHaveCount(0);
  await page.getByRole("button", { name: SUBSCRIBE_TEXTS.subscribeMonthly }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByRole("link", { name: SUBSCRIBE_TEXTS.signInInstead })).toHaveAttribute("href", "/login");

  await email.fill(guestEmail);
  await payInPopup(page, SUBSCRIBE_TEXTS.subscribeMonthly, "$9.99");
  await expect(page.getByText(SUBSCRIBE_TEXTS.checkInbox)).toBeVisible();
  await expect(page.getByText(SUBSCRIBE_TEXTS.guestSent(guestEmail))).toBeVisible();

  const link = await setPasswordLinkFor(guestEmail);
  await page.goto(link);
  await page.getByLabel("New password").fill("Gu3stPassword");
  await page.getByLabel("Confirm password").fill("Gu3stPassword");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole("heading", { name: SUBSCRIBE_TEXTS.allSet })).toBeVisible();

  // The link worked once, and says so before any form is shown.
  await page.goto(link);
  await expect(page.getByText("This link was already used or has expired")).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
});

/**
 * Without SMTP_URL the server writes each e-mail to DATA_DIR/outbox; the link is in its text. The
 * demo provider applies the payment on its own, so the file is waited for (its appearance, not a time).
 */
async function setPasswordLinkFor(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  const find = async () => {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const name of files) {
      // Quoted-printable: undo soft line breaks and the escaped "=".
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replaceAll("=3D", "=");
      if (!text.includes(to)) continue;
      const match = /https?:\/\/[^\s"<>]+\/set-password\?token=[A-Za-z0-9_-]+/.exec(text);
      if (match) return new URL(match[0]).pathname + new URL(match[0]).search;
    }
    return undefined;
  };
  let link: string | undefined;
  await expect
    .poll(async () => (link = await find()), {
      message: `no set-password e-mail to ${to} in ${outbox}`,
      timeout: 60_000,
    })
    .toBeDefined();
  return link as string;
}
