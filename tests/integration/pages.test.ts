import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { faqItems } from "../../src/shared/faq.js";
import { fundStatsSchema } from "../../src/shared/schemas/admin-data.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { insertFunds } from "../support/funds.js";

/** Shaped like Vite's build of src/client/index.html. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="The build's own description."
    />
    <title>Build title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

function clientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fundmatch-pages-"));
  writeFileSync(path.join(dir, "index.html"), TEMPLATE);
  return dir;
}

describe("pages served with their head, robots.txt and sitemap", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      "pglite",
      {
        PUBLIC_ORIGIN: "https://fundmatch.example",
        GTM_ID: "GTM-TEST123",
        GTM_SCRIPT_URL: "http://127.0.0.1:3218/gtm.js",
      },
      { CLIENT_DIR: clientDir() },
    );
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("writes the home page's title, description and canonical link into the HTML", async () => {
    const response = await get("/");
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Find Your Perfect VC Match | Venture Capital Fund Matching</title>");
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="FundMatch matches startup founders');
    expect(html).toContain('<link rel="canonical" href="https://fundmatch.example/" />');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it("writes the FAQ with the counted numbers of the data into the home page's structured data", async () => {
    await insertFunds(t.testDatabase.database.db, [
      { name: "Counted One", website: "https://one.example", fund_size: "1000000", currency: "USD" },
      { name: "Counted Two", country: "France" },
    ]);
    t.app.services.fundsIndex.invalidate();
    const stats = fundStatsSchema.parse((await get("/_api/funds/stats")).json());
    const html = (await get("/")).body;
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
    const answers = JSON.parse(jsonLd).mainEntity.map(
      (item: { acceptedAnswer: { text: string } }) => item.acceptedAnswer.text,
    );
    const coverage = faqItems(stats).find((item) => item.id === "coverage")?.answer;
    expect(answers).toContain(coverage);
    expect(coverage).toContain(`Our database covers ${stats.totalFunds} funds in ${stats.countries} countries`);
    expect(html).not.toMatch(/\d00\+|bi-weekly/);
  });

  it("marks the legal pages noindex, the privacy page with follow and a canonical link", async () => {
    const terms = (await get("/terms")).body;
    expect(terms).toContain("<title>Terms of Service | Venture Capital Fund Matching</title>");
    expect(terms).toContain('<meta name="robots" content="noindex" />');
    const privacy = (await get("/privacy")).body;
    expect(privacy).toContain("<title>Privacy Policy | Venture Capital Fund Matching</title>");
    expect(privacy).toContain('<meta name="robots" content="noindex, follow" />');
    expect(privacy).toContain('<link rel="canonical" href="https://fundmatch.example/privacy" />');
  });

  it("answers an unknown path with 404 and a noindex Not Found head", async () => {
    const response = await get("/no/such/page");
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("<title>Page Not Found | Venture Capital Fund Matching</title>");
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
  });

  it("redirects /privacy-policy permanently to /privacy, keeping the query", async () => {
    const plain = await get("/privacy-policy");
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe("/privacy");
    expect((await get("/privacy-policy?ref=banner")).headers.location).toBe("/privacy?ref=banner");
  });

  it("gives the client its tag-manager configuration, escaped, and lets the CSP load it", async () => {
    const response = await get("/");
    const match = /<meta name="app-config" content="([^"]*)" \/>/.exec(response.body);
    const json = (match?.[1] ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    expect(JSON.parse(json)).toEqual({
      gtmId: "GTM-TEST123",
      gtmScriptUrl: "http://127.0.0.1:3218/gtm.js?id=GTM-TEST123",
      signInProviders: ["demo"],
      paymentsMode: "demo",
      stripePublishableKey: null,
      aiWriterMode: "demo",
    });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:3218/);
    expect(csp).toContain("https://*.google-analytics.com");
  });

  it("lists crawl rules and the indexable pages", async () => {
    const robots = await get("/robots.txt");
    expect(robots.headers["content-type"]).toContain("text/plain");
    expect(robots.body).toContain("Disallow: /_api/");
    expect(robots.body).toContain("Sitemap: https://fundmatch.example/sitemap.xml");
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    expect(sitemap.body).toContain("<loc>https://fundmatch.example/</loc>");
    expect(sitemap.body).not.toContain("/terms");
  });
});

describe("without a tag manager", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {}, { CLIENT_DIR: clientDir() });
  });
  afterAll(async () => t?.close());

  it("tells the client there is none and allows no third-party script", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: { host: "localhost:3000" } });
    expect(response.body).toContain(
      'content="{&quot;gtmId&quot;:null,&quot;gtmScriptUrl&quot;:null,&quot;signInProviders&quot;:[&quot;demo&quot;],&quot;paymentsMode&quot;:&quot;demo&quot;,&quot;stripePublishableKey&quot;:null,&quot;aiWriterMode&quot;:&quot;demo&quot;}"',
    );
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:3000/" />');
    expect(String(response.headers["content-security-policy"])).toContain("script-src 'self';");
  });

  it("refuses a malformed GTM_ID at start-up, naming it", () => {
    expect(() => loadConfig({ GTM_ID: "UA-12345" })).toThrow(ConfigError);
    expect(() => loadConfig({ GTM_ID: "UA-12345" })).toThrow(/GTM_ID: must look like GTM-XXXXXXX/);
  });
});
