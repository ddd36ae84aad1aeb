import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Viewer } from "../../src/server/auth/viewer.js";
import { MAX_SEARCH_LIMIT } from "../../src/shared/plans.js";
import {
  type FundSearchQuery,
  type FundSearchResponse,
  fundResultSchema,
  fundSearchResponseSchema,
  PREMIUM_FUND_FIELDS,
} from "../../src/shared/schemas/funds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const FIXTURES = [
  {
    name: "Alpha Seed Fintech",
    funding_stages: "seed",
    industry_focus: "fintech",
    leads_rounds: "true",
    website: "https://alpha.example",
    fund_manager: "Pat Example",
    linkedin: "https://www.linkedin.com/company/alpha-example",
    check_size_min_usd: "250000",
    check_size_max_usd: "1000000",
    fund_size: "50000000",
    currency: "USD",
  },
  {
    name: "Beta Generalist",
    funding_stages: "pre_seed;seed;series_a;series_b",
    industry_focus: "saas;ai_ml;fintech;gaming;iot;space",
    leads_rounds: "true",
  },
  { name: "Gamma Follower", funding_stages: "seed", industry_focus: "fintech;saas", leads_rounds: "false" },
  { name: "Delta Unknown", funding_stages: "seed;series_a", industry_focus: "fintech" },
  { name: "Zeta Twin", funding_stages: "series_a", industry_focus: "biotech" },
  { name: "Eta Twin", funding_stages: "series_a", industry_focus: "biotech" },
  { name: "Echo Berlin", country: "Germany", funding_stages: "series_b;growth", industry_focus: "biotech;fintech" },
  { name: "Kappa Paris", country: "France", funding_stages: "growth", industry_focus: "space" },
];

describe.each(TEST_DRIVERS)("funds API on %s", (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertFunds(t.testDatabase.database.db, FIXTURES);
    t.app.services.fundsIndex.invalidate();
  });
  afterAll(async () => t?.close());

  const search = (payload: unknown) =>
    t.app.inject({ method: "POST", url: "/_api/funds/search", payload: payload as Record<string, unknown> });

  it("sends kept answers compressed to clients that accept it, from copies made once", async () => {
    const calls = [
      { method: "POST" as const, url: "/_api/funds/search", payload: {} },
      { method: "POST" as const, url: "/_api/funds/search", payload: { limit: 3, fundingStage: "seed" } },
      { method: "GET" as const, url: `/_api/funds/${(await search({})).json().results[0].id}` },
    ];
    for (const call of calls) {
      const plain = await t.app.inject(call);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      // Below 1 KB an answer is sent as it is: the calls chosen here are above it.
      expect(plain.rawPayload.length, call.url).toBeGreaterThanOrEqual(1024);
      for (const encoding of ["br", "gzip"] as const) {
        const headers = { "accept-encoding": encoding === "br" ? "gzip, deflate, br, zstd" : "gzip" };
        const first = await t.app.inject({ ...call, headers });
        const again = await t.app.inject({ ...call, headers });
        expect(first.headers["content-encoding"], call.url).toBe(encoding);
        expect(String(first.headers.vary)).toContain("Accept-Encoding");
        expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
        const decoded = encoding === "br" ? brotliDecompressSync(first.rawPayload) : gunzipSync(first.rawPayload);
        expect(decoded.equals(plain.rawPayload), call.url).toBe(true);
        // The second answer is the kept copy, byte for byte.
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      }
      const refused = await t.app.inject({ ...call, headers: { "accept-encoding": "br;q=0, gzip;q=0, identity" } });
      expect(refused.headers["content-encoding"]).toBeUndefined();
      expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });

  it("lists the distinct countries that have funds, sorted", async () => {
    const response = await t.app.inject({ method: "GET", url: "/_api/countries" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ countries: ["France", "Germany", "Luxembourg"] });
  });

  it("matches every filter given: country, a stage in the fund's stages, an industry in its focus", async () => {
    const response = await search({ country: "Luxembourg", fundingStage: "seed", industryFocus: ["fintech"] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCount).toBe(4);
    expect(body.results.map((fund: { name: string }) => fund.name)).toEqual([
      "Alpha Seed Fintech",
      "Delta Unknown",
      "Gamma Follower",
    ]);
  });

  it("compares the country case-insensitively and ignores a blank one", async () => {
    expect((await search({ country: "  germany " })).json().totalCount).toBe(1);
    expect((await search({ country: "" })).json().totalCount).toBe(FIXTURES.length);
    expect((await search({ country: "Atlantis" })).json()).toEqual({ results: [], totalCount: 0 });
  });

  it("ranks by relevance and breaks ties by name", async () => {
    const body = (await search({ industryFocus: ["biotech"], fundingStage: "series_a" })).json();
    expect(body.results.map((fund: { name: string }) => fund.name)).toEqual(["Eta Twin", "Zeta Twin"]);
  });

  it("returns the earliest stage as fundingStage, with the fund's stages and match reasons", async () => {
    const body = (await search({ country: "Germany" })).json();
    expect(body.results[0]).toMatchObject({
      name: "Echo Berlin",
      fundingStage: "series_b",
      fundingStages: ["series_b", "growth"],
      industryFocus: ["biotech", "fintech"],
      country: "Germany",
      fundSize: null,
      matchReasons: ["Invests from Series B", "Focus: Biotech", "Based in Germany"],
      isPremium: true,
    });
  });

  it("gives a visitor the top 3 only, whatever limit and offset they ask for, counting every match", async () => {
    const all = (await search({})).json();
    expect(all.totalCount).toBe(FIXTURES.length);
    expect(all.results).toHaveLength(3);
    const paged = (await search({ limit: 50, offset: 3 })).json();
    expect(paged.results.map((fund: { id: number }) => fund.id)).toEqual(
      all.results.map((fund: { id: number }) => fund.id),
    );
    expect((await search({ limit: 1 })).json().results).toHaveLength(1);
    // Any positive whole limit is taken, however large: it is clamped to the viewer's page.
    for (const limit of [1000, 1e20]) {
      const large = await search({ limit });
      expect(large.statusCode).toBe(200);
      expect(large.json().results).toHaveLength(3);
    }
  });

  it("answers every search with the shape of fundSearchResponseSchema, and nothing more", async () => {
    const known = new Set(Object.keys(fundResultSchema.shape));
    for (const payload of [{}, { country: "Germany" }, { fundingStage: "seed", industryFocus: ["fintech"] }]) {
      const body = (await search(payload)).json();
      expect(fundSearchResponseSchema.parse(body)).toEqual(body);
      expect(Object.keys(body).sort()).toEqual(["results", "totalCount"]);
      for (const result of body.results) for (const key of Object.keys(result)) expect(known).toContain(key);
    }
    expect((await search({})).headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("never puts a premium field in a visitor's JSON", async () => {
    const response = await search({ country: "Luxembourg", fundingStage: "seed", industryFocus: ["fintech"] });
    for (const field of PREMIUM_FUND_FIELDS) expect(response.body).not.toContain(`"${field}"`);
    expect(response.body).not.toContain("alpha.example");
    expect(response.body).not.toContain("Pat Example");
    expect(response.body).not.toContain("Leads rounds");
    for (const fund of response.json().results) expect(fund.isPremium).toBe(true);
  });

  it("gives a subscriber every match, paged, with premium fields", async () => {
    const subscriber = {
      kind: "user",
      userId: 1,
      role: "user",
      subscriptionStatus: "active",
      subscriptionType: "monthly",
    } as const;
    const search = async (query: FundSearchQuery, viewer: Viewer): Promise<FundSearchResponse> =>
      JSON.parse(await t.app.services.funds.searchJson(query, viewer));
    const first = await search({ limit: 5 }, subscriber);
    const second = await search({ limit: 5, offset: 5 }, subscriber);
    expect(first.totalCount).toBe(FIXTURES.length);
    expect(first.results).toHaveLength(5);
    expect(second.results).toHaveLength(FIXTURES.length - 5);
    const ids = [...first.results, ...second.results].map((fund) => fund.id);
    expect(new Set(ids).size).toBe(FIXTURES.length);
    const alpha = first.results.find((fund) => fund.name === "Alpha Seed Fintech");
    expect(alpha).toMatchObject({
      isPremium: false,
      website: "https://alpha.example/",
      fundManager: "Pat Example",
      checkSizeMinUsd: 250_000,
      checkSizeMaxUsd: 1_000_000,
      leadsRounds: true,
    });
    expect(alpha?.matchReasons).toContain("Leads rounds");
    const index = await t.app.services.funds.current();
    const searchPage = vi.spyOn(index, "searchPage");
    try {
      expect((await search({ limit: 1000 }, subscriber)).results).toHaveLength(FIXTURES.length);
      expect(searchPage.mock.calls.at(-1)?.[1]).toMatchObject({ limit: MAX_SEARCH_LIMIT });
    } finally {
      searchPage.mockRestore();
    }
    const trialing = { ...subscriber, subscriptionStatus: "trialing" } as const;
    expect((await search({}, trialing)).results).toHaveLength(3);
  });

  it.each([
    [{ limit: 0 }, "limit must be a positive number."],
    [{ limit: -1 }, "limit must be a positive number."],
    [{ limit: 2.5 }, "limit must be a whole number."],
    [{ limit: "10" }, "limit must be a number."],
    [{ offset: -1 }, "offset must not be negative."],
    [{ fundingStage: "series_z" }, "Unknown funding stage 'series_z'"],
    [{ fundingStage: 3 }, "Unknown funding stage '3'"],
    [{ industryFocus: "fintech" }, "industryFocus must be a list of industry codes."],
    [{ industryFocus: ["alchemy"] }, "Unknown industry focus 'alchemy'."],
    [{ country: 42 }, "country must be a string."],
    [{ country: "x".repeat(101) }, "country must be at most 100 characters."],
    [{ sortBy: "name" }, "Unknown field(s) in the search: sortBy."],
    [{ sort: "name" }, "Unknown sort 'name'. Use one of: relevance, fund_size, recently_reviewed."],
    [[], "The search must be a JSON object."],
    [null, "The search must be a JSON object."],
  ])("answers 400 with a clear error for %j", async (payload, message) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it.each([
    ["{not json", "application/json", 400, "The request body is not valid JSON."],
    ["", "application/json", 400, "The request body is empty; send a JSON object."],
    ["country=France", "application/x-www-form-urlencoded", 415, "Unsupported content type; send application/json."],
    ['{"country": "France"}', "text/plain", 400, "The search must be a JSON object."],
  ])("refuses a malformed body %j (%s)", async (payload, contentType, status, message) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: { "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: message });
  });

  it("never answers 500, whatever the body", async () => {
    const bodies = [
      '{"country": {"$ne": null}}',
      '{"industryFocus": [null]}',
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {}}}',
      '{"country": "\\u0000"}',
      '{"country": "\' OR 1=1 --"}',
      `{"industryFocus": ${JSON.stringify(Array.from({ length: 60 }, () => "fintech"))}}`,
      '{"limit": 1e309}',
      '{"offset": 99999999999}',
      "[[[[[[[[[[]]]]]]]]]]",
      '"just a string"',
      "12",
    ];
    for (const payload of bodies) {
      const response = await t.app.inject({
        method: "POST",
        url: "/_api/funds/search",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBeLessThan(500);
      expect(response.json(), payload).toEqual(
        response.statusCode === 200
          ? expect.objectContaining({ totalCount: expect.any(Number) })
          : { error: expect.any(String) },
      );
    }
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/_api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "No API route GET /_api/nope" });
  });

  it("reports health with the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: driver });
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it("echoes a sane request id and replaces an unsafe one", async () => {
    const given = await t.app.inject({ method: "GET", url: "/_api/ping", headers: { "x-request-id": "abc-123" } });
    expect(given.headers["x-request-id"]).toBe("abc-123");
    const unsafe = await t.app.inject({ method: "GET", url: "/_api/ping", headers: { "x-request-id": "<script>" } });
    expect(unsafe.headers["x-request-id"]).not.toBe("<script>");
  });

  it("sees a change to the funds on the next search, even one made behind the app's back", async () => {
    await t.testDatabase.database.db.execute(
      sql`insert into funds (name, country, funding_stages, industry_focus) values ('Omega New', 'Iceland', '{seed}', '{space}')`,
    );
    await expect
      .poll(async () => (await search({ country: "Iceland" })).json().totalCount, { timeout: 20_000 })
      .toBe(1);
    await t.testDatabase.database.db.execute(sql`delete from funds where name = 'Omega New'`);
    await expect
      .poll(async () => (await search({ country: "Iceland" })).json().totalCount, { timeout: 20_000 })
      .toBe(0);
    expect((await t.app.inject({ method: "GET", url: "/_api/countries" })).json().countries).not.toContain("Iceland");
  });
});

describe("rate limiting, body limit, preview hosts and pages", () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "fundmatch-client-"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>FundMatch</title><div id=root></div>");
    t = await createTestApp(
      "pglite",
      {
        RATE_LIMIT_PER_MINUTE: "5",
        BODY_LIMIT: "2048",
        PREVIEW_HOSTS: "preview.example, .pages.example",
        PUBLIC_ORIGIN: "https://fundmatch.example",
      },
      { CLIENT_DIR: clientDir },
    );
  });
  afterAll(async () => t?.close());

  it("limits requests per IP with a clear 429", async () => {
    const statuses: number[] = [];
    let last = "";
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({ method: "GET", url: "/_api/ping", remoteAddress: "10.9.9.9" });
      statuses.push(response.statusCode);
      last = response.body;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
    expect(JSON.parse(last).error).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
    const otherIp = await t.app.inject({ method: "GET", url: "/_api/ping", remoteAddress: "10.9.9.10" });
    expect(otherIp.statusCode).toBe(200);
  });

  it("refuses a body over the limit with 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      remoteAddress: "10.0.0.2",
      payload: { country: "x".repeat(5000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "The request body is too large." });
  });

  it("sends a preview hostname to the public origin with the same path and query", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/?search=1&stage=seed",
      headers: { host: "my-branch.preview.example" },
    });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe("https://fundmatch.example/?search=1&stage=seed");
    const nested = await t.app.inject({ method: "GET", url: "/terms", headers: { host: "x.y.pages.example:8443" } });
    expect(nested.headers.location).toBe("https://fundmatch.example/terms");
  });

  it("never redirects localhost, the public host or API calls", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "fundmatch.example", "preview.example.evil.com"]) {
      const response = await t.app.inject({ method: "GET", url: "/", headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    const api = await t.app.inject({
      method: "GET",
      url: "/_api/countries",
      headers: { host: "a.preview.example" },
      remoteAddress: "10.0.0.3",
    });
    expect(api.statusCode).toBe(200);
  });

  it("serves the app for pages, with a 404 status for unknown paths, and JSON 404 for missing files", async () => {
    const home = await t.app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toContain("text/html");
    expect(home.headers["content-security-policy"]).toContain("default-src 'self'");
    const unknown = await t.app.inject({ method: "GET", url: "/no-such-page" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("<div id=root>");
    const asset = await t.app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ error: "Not found: /assets/missing.js" });
  });
});
