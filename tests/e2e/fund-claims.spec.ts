import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { fundRegistrableDomain } from "../../src/server/investors/claim-domain.js";
import { CLAIM_TEXTS } from "../../src/shared/fund-claim-texts.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { emailedLinkFor } from "./support/outbox.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * Claiming a fund's profile against the built server: the link is read from the e-mail in
 * DATA_DIR/outbox. One registration (10 per 10 minutes per IP, shared with the other files).
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const claimant = { email: `claimant-${RUN}@example.com`, password: "Claim-Passw0rd", displayName: "Clara Claimant" };
const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };
/** Set SCREENSHOTS=dir to keep the dialog's and the admin page's pictures at 375 and 1280 px. */
const SCREENSHOTS = process.env.SCREENSHOTS;

type Fund = { id: number; name: string; website: string | null };
let atDomain: Fund & { domain: string };
let toReview: Fund;

/** A dialog is shot as the viewport shows it; a page whole. */
/** The newest e-mail in the server's outbox to this address, parsed (its link was already waited for). */
async function mailTo(to: string) {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  for (const name of (await readdir(outbox)).sort().reverse()) {
    const parsed = await simpleParser(await readFile(path.join(outbox, name)));
    if (parsed.to && !Array.isArray(parsed.to) && parsed.to.value.some((entry) => entry.address === to)) return parsed;
  }
  throw new Error(`no e-mail to ${to}`);
}

async function screenshots(page: Page, name: string, fullPage = false) {
  if (!SCREENSHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.beforeAll(async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  const signedIn = await admin.request.post("/_api/auth/login_with_password", {
    data: ADMIN,
    headers: { Origin: baseURL ?? "" },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const list = await admin.request.get("/_api/admin/funds?pageSize=100");
  expect(list.status()).toBe(200);
  const funds = ((await list.json()) as { funds: Fund[] }).funds;
  const withDomain = funds
    .map((fund) => ({ ...fund, domain: fundRegistrableDomain(fund.website) }))
    .filter((fund): fund is Fund & { domain: string } => Boolean(fund.domain));
  const first = withDomain[0];
  const other = funds.find((fund) => fund.id !== first?.id);
  if (!first || !other) throw new Error("the seeded data has no fund with a website");
  atDomain = first;
  toReview = other;
  await admin.close();
});

test("a signed-in user claims a fund with a work address, follows the e-mailed link and lands on the fund's team", async ({
  page,
  baseURL,
}) => {
  // A visitor is asked to log in first.
  await page.goto(fundPath(atDomain));
  await page.getByRole("button", { name: CLAIM_TEXTS.link }).click();
  await expect(page.getByRole("dialog", { name: CLAIM_TEXTS.signInTitle })).toBeVisible();
  await page.getByRole("button", { name: CLAIM_TEXTS.cancel }).click();

  const registered = await page.request.post("/_api/auth/register_with_password", {
    data: claimant,
    headers: { Origin: baseURL ?? "" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(fundPath(atDomain));
  await page.getByRole("button", { name: CLAIM_TEXTS.link }).click();
  // The dialog's name follows its heading, which changes once the claim is sent.
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: CLAIM_TEXTS.title })).toBeVisible();
  await dialog.getByRole("button", { name: CLAIM_TEXTS.submit }).click();
  await expect(dialog.getByText(CLAIM_TEXTS.emailRequired)).toBeVisible();
  await expectNoSeriousViolations(page);
  const workEmail = `partner-${RUN}@${atDomain.domain}`;
  await dialog.getByLabel(CLAIM_TEXTS.emailLabel).fill(workEmail);
  await screenshots(page, "claim-dialog");
  const sentAt = Date.now() - 1000;
  await dialog.getByRole("button", { name: CLAIM_TEXTS.submit }).click();
  await expect(dialog.getByRole("heading", { name: CLAIM_TEXTS.sentTitle })).toBeVisible();
  await screenshots(page, "claim-dialog-sent");
  await dialog.getByRole("button", { name: CLAIM_TEXTS.close }).click();

  const link = await emailedLinkFor(workEmail, "/claim/verify", sentAt);
  // A transactional e-mail with both parts, the same link in each.
  const mail = await mailTo(workEmail);
  expect(mail.subject).toBe(`Confirm your claim of ${atDomain.name} on FundMatch`);
  expect(mail.text).toContain(link);
  expect(mail.html || "").toContain(link.replaceAll("&", "&amp;"));
  await page.goto(link);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CLAIM_TEXTS.verifyTitle);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: CLAIM_TEXTS.verifyConfirm }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CLAIM_TEXTS.verifiedTitle(atDomain.name));
  await screenshots(page, "claim-verified");
  await expect(page.getByRole("link", { name: CLAIM_TEXTS.editProfile })).toHaveAttribute(
    "href",
    `/investor/funds/${atDomain.id}`,
  );

  // A member sees the way to the editor instead of the claim.
  await page.goto(fundPath(atDomain));
  const box = page.getByTestId("fund-team-box");
  await expect(box.getByText(CLAIM_TEXTS.memberNote)).toBeVisible();
  await expect(box.getByRole("link", { name: CLAIM_TEXTS.editProfile })).toHaveAttribute(
    "href",
    `/investor/funds/${atDomain.id}`,
  );
  await expect(page.getByRole("button", { name: CLAIM_TEXTS.link })).toHaveCount(0);
  await box.scrollIntoViewIfNeeded();
  await screenshots(page, "fund-team-member");

  // The link worked once.
  await page.goto(link);
  await page.getByRole("button", { name: CLAIM_TEXTS.verifyConfirm }).click();
  await expect(page.getByText(CLAIM_TEXTS.linkInvalid)).toBeVisible();
});

test("a claim from another address goes to the admins, who approve it on /admin/claims", async ({
  page,
  browser,
  baseURL,
}) => {
  const signedIn = await page.request.post("/_api/auth/login_with_password", {
    data: { email: claimant.email, password: claimant.password },
    headers: { Origin: baseURL ?? "" },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto(fundPath(toReview));
  await page.getByRole("button", { name: CLAIM_TEXTS.link }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(CLAIM_TEXTS.emailLabel).fill(`clara-${RUN}@personal-mail.example`);
  await dialog.getByLabel(CLAIM_TEXTS.noteLabel).fill("I'm a venture partner; I'm on the fund's team page.");
  await dialog.getByRole("button", { name: CLAIM_TEXTS.submit }).click();
  await expect(dialog.getByRole("heading", { name: CLAIM_TEXTS.reviewTitle })).toBeVisible();

  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  const adminIn = await adminPage.request.post("/_api/auth/login_with_password", {
    data: ADMIN,
    headers: { Origin: baseURL ?? "" },
  });
  expect(adminIn.status()).toBe(200);
  await adminPage.goto("/admin/claims");
  await adminPage.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"));
  await expect(adminPage.getByRole("heading", { level: 1, name: CLAIM_TEXTS.adminTitle })).toBeVisible();
  const claim = adminPage
    .getByRole("list", { name: CLAIM_TEXTS.adminPending })
    .getByRole("listitem")
    .filter({ hasText: `clara-${RUN}@personal-mail.example` });
  await expect(claim).toContainText(toReview.name);
  await expect(claim).toContainText("venture partner");
  await expect(adminPage.getByRole("list", { name: CLAIM_TEXTS.adminMembers })).toContainText(claimant.email);
  await expectNoSeriousViolations(adminPage);
  await screenshots(adminPage, "admin-claims", true);
  await claim.getByRole("button", { name: CLAIM_TEXTS.approve }).click();
  await expect(adminPage.getByText(CLAIM_TEXTS.approved)).toBeVisible();
  await expect(claim).toHaveCount(0);
  await admin.close();

  await page.goto(fundPath(toReview));
  await expect(page.getByTestId("fund-team-box").getByText(CLAIM_TEXTS.memberNote)).toBeVisible();
});
