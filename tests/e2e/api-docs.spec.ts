import { expect, type Page, test } from "./support/test.js";

/** The API reference page (Swagger UI over /_api/openapi.json), rendered by a real browser under the app's CSP. */

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };

const operation = (page: Page, path: string) =>
  page.locator(".opblock-summary-path", { hasText: new RegExp(`^${path.replaceAll("/", "\\/")}$`) });
const tagSection = (page: Page, tag: string) =>
  page.locator(".opblock-tag-section").filter({ has: page.locator("h3", { hasText: new RegExp(`^${tag}`) }) });

for (const path of ["/_api/docs", "/_api/docs/"]) {
  test(`${path} renders the document for a visitor: the title, the operations, no admin calls`, async ({ page }) => {
    const problems = collectProblems(page);
    // A CSP violation is reported as a console error too; this catches the event itself.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");

    await expect(page.getByRole("heading", { name: /FundMatch API/ })).toBeVisible();
    await expect(operation(page, "/_api/funds/search")).toBeVisible();
    await expect(operation(page, "/_api/auth/login_with_password")).toBeVisible();
    await expect(tagSection(page, "admin")).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

test("an admin sees the admin calls, marked as needing an admin session", async ({ page }) => {
  const problems = collectProblems(page);
  // The page's own request context shares the browser's cookies: this signs the page in.
  const login = await page.request.post("/_api/auth/login_with_password", { data: ADMIN });
  expect(login.status()).toBe(200);
  await page.goto("/_api/docs");
  const admin = tagSection(page, "admin");
  await expect(admin).toContainText("Admin only: needs the session of an admin account");
  await expect(admin.locator(".opblock-summary-path", { hasText: /^\/_api\/admin\/users$/ })).toBeVisible();
  expect(problems).toEqual([]);
});

test("an operation opens with its request body and answers", async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto("/_api/docs");
  const search = page.locator(".opblock-post").filter({ has: operation(page, "/_api/funds/search") });
  await search.locator(".opblock-summary").click();
  await expect(search.getByText("Request body")).toBeVisible();
  await expect(search.locator(".responses-table")).toContainText("200");
  expect(problems).toEqual([]);
});
