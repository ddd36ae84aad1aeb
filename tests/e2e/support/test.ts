import { test as base, type Page, type Response } from "@playwright/test";

export * from "@playwright/test";

/**
 * Waits until the app in the page is live. Server-rendered pages show their content before the
 * app's code runs; a click in that moment does nothing (as for a person on a slow network), so a
 * test must not click before the app marks the page (src/client/app/app.tsx).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"), undefined, {
    timeout: 15_000,
  });
}

/** An HTML page of the app itself (not the API's own pages, such as its reference at /_api/docs). */
function isAppPage(response: Response | null): boolean {
  if (!response?.headers()["content-type"]?.startsWith("text/html")) return false;
  return !new URL(response.url()).pathname.startsWith("/_api/");
}

/** Makes goto and reload wait for the app as well as for the page. */
export function waitForAppOnNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    if (isAppPage(response)) await waitForApp(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    if (isAppPage(response)) await waitForApp(page);
    return response;
  };
  return page;
}

/** Playwright's test, with a page whose navigations wait for the app (unless scripts are off). */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitForAppOnNavigation(page));
  },
});
