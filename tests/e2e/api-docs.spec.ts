import { expect, type Page, test } from "@playwright/test";

/** The API reference page (Swagger UI over /_api/openapi.json), rendered by a real browser under the app's CSP. */

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

for (const path of ["/_api/docs", "/_api/docs/"]) {
  test(`${path} renders the document: the title, the operations, an admin one marked`, async ({ page }) => {
    const problems = collectProblems(page);
    // Any CSP violation is reported as a console error too; this catches the event itself.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");

    await expect(page.getByRole("heading", { name: /FundMatch API/ })).toBeVisible();
    await expect(page.locator(".opblock-summary-path", { hasText: /^\/_api\/funds\/search$/ })).toBeVisible();
    const adminTag = page.locator(".opblock-tag-section").filter({ has: page.locator("h3", { hasText: /^admin/ }) });
    await expect(adminTag).toContainText("Admin only: needs the session of an admin account");
    await expect(adminTag.locator(".opblock-summary-path", { hasText: /^\/_api\/admin\/users$/ })).toBeVisible();

    expect(problems).toEqual([]);
  });
}

test("an operation opens with its schemas", async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto("/_api/docs");
  const search = page.locator(".opblock-post").filter({
    has: page.locator(".opblock-summary-path", { hasText: /^\/_api\/funds\/search$/ }),
  });
  await search.locator(".opblock-summary").click();
  await expect(search.getByText("Request body")).toBeVisible();
  await expect(search.locator(".responses-table")).toContainText("200");
  expect(problems).toEqual([]);
});
