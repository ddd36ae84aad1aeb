import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

/**
 * What works before the app starts (issue 38): the home search a server renders from its URL (the
 * page's search asked with a POST through the API's own route, gated as the browser's would be),
 * and the form posts of the login page and the subscribe page: their redirects, their error codes,
 * their return addresses, and the API's cross-site check that refuses them from another site.
 */
const APP_ORIGIN = "https://fundmatch.example";

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>t</title></head><body><div id="root"></div></body></html>`;

/**
 * A stand-in for the client's server bundle that asks the home page's search the way the real one
 * does (a POST body through fetchApi) and echoes what came back: status, count, results, withheld.
 */
const ENTRY = `
export default {
  configure() {},
  async answers(url, fetchApi) {
    const answers = [];
    const session = await fetchApi("/_api/auth/session");
    answers.push({ url: "/_api/auth/session", status: session.status, text: session.text });
    const params = new URLSearchParams(url.split("?")[1] ?? "");
    if (params.has("search")) {
      const body = { limit: 24, ...(params.get("country") ? { country: params.get("country") } : {}) };
      const search = await fetchApi("/_api/funds/search", body);
      answers.push({ url: "/_api/funds/search", status: search.status, text: search.text });
    }
    return { answers, setCookie: [] };
  },
  async render(url, answers) {
    const search = answers.find((answer) => answer.url === "/_api/funds/search");
    if (!search) return { html: "<p>no search</p>", parts: [] };
    const json = JSON.parse(search.text);
    const shown = (json.results ?? []).length;
    return { html: "<p>search " + search.status + " total " + json.totalCount + " shown " + shown + "</p>", parts: [] };
  },
};
`;

function buildDirs(): { clientDir: string; entry: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "fundmatch-first-paint-"));
  const clientDir = path.join(dir, "client");
  mkdirSync(path.join(clientDir, ".vite"), { recursive: true });
  writeFileSync(path.join(clientDir, "index.html"), TEMPLATE);
  writeFileSync(path.join(clientDir, ".vite", "manifest.json"), "{}");
  const entry = path.join(dir, "entry-server.mjs");
  writeFileSync(entry, ENTRY);
  return { clientDir, entry };
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const SAME_SITE = { ...FORM, origin: APP_ORIGIN, "sec-fetch-site": "same-origin", accept: "text/html" };

describe.each(TEST_DRIVERS)("pages that work before the app starts (%s)", (driver) => {
  let t: TestApp;
  let ip = 0;
  const post = (url: string, body: Record<string, string>, headers: Record<string, string> = SAME_SITE) =>
    t.app.inject({
      method: "POST",
      url,
      headers,
      payload: new URLSearchParams(body).toString(),
      remoteAddress: `10.9.0.${++ip % 250}`,
    });
  const sessionCookie = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value;

  beforeAll(async () => {
    const { clientDir, entry } = buildDirs();
    t = await createTestApp(driver, { PUBLIC_ORIGIN: APP_ORIGIN }, { CLIENT_DIR: clientDir, SSR_ENTRY: entry });
    await insertFunds(
      t.testDatabase.database.db,
      ["One", "Two", "Three", "Four", "Five"].map((name) => ({ name: `${name} Ventures`, country: "Germany" })),
    );
    t.app.services.fundsIndex.invalidate();
  });
  afterAll(async () => t?.close());

  it("renders the home search in the URL with the visitor's top 3 of the 5 that match", async () => {
    const response = await t.app.inject({ method: "GET", url: "/?search=1&country=Germany" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<p>search 200 total 5 shown 3</p>");
    // The answer the page was rendered with goes along for the browser to start from.
    expect(response.body).toContain('"url":"/_api/funds/search","status":200');
  });

  it("answers a search URL with values it does not know with a page, not an error", async () => {
    const response = await t.app.inject({ method: "GET", url: "/?search=1&stage=%3Cscript%3E&industry=x&sort=y" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("<script>x");
  });

  describe("the login form", () => {
    const account = { email: `form-${Date.now()}@example.com`, password: "Form-pass-1", displayName: "Form" };

    it("signs up with a form post: a session and a 303 to the checked return address", async () => {
      const response = await post("/_api/auth/register_form", { ...account, next: "/?search=1&country=Germany" });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/?search=1&country=Germany");
      expect(sessionCookie(response)).toBeTruthy();
    });

    it("sends a refused sign-up back to the page with a code it shows", async () => {
      const taken = await post("/_api/auth/register_form", account);
      expect(taken.statusCode).toBe(303);
      expect(taken.headers.location).toBe("/login?mode=signup&error=exists");
      expect(sessionCookie(taken)).toBeUndefined();
      const weak = await post("/_api/auth/register_form", { ...account, email: "weak@example.com", password: "short" });
      expect(weak.headers.location).toBe("/login?mode=signup&error=password");
      const noName = await post("/_api/auth/register_form", { ...account, email: "n@example.com", displayName: "" });
      expect(noName.headers.location).toBe("/login?mode=signup&error=name");
    });

    it("logs in with a form post and goes home; a wrong password comes back with its code", async () => {
      const ok = await post("/_api/auth/login_form", { email: account.email, password: account.password });
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe("/");
      expect(sessionCookie(ok)).toBeTruthy();
      const wrong = await post("/_api/auth/login_form", {
        email: account.email,
        password: "Wrong-pass-1",
        next: "/subscribe",
      });
      expect(wrong.statusCode).toBe(303);
      expect(wrong.headers.location).toBe("/login?next=%2Fsubscribe&error=credentials");
      expect(sessionCookie(wrong)).toBeUndefined();
      const empty = await post("/_api/auth/login_form", {});
      expect(empty.headers.location).toBe("/login?error=login-input");
    });

    it("never leads elsewhere: a return address off this site is dropped", async () => {
      for (const next of [
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
        "javascript:alert(1)",
        "/login",
      ]) {
        const response = await post("/_api/auth/login_form", {
          email: account.email,
          password: account.password,
          next,
        });
        expect(response.headers.location, next).toBe("/");
      }
    });

    it("answers a form post over its route's limit with the page and a code, never the API's JSON", async () => {
      // One address, past the password check's 20 a minute: a page back to the form says why.
      const from = (body: Record<string, string>, url: string) =>
        t.app.inject({
          method: "POST",
          url,
          headers: SAME_SITE,
          payload: new URLSearchParams(body).toString(),
          remoteAddress: "10.77.0.1",
        });
      let limited: Awaited<ReturnType<typeof from>> | undefined;
      for (let attempt = 0; attempt < 40 && !limited; attempt += 1) {
        // Other addresses each time: the per-account throttle (ADR 0059) is not what is tried here.
        const email = `nobody-${attempt}@example.com`;
        const response = await from({ email, password: "Wrong-pass-1" }, "/_api/auth/login_form");
        if (response.headers.location === "/login?error=too-many") limited = response;
        else expect(response.headers.location).toBe("/login?error=credentials");
      }
      expect(limited?.statusCode).toBe(303);
      expect(limited?.headers["content-type"] ?? "").not.toContain("json");
      expect(limited?.headers["retry-after"]).toBeDefined();
      expect(sessionCookie(limited as NonNullable<typeof limited>)).toBeUndefined();
      // Registration's limit (10 in 10 minutes) the same way, back to the sign-up form.
      let signUp: Awaited<ReturnType<typeof from>> | undefined;
      for (let attempt = 0; attempt < 20 && !signUp; attempt += 1) {
        const response = await from({ ...account, email: `limit-${attempt}@example.com` }, "/_api/auth/register_form");
        if (response.headers.location === "/login?mode=signup&error=too-many") signUp = response;
      }
      expect(signUp?.statusCode).toBe(303);
      // Nothing else changed its answer: a malformed JSON call to the API still gets JSON.
      const json = await t.app.inject({
        method: "POST",
        url: "/_api/auth/login",
        payload: "{",
        headers: { "content-type": "application/json" },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toHaveProperty("error");
    });

    it("refuses a form posted from another site before reading it", async () => {
      for (const route of ["/_api/auth/login_form", "/_api/auth/register_form", "/_api/stripe/checkout_form"]) {
        const response = await post(
          route,
          { email: account.email, password: account.password, plan: "monthly" },
          { ...FORM, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        );
        expect(response.statusCode, route).toBe(403);
        expect(response.json(), route).toEqual({ error: "Cross-site request refused." });
        expect(sessionCookie(response), route).toBeUndefined();
      }
    });
  });

  describe("the subscribe form", () => {
    it("sends the checkout window to the checkout", async () => {
      const response = await post("/_api/stripe/checkout_form", { plan: "monthly", email: "guest@example.com" });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^https?:\/\//);
    });

    it("answers a bad plan or e-mail with the popup page that says so", async () => {
      const plan = await post("/_api/stripe/checkout_form", { plan: "weekly", email: "guest@example.com" });
      expect(plan.statusCode).toBe(200);
      expect(plan.body).toContain("Plan must be monthly or lifetime.");
      const email = await post("/_api/stripe/checkout_form", { plan: "monthly", email: "not an address" });
      expect(email.statusCode).toBe(200);
      expect(email.body).toContain("stripe-checkout-error");
    });
  });
});
