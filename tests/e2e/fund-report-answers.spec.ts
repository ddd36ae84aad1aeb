import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { FUND_REPORT_TEXTS } from "../../src/shared/fund-report-texts.js";
import { expectNoSeriousViolations } from "./support/axe.js";
import { expect, test } from "./support/test.js";

/**
 * A report closed with its reporter: the admin marks it done with a reply in the dialog, the
 * reporter is e-mailed once, and their profile's 'Your reports' shows it done with the reply.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const RUN = Date.now().toString(36);
const reporter = { email: `reporter-${RUN}@example.com`, password: "Sup3rSecret1", displayName: "Rita Reporter" };
const NOTE = `The fund's website moved (${RUN}).`;
const REPLY = "Thanks for the tip! The old address still redirects, so the page stays as it is.";
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** Every e-mail in the outbox to `to`, parsed as a mail client would; waits for at least `count`. */
async function mailsTo(to: string, count: number) {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let found: Awaited<ReturnType<typeof simpleParser>>[] = [];
  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [] as string[])).sort();
      const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(outbox, file)))));
      found = mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.text === to));
      return found.length;
    })
    .toBeGreaterThanOrEqual(count);
  return found;
}

test("the reporter sees the report done, with the admin's reply, on their profile", async ({ page, browser }) => {
  const registered = await page.request.post("/_api/auth/register_with_password", { data: reporter });
  expect(registered.status(), await registered.text()).toBe(201);
  const search = await page.request.post("/_api/funds/search", { data: {} });
  expect(search.ok(), await search.text()).toBe(true);
  const fund = ((await search.json()) as { results: Array<{ id: number; name: string }> }).results[0];
  if (!fund) throw new Error("no fund to report");
  const sent = await page.request.post(`/_api/funds/${fund.id}/reports`, { data: { field: "website", note: NOTE } });
  expect(sent.status(), await sent.text()).toBe(201);

  // Open on the profile first.
  await page.goto("/profile");
  const card = page.getByRole("region", { name: FUND_REPORT_TEXTS.yourReports });
  const item = card.getByRole("listitem", { name: `Report about ${fund.name}` }).filter({ hasText: NOTE });
  await expect(item.getByText(FUND_REPORT_TEXTS.stateOpen, { exact: true })).toBeVisible();

  // The admin closes it: nothing needed to change, with a reply.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const login = await admin.request.post("/_api/auth/login_with_password", {
    data: { email: "admin@example.com", password: "Admin-pass-1" },
  });
  expect(login.status()).toBe(200);
  await admin.goto("/admin/fund-reports");
  const report = admin.getByRole("article").filter({ hasText: NOTE });
  await report.getByRole("button", { name: FUND_REPORT_TEXTS.markDone }).click();
  const dialog = admin.getByRole("dialog", { name: FUND_REPORT_TEXTS.doneTitle });
  await dialog.getByRole("radio", { name: "Nothing needed to change" }).check();
  // Without a reply it says what is missing, and sends nothing.
  await dialog.getByRole("button", { name: FUND_REPORT_TEXTS.markDone }).click();
  await expect(dialog.getByRole("alert")).toHaveText(FUND_REPORT_TEXTS.replyRequired);
  await dialog.getByLabel(FUND_REPORT_TEXTS.replyLabel).fill(REPLY);
  await expectNoSeriousViolations(admin);
  if (SCREENSHOTS) await admin.screenshot({ path: path.join(SCREENSHOTS, "admin-done-dialog-1280.png") });
  await dialog.getByRole("button", { name: FUND_REPORT_TEXTS.markDone }).click();
  await expect(admin.getByText(FUND_REPORT_TEXTS.markedDone)).toBeVisible();
  await adminContext.close();

  // One e-mail to the reporter, with the reply.
  const [mail, ...more] = await mailsTo(reporter.email, 1);
  expect(more).toEqual([]);
  expect(mail?.subject).toBe(`Your report about ${fund.name}: reviewed`);
  expect(mail?.text).toContain(REPLY);
  expect(mail?.text).toContain("Nothing needed to change");

  await page.reload();
  await expect(item.getByText(FUND_REPORT_TEXTS.stateDone, { exact: true })).toBeVisible();
  await expect(item.getByText(REPLY)).toBeVisible();
  await expect(item.getByText("Nothing needed to change")).toBeVisible();
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(SCREENSHOTS, `profile-your-reports-${width}.png`) });
    }
  }
});
