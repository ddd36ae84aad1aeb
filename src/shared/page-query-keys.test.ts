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

  it("reads keys as the browser does, so the render sees the search the browser will", () => {
    const url = "/?%73earch=1&q=caf%C3%A9&stage=seed&sort=newest&junk=%ZZ";
    const rendered = pageRenderUrl(url);
    const query = (value: string) => new URLSearchParams(value.slice(value.indexOf("?") + 1));
    expect(searchStateFromQuery(query(rendered))).toEqual(searchStateFromQuery(query(url)));
    expect(rendered).not.toContain("junk");
  });
});
