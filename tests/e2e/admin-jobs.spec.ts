import { mkdir } from "node:fs/promises";
import { JOB_STATUS_LABELS, JOB_TEXTS } from "../../src/shared/job-texts.js";
import { expect, type Page, test } from "./support/test.js";

// Serial: two Run now of the same job at once would rightly answer 409 to the second.
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };
const SHOTS = "test-results/screenshots";

async function logIn(page: Page) {
  const response = await page.request.post("/_api/auth/login_with_password", { data: ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const width of [375, 1280]) {
  test(`the admin runs the expiry sweep from the Jobs page and sees its outcome (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page);
    await page.goto("/admin/jobs");
    await expect(page.getByRole("heading", { level: 1, name: JOB_TEXTS.title })).toBeVisible();
    const sweep = page.getByTestId("job-expired-records-sweep");
    await expect(sweep).toContainText("Every hour, on the hour");
    await expect(page.getByTestId("job-saved-search-alerts")).toContainText("Every Monday at 08:00 UTC");
    await expect(page.getByTestId("job-pipeline-reminders")).toContainText("Every day at 07:00 UTC");
    await sweep.getByRole("button", { name: JOB_TEXTS.runNow }).click();
    // The toast carries the answer of POST /_api/admin/jobs/run, given once the run has finished.
    await expect(page.getByText(/^expired-records-sweep: Succeeded, \d+ handled$/)).toBeVisible();
    await expect(sweep.getByTestId("last-run")).toContainText(JOB_STATUS_LABELS.succeeded);
    await expect(sweep.getByTestId("last-run")).toContainText("handled");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/admin-jobs-${width}.png`, fullPage: true });
  });
}
