import { expectNoSeriousViolations } from "./support/axe.js";
import { type APIRequestContext, expect, type Page, test } from "./support/test.js";

/**
 * Log in, registration and the header's account menu against the real server. The server allows
 * 10 registrations per 10 minutes and 20 log-ins per minute per IP, and every test comes from
 * 127.0.0.1: this file registers 4 times in all (one shared account, one through the form, two
 * refused ones), so keep new tests on the shared account.
 */

const PASSWORD = "Sup3rSecret!";
const REGISTER_PATH = "/_api/auth/register_with_password";
const LOGIN_PATH = "/_api/auth/login_with_password";

function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

type Account = { email: string; password: string; displayName: string };
let shared: Account;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request, baseURL }) => {
  shared = { email: uniqueEmail("shared"), password: PASSWORD, displayName: "Grace Hopper" };
  const response = await request.post(REGISTER_PATH, { data: shared, headers: { Origin: baseURL ?? "" } });
  expect(response.status(), await response.text()).toBe(201);
});

/** Signs the browser context in through the API (its cookie jar is the page's). */
async function signIn(request: APIRequestContext, baseURL: string | undefined, account: Account): Promise<void> {
  const response = await request.post(LOGIN_PATH, {
    data: { email: account.email, password: account.password },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

function accountMenuButton(page: Page, displayName: string) {
  return page.getByRole("banner").getByRole("button", { name: `Account menu for ${displayName}` });
}

function loginLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: "Login", exact: true });
}

async function openRegister(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
}

test("a new account registers, survives a reload, logs out and logs in again", async ({ page }) => {
  const account = { email: uniqueEmail("form"), password: PASSWORD, displayName: "ada Lovelace" };
  await page.goto("/");
  await expect(loginLink(page)).toBeVisible();

  await loginLink(page).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle("Log In | Venture Capital Fund Matching");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");

  await page.getByRole("link", { name: "Sign up" }).click();
  await page.getByLabel("Display Name").fill(account.displayName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  const registered = page.waitForResponse((response) => response.url().endsWith(REGISTER_PATH));
  await page.getByRole("button", { name: "Create Account" }).click();
  expect((await registered).status()).toBe(201);

  await expect(page).toHaveURL(/\/$/);
  const menuButton = accountMenuButton(page, account.displayName);
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveText("A");
  await expect(loginLink(page)).toHaveCount(0);

  await page.reload();
  await expect(menuButton).toBeVisible();

  await menuButton.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/profile");
  // The saved-funds call may not exist yet: the item is there either way, with or without a count.
  await expect(menu.getByRole("menuitem", { name: /^Saved Funds/ })).toHaveAttribute("href", "/profile");
  // The header shows the visitor at once, before the server has answered: wait for its answer, or
  // the reload below can leave with the session cookie still set (seen in a clean-clone run).
  const loggedOut = page.waitForResponse((response) => response.url().endsWith("/_api/auth/logout"));
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(loginLink(page)).toBeVisible();
  await expect(menuButton).toHaveCount(0);
  expect((await loggedOut).status()).toBe(200);

  // Logged out on the server too, not just in this tab's cache.
  await page.reload();
  await expect(loginLink(page)).toBeVisible();

  await loginLink(page).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(menuButton).toBeVisible();
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(shared.email);
  await page.getByLabel("Password").fill("Wrong-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page).toHaveURL(/\/login$/);
});

test("registering a used e-mail again points to logging in", async ({ page }) => {
  await openRegister(page);
  await page.getByLabel("Display Name").fill("Someone Else");
  await page.getByLabel("Email").fill(shared.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toHaveText("This email is already registered. Please try logging in instead.");
});

test("the server's password rule is shown; the client only asks for 8 characters", async ({ page }) => {
  await openRegister(page);
  await expect(page.getByText("Password needs uppercase, lowercase and a number.")).toBeVisible();
  await expect(page.getByText(/may contain spaces, emojis and special characters/)).toBeVisible();
  await page.getByLabel("Display Name").fill("Lower Case");
  await page.getByLabel("Email").fill(uniqueEmail("rule"));
  await page.getByLabel("Password").fill("alllowercase1");
  const answered = page.waitForResponse((response) => response.url().endsWith(REGISTER_PATH));
  await page.getByRole("button", { name: "Create Account" }).click();
  expect((await answered).status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(
    "Password must contain an uppercase letter, a lowercase letter and a number.",
  );
});

test("the forms validate on blur and on submit without calling the server", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/_api/auth/")) calls.push(request.url());
  });
  await page.goto("/login");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password");

  // Blur: only the field that was left shows its message.
  await email.click();
  await password.click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Password is required")).toHaveCount(0);

  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText("Password is required")).toBeVisible();
  await email.fill("not-an-email");
  await email.blur();
  await expect(page.getByText("Email is required")).toBeVisible();
  await email.fill("ada@example.com");
  await expect(page.getByText("Email is required")).toHaveCount(0);

  await page.getByRole("link", { name: "Sign up" }).click();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Password").blur();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  expect(calls).toEqual([]);
});

test("while submitting, the inputs are disabled and the button says so", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${LOGIN_PATH}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.route(`**${REGISTER_PATH}`, async (route) => {
    await held;
    // Answered here: no registration is spent on this check.
    await route.fulfill({ status: 409, json: { error: "Email already in use", message: "Email already in use" } });
  });

  await page.goto("/login");
  await page.getByLabel("Email").fill(shared.email);
  await page.getByLabel("Password").fill("Wrong-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
  await expect(page.getByLabel("Email")).toBeDisabled();
  await expect(page.getByLabel("Password")).toBeDisabled();
  release();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page.getByLabel("Email")).toBeEnabled();

  let releaseRegister: () => void = () => {};
  const heldRegister = new Promise<void>((resolve) => {
    releaseRegister = resolve;
  });
  await page.unroute(`**${REGISTER_PATH}`);
  await page.route(`**${REGISTER_PATH}`, async (route) => {
    await heldRegister;
    await route.fulfill({ status: 409, json: { error: "Email already in use", message: "Email already in use" } });
  });
  await page.getByRole("link", { name: "Sign up" }).click();
  await page.getByLabel("Display Name").fill("Slow Network");
  await page.getByLabel("Email").fill(uniqueEmail("slow"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("button", { name: "Creating Account..." })).toBeDisabled();
  await expect(page.getByLabel("Display Name")).toBeDisabled();
  releaseRegister();
  await expect(page.getByRole("alert")).toHaveText("This email is already registered. Please try logging in instead.");
});

test("with a configured identity provider the page offers Continue with Google and an OR separator", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(page.getByText("OR", { exact: true })).toBeVisible();
});

test("without a configured identity provider there is no social button and no OR separator", async ({ page }) => {
  // The test server has a provider; serve this page as a server without one would.
  await page.route("**/login", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "&quot;signInProviders&quot;:[&quot;google&quot;]",
      "&quot;signInProviders&quot;:[]",
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
  await expect(page.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
  await expect(page.getByText("OR", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("main").getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
    "href",
    "/terms",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
});

test("the login page has no serious accessibility problems in either mode", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await expectNoSeriousViolations(page);
});

test("a signed-in user: the open menu is accessible, and /login sends them home", async ({ page, baseURL }) => {
  await signIn(page.request, baseURL, shared);
  await page.goto("/");
  const menuButton = accountMenuButton(page, shared.displayName);
  await expect(menuButton).toHaveText("G");
  await menuButton.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await expect(menuButton).toBeVisible();
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the login page fits and works", async ({ page }) => {
    await page.goto("/login");
    const submit = page.getByRole("button", { name: "Log In" });
    await expect(submit).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel("Email").fill(shared.email);
    await page.getByLabel("Password").fill("Wrong-password-1");
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");

    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
