import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageRenderUrl } from "./page-query-keys.js";
import { searchStateFromQuery } from "./search-params.js";

describe("pageRenderUrl", () => {
  it("returns a URL without a query as it is", () => {
    const url = "/funds/12-alpha";
    expect(pageRenderUrl(url)).toBe(url);
  });

  it("drops every key of a page that reads none", () => {
    expect(pageRenderUrl("/blog?page=2&x=1")).toBe("/blog");
    expect(pageRenderUrl("/funds/12-alpha?utm_source=news")).toBe("/funds/12-alpha");
    expect(pageRenderUrl("/terms?")).toBe("/terms");
  });

  it("keeps the search keys of the home page, in their order, and drops the others", () => {
    expect(pageRenderUrl("/?x=random")).toBe("/");
    expect(pageRenderUrl("/?utm_source=a&search=1&country=France&x=1&country=Spain&q=fin+tech")).toBe(
      "/?search=1&country=France&country=Spain&q=fin+tech",
    );
  });

  it("keeps only whether an e-mailed link has its token, and only the outcomes the unsubscribe page knows", () => {
    expect(pageRenderUrl("/unsubscribe?token=secret.value&x=1")).toBe("/unsubscribe?token=");
    expect(pageRenderUrl("/unsubscribe?token=a&token=b")).toBe("/unsubscribe?token=");
    expect(pageRenderUrl("/unsubscribe?result=off-pipeline_reminders")).toBe(
      "/unsubscribe?result=off-pipeline_reminders",
    );
    expect(pageRenderUrl("/unsubscribe?result=made-up")).toBe("/unsubscribe");
    expect(pageRenderUrl("/unsubscribe?result=invalid&result=expired")).toBe("/unsubscribe?result=invalid");
  });

  it("keeps /profile's layout and status filter, only with values the page knows", () => {
    expect(pageRenderUrl("/profile?utm_source=x&view=board&status=contacted")).toBe(
      "/profile?view=board&status=contacted",
    );
    expect(pageRenderUrl("/profile?view=grid&status=anything")).toBe("/profile");
    expect(pageRenderUrl("/profile?view=board&view=list")).toBe("/profile?view=board");
  });

  it("keeps the match's profile keys and drops the others", () => {
    expect(pageRenderUrl("/match?utm_source=x&stage=seed&raise=%E2%82%AC3m&page=2")).toBe(
      "/match?stage=seed&raise=%E2%82%AC3m&page=2",
    );
    expect(pageRenderUrl("/match?x=1")).toBe("/match");
  });

  it("keeps on /login the sign-up mode, the fund and the way back its forms post along, and a known error code", () => {
    expect(pageRenderUrl("/login?mode=signup&save=42&next=%2Fmatch%3Fstage%3Dseed")).toBe(
      "/login?mode=signup&save=42&next=%2Fmatch%3Fstage%3Dseed",
    );
    expect(pageRenderUrl("/login?mode=other&next=/x")).toBe("/login?next=%2Fx");
    expect(pageRenderUrl("/login?error=credentials&error=x&utm=1")).toBe("/login?error=credentials");
    expect(pageRenderUrl("/login?error=made+up")).toBe("/login");
  });

  it("reads keys as the browser does, so the render sees the search the browser will", () => {
    const url = "/?%73earch=1&q=caf%C3%A9&stage=seed&sort=newest&junk=%ZZ";
    const rendered = pageRenderUrl(url);
    const query = (value: string) => new URLSearchParams(value.slice(value.indexOf("?") + 1));
    expect(searchStateFromQuery(query(rendered))).toEqual(searchStateFromQuery(query(url)));
    expect(rendered).not.toContain("junk");
  });
});

describe("the pages' declared query keys", () => {
  it("cover every client module that reads the query: a new reader must be declared or be listed here", () => {
    const root = path.resolve(import.meta.dirname, "../client");
    const readers = readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /useSearchParams\(|location\.search\b/.test(readFileSync(path.join(root, file), "utf8")))
      .map((file) => file.split(path.sep).join("/"))
      .sort();
    expect(readers).toEqual([
      // The header's section links on / copy the query (links only: React does not compare attributes when hydrating).
      "app/site-header.tsx",
      // A visitor's save prompt links back to the page it opened on (a dialog opened after hydration only).
      "components/save-fund-dialog.tsx",
      // Signed-in areas and the pages of e-mailed links, rendered in the browser only.
      "features/account/profile-page.tsx",
      "features/admin/funds-page.tsx",
      // The set-password and reset-password pages (one component reads their ?token=).
      "features/auth/components/password-link-page.tsx",
      // Server-rendered: the sign-up mode, the return address and fund its forms post along, and the
      // error code a form post without the app came back with (declared, with their rules).
      "features/auth/login-page.tsx",
      // Server-rendered: whether the link has a token, and the outcome (declared, with their rules).
      "features/email/unsubscribe-page.tsx",
      "features/funds/claim-verify-page.tsx",
      // The home page's search: its keys are declared (SEARCH_QUERY_KEYS).
      "features/funds/components/results-section.tsx",
      // A visitor's Save links to sign-up with the page as its return address (a link only: React
      // does not compare attributes when hydrating).
      "features/funds/components/save-fund-button.tsx",
      "features/funds/components/search-form.tsx",
      // In an effect only (the redirect to a fund's canonical path keeps the query), not in the render.
      "features/funds/fund-page.tsx",
      // The match's profile: its keys are declared (PROFILE_QUERY_KEYS).
      "features/match/match-page.tsx",
      // The start: the page's queries for the same URL the server rendered (app/page-queries.ts).
      "main.tsx",
    ]);
  });
});
