import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type App, buildApp } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/client.js";
import { funds } from "../../src/server/db/schema/index.js";
import { findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
import { addMember } from "../../src/server/investors/repository.js";
import { CLIENT_BUILD_DIR, SSR_ENTRY_FILE } from "../../src/server/paths.js";
import { CONSENT_STORAGE_KEY, consentRecord, REJECT_ALL } from "../../src/shared/consent.js";
import { insertFunds } from "../support/funds.js";
import { pdfBytes } from "../support/pdf.js";
import { changeUserBehindTheApp } from "../support/sessions.js";
import { expect, type Page, test } from "./support/test.js";

/**
 * Pitching through FundMatch (issue 39) in Chromium, at 375 and 1280 px: a founder pitches a fund
 * from the match's shortlist with a PDF, a member of the fund's team reads the deck in the inbox
 * (pdf.js) and asks for a meeting, and the founder sees it, with the deck's view, on /profile.
 *
 * Like fund-editor.spec.ts, an app of its own (the built client, a fresh embedded database) on a
 * free port: the membership and the subscriptions are made in its database directly.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const PASSWORD = "Member-pass-1";
const ADMIN = { email: "pitch-admin@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "mia@pitch-ventures.example", password: PASSWORD, displayName: "Mia Partner" };
const MESSAGE =
  "We build payroll software for small clinics: 40 paying customers, growing 15% a month, raising our seed round now.";

let origin = "";
let app: App;
let fundId = 0;
let dataDir = "";

async function register(who: { email: string; password: string; displayName: string }): Promise<number> {
  const registered = await fetch(`${origin}/_api/auth/register_with_password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  });
  expect(registered.status).toBe(201);
  return ((await registered.json()) as { user: { id: number } }).user.id;
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-e2e-pitches-"));
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: path.join(dataDir, "data"),
      SEED_ON_START: "false",
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "0",
      RATE_LIMIT_SENSITIVE_SCALE: "10",
      HOST: "127.0.0.1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    { CLIENT_DIR: CLIENT_BUILD_DIR, SSR_ENTRY: SSR_ENTRY_FILE },
  );
  app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await insertFunds(database.db, [
    {
      name: "Pitch Ventures",
      country: "Germany",
      website: "https://pitch-ventures.example",
      funding_stages: "seed",
      industry_focus: "fintech",
    },
  ]);
  fundId = [...(await findOldestFundIdsByNames(database.db, ["pitch ventures"])).values()][0] as number;
  await database.db.update(funds).set({ pitchRoute: "fundmatch" }).where(eq(funds.id, fundId));
  app.services.fundsIndex.invalidate();
  const memberId = await register(MEMBER);
  await addMember(database.db, { fundId, userId: memberId, via: "email", email: MEMBER.email });
});

test.afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [CONSENT_STORAGE_KEY, JSON.stringify(consentRecord(REJECT_ALL))],
  );
  const response = await page.request.post(`${origin}/_api/auth/login_with_password`, {
    data: { email: who.email, password: who.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280]) {
  test(`at ${width} px: a founder pitches from the shortlist, a member reads the deck and asks to meet, the founder sees it`, async ({
    browser,
  }) => {
    const founder = { email: `founder-${width}@example.com`, password: PASSWORD, displayName: `Founder ${width}` };
    const startupName = `Clinic Payroll ${width}`;
    await register(founder);
    await changeUserBehindTheApp(app, founder.email, { subscriptionStatus: "active", subscriptionType: "monthly" });

    const founderContext = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await founderContext.newPage();
    await signIn(page, founder);
    const profile = await page.request.put(`${origin}/_api/user/startup-profile`, {
      data: { stage: "seed", sectors: ["fintech"], country: "Germany", description: "Payroll for clinics" },
    });
    expect(profile.status()).toBe(200);

    await page.goto(`${origin}/match`);
    await expect(page.getByLabel("What your startup does")).toHaveValue("Payroll for clinics");
    await page.getByRole("button", { name: "Find my funds" }).click();
    const card = page
      .getByRole("list", { name: "Your shortlist" })
      .getByRole("article")
      .filter({ hasText: "Pitch Ventures" });
    await expect(card.getByText("Accepts pitches through FundMatch")).toBeVisible();
    await card.getByRole("button", { name: "Pitch Pitch Ventures" }).click();
    const dialog = page.getByRole("dialog", { name: "Pitch Pitch Ventures" });
    await dialog.getByLabel("Startup name").fill(startupName);
    await dialog.getByLabel("Message").fill(MESSAGE);
    await dialog
      .getByLabel("Deck (PDF)")
      .setInputFiles({ name: "deck.pdf", mimeType: "application/pdf", buffer: pdfBytes({ pages: 3 }) });
    await expect(dialog.getByText("deck.pdf")).toBeVisible();
    await noSidewaysScroll(page);
    await dialog.getByRole("button", { name: "Send pitch" }).click();
    await expect(dialog.getByText("Your pitch was sent to Pitch Ventures.")).toBeVisible();
    await page.keyboard.press("Escape");

    const memberContext = await browser.newContext({ viewport: { width, height: 900 } });
    const inbox = await memberContext.newPage();
    await signIn(inbox, MEMBER);
    await inbox.goto(`${origin}/investor/funds/${fundId}/pitches`);
    const pitch = inbox.getByRole("article", { name: startupName });
    await expect(pitch.getByText(MESSAGE)).toBeVisible();
    await expect(pitch.getByTestId("pitch-status")).toHaveText("New");
    const pagesReported = inbox.waitForResponse((response) => response.url().endsWith("/deck/pages"));
    await pitch.getByRole("button", { name: "Read the deck (3 pages)" }).click();
    await expect(pitch.getByTestId("deck-canvas")).toHaveAttribute("data-rendered-page", "1");
    expect((await pagesReported).status()).toBe(200);
    await expect(pitch.getByText("Page 1 of 3")).toBeVisible();
    await noSidewaysScroll(inbox);
    await pitch.getByRole("button", { name: "Request a meeting" }).click();
    await expect(pitch.getByTestId("pitch-status")).toHaveText("Meeting requested");
    await memberContext.close();

    await page.goto(`${origin}/profile`);
    const mine = page.getByTestId("user-pitch").filter({ hasText: "Pitch Ventures" });
    await expect(mine.getByText("Meeting requested")).toBeVisible();
    await expect(mine.getByText(/^Deck opened once, 1 page viewed/)).toBeVisible();
    await noSidewaysScroll(page);
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: path.join(dir, `pitches-profile-${width}.png`), fullPage: true });
    await founderContext.close();
  });
}

test("a member reports a pitch as spam from the inbox, and an admin reads it on the pitch reports page", async ({
  browser,
}) => {
  const memberContext = await browser.newContext();
  const inbox = await memberContext.newPage();
  await signIn(inbox, MEMBER);
  await inbox.goto(`${origin}/investor/funds/${fundId}/pitches`);
  const pitch = inbox.getByRole("article", { name: "Clinic Payroll 375" });
  await pitch.getByRole("button", { name: "Report as spam" }).click();
  await expect(pitch.getByText("Reported as spam.")).toBeVisible();
  await memberContext.close();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`${origin}/admin/pitch-reports`);
  const reports = admin.getByRole("list", { name: "Pitches reported as spam" });
  await expect(reports.getByText("Clinic Payroll 375 → Pitch Ventures")).toBeVisible();
  await expect(reports.getByText(/by Mia Partner$/)).toBeVisible();
  await adminContext.close();
});
