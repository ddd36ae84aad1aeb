import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds, users } from "../../src/server/db/schema/index.js";
import type { FundRow } from "../../src/server/db/types.js";
import { relevanceScore } from "../../src/server/funds/scoring.js";
import { textFit, wordsOf } from "../../src/server/funds/text-match.js";
import { SEARCH_SORTS } from "../../src/shared/advanced-search.js";
import { toUsd } from "../../src/shared/currency-rates.js";
import { stagesForRaise } from "../../src/shared/raise-stages.js";
import { REGION_CODES, regionOfCountryCode } from "../../src/shared/regions.js";
import { type FundResult, fundSearchResponseSchema, PREMIUM_FUND_FIELDS } from "../../src/shared/schemas/funds.js";
import { STAGE_CODES } from "../../src/shared/stages.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { type FundFixture, insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

/**
 * The advanced filters of POST /_api/funds/search against a brute-force filter written here, over
 * the same rows as the database holds them: every generated combination must return exactly the
 * funds the brute force finds, in an order its sort allows.
 */

const COUNTRIES: Array<{ country: string; code?: string }> = [
  { country: "United States", code: "US" },
  { country: "Canada", code: "CA" },
  { country: "Mexico", code: "MX" },
  { country: "Brazil", code: "BR" },
  { country: "Germany", code: "DE" },
  { country: "France", code: "FR" },
  { country: "United Kingdom", code: "GB" },
  { country: "Iceland", code: "IS" },
  { country: "Japan", code: "JP" },
  { country: "India", code: "IN" },
  { country: "Australia", code: "AU" },
  { country: "Nigeria", code: "NG" },
  { country: "United Arab Emirates", code: "AE" },
  { country: "Israel", code: "IL" },
  // A real country in no region (the import only takes real countries).
  { country: "Antarctica", code: "AQ" },
];
const INDUSTRIES = ["fintech", "saas", "ai_ml", "biotech", "climate_sustainability", "space"] as const;
const NAME_WORDS = ["Alpha", "Nordic", "Café", "Climate", "Deep", "Seedling", "Orbit", "Harbor", "Zeta", "Fin"];
const DESCRIPTION_WORDS = ["backs", "fintech", "founders", "ökosystem", "robots", "climate", "health", "b2b", "a16z"];
const CURRENCIES = ["USD", "EUR", "ISK", "GBP", "XYZ"];
const DATES = ["2026-11-21", "2026-10-02", "2025-06-30", "2026-01-15"];

/** A small seeded generator, so that the fixture set is the same on every run. */
function* generator(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

function fixtures(count: number): FundFixture[] {
  const random = generator(42);
  const next = () => random.next().value as number;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const subset = <T>(items: readonly T[], min: number): T[] => {
    const chosen = items.filter(() => next() < 0.35);
    return chosen.length >= min ? chosen : [pick(items)];
  };
  return Array.from({ length: count }, (_, index) => {
    const place = pick(COUNTRIES);
    const hasSize = next() < 0.7;
    const cheque = next();
    const min = [100_000, 250_000, 500_000, 1_000_000][Math.floor(next() * 4)] as number;
    const leads = next();
    return {
      name: `${pick(NAME_WORDS)} ${pick(["Ventures", "Capital", "Partners"])} ${index}`,
      country: place.country,
      country_code: place.code ?? "",
      funding_stages: subset(STAGE_CODES, 1).join(";"),
      industry_focus: subset(INDUSTRIES, 1).join(";"),
      fund_size: hasSize ? String(Math.round(next() * 900 + 10) * 1_000_000) : "",
      currency: hasSize ? pick(CURRENCIES) : "",
      check_size_min_usd: cheque < 0.7 ? String(min) : "",
      check_size_max_usd: cheque < 0.5 || cheque > 0.85 ? String(min * (2 + Math.floor(next() * 8))) : "",
      leads_rounds: leads < 0.5 ? "true" : leads < 0.7 ? "false" : "",
      description: next() < 0.85 ? `${pick(DESCRIPTION_WORDS)} and ${pick(DESCRIPTION_WORDS)} since ${index}.` : "",
      source: index % 5 === 0 ? "partner-list.csv" : "curated",
      last_reviewed: pick(DATES),
    };
  });
}

const FIXTURES = fixtures(90);

type Search = {
  country?: string;
  fundingStage?: string;
  industryFocus?: string[];
  fundingStages?: string[];
  countries?: string[];
  regions?: string[];
  raiseAmountUsd?: number;
  leadsRounds?: true;
  fundSizeMinUsd?: number;
  fundSizeMaxUsd?: number;
  query?: string;
  sort?: (typeof SEARCH_SORTS)[number];
};

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
const words = (text: string | null) =>
  text
    ? fold(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
    : [];

/** The brute force: every fund, every filter, one at a time, written from the API's documentation. */
function bruteForce(rows: readonly FundRow[], search: Search): FundRow[] {
  return rows.filter((row) => {
    const countryKey = row.country.trim().toLowerCase();
    if (search.country?.trim() && countryKey !== search.country.trim().toLowerCase()) return false;
    if (search.fundingStage && !row.fundingStages.includes(search.fundingStage)) return false;
    if (search.industryFocus?.length && !search.industryFocus.some((code) => row.industryFocus.includes(code)))
      return false;
    if (search.fundingStages?.length && !search.fundingStages.some((stage) => row.fundingStages.includes(stage)))
      return false;
    if (search.countries?.length && !search.countries.some((name) => name.trim().toLowerCase() === countryKey))
      return false;
    if (search.regions?.length) {
      const region = regionOfCountryCode(row.countryCode);
      if (!region || !search.regions.includes(region)) return false;
    }
    if (search.raiseAmountUsd !== undefined) {
      // A known end that excludes the raise drops the fund; an unknown range keeps it when its stages
      // fit (the stage filter, or without one the stages the raise plausibly is).
      const { checkSizeMinUsd: min, checkSizeMaxUsd: max } = row;
      const raise = search.raiseAmountUsd;
      if ((min !== null && raise < min) || (max !== null && raise > max)) return false;
      const covers = min !== null && max !== null;
      const stageFiltered = Boolean(search.fundingStage) || Boolean(search.fundingStages?.length);
      if (!covers && !stageFiltered && row.fundingStages.length > 0) {
        if (!stagesForRaise(raise).some((stage) => row.fundingStages.includes(stage))) return false;
      }
    }
    if (search.leadsRounds && row.leadsRounds !== true) return false;
    if (search.fundSizeMinUsd !== undefined || search.fundSizeMaxUsd !== undefined) {
      const usd = toUsd(row.fundSize, row.currency);
      if (usd === null) return false;
      if (search.fundSizeMinUsd !== undefined && usd < search.fundSizeMinUsd) return false;
      if (search.fundSizeMaxUsd !== undefined && usd > search.fundSizeMaxUsd) return false;
    }
    if (search.query?.trim()) {
      const fundWords = [...words(row.name), ...words(row.description)];
      if (!words(search.query).every((word) => fundWords.some((fundWord) => fundWord.includes(word)))) return false;
    }
    return true;
  });
}

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 });
const list = <T>(items: readonly T[]) => fc.subarray([...items], { minLength: 1 });

const searchArbitrary: fc.Arbitrary<Search> = fc
  .record({
    country: optional(fc.constantFrom("Germany", " germany ", "Antarctica", "Atlantis", "")),
    fundingStage: optional(fc.constantFrom(...STAGE_CODES)),
    industryFocus: optional(list(INDUSTRIES)),
    fundingStages: optional(list(STAGE_CODES)),
    countries: optional(list([...COUNTRIES.map((place) => place.country), "ICELAND", "Atlantis"])),
    regions: optional(list(REGION_CODES)),
    raiseAmountUsd: optional(fc.constantFrom(100_000, 250_000, 300_000, 999_999, 2_000_000, 5_000_000, 1e9)),
    leadsRounds: optional(fc.constant(true as const)),
    fundSizeMinUsd: optional(fc.constantFrom(0, 50_000_000, 200_000_000, 500_000_000)),
    fundSizeMaxUsd: optional(fc.constantFrom(100_000_000, 400_000_000, 1e12)),
    query: optional(
      fc.oneof(
        fc.constantFrom("alpha", "CAFE", "café", "tech", "okosystem", "Fin backs", "a16z", "ventures 1", "zzz", "  "),
        fc.string({ maxLength: 6 }),
      ),
    ),
    sort: optional(fc.constantFrom(...SEARCH_SORTS)),
  })
  .map((search) => {
    // A bound pair in the wrong order is a 400 (tested apart); here the bounds are put in order.
    if (
      search.fundSizeMinUsd !== undefined &&
      search.fundSizeMaxUsd !== undefined &&
      search.fundSizeMinUsd > search.fundSizeMaxUsd
    ) {
      return { ...search, fundSizeMinUsd: search.fundSizeMaxUsd, fundSizeMaxUsd: search.fundSizeMinUsd };
    }
    return search;
  })
  .map((search) => Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as Search);

describe.each(TEST_DRIVERS)("advanced search on %s", (driver) => {
  let t: TestApp;
  let rows: FundRow[];
  let subscriberCookie = "";
  let memberCookie = "";

  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: "0" });
    const db = t.testDatabase.database.db;
    await insertFunds(db, FIXTURES);
    t.app.services.fundsIndex.invalidate();
    rows = await db.select().from(funds).orderBy(asc(funds.id));
    const register = async (email: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/_api/auth/register_with_password",
        payload: { email, password: "Sup3rSecret1", displayName: email.split("@")[0] },
      });
      const cookie = response.cookies.find((item) => item.name === "fundmatch_session");
      if (!cookie) throw new Error(`could not register ${email}`);
      return `fundmatch_session=${cookie.value}`;
    };
    subscriberCookie = await register("subscriber@example.com");
    memberCookie = await register("member@example.com");
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "monthly" })
      .where(eq(users.email, "subscriber@example.com"));
  });
  afterAll(async () => t?.close());

  const search = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });

  it("finds exactly the funds a brute-force filter finds, for every combination, in an order its sort allows", async () => {
    await fc.assert(
      fc.asyncProperty(searchArbitrary, async (query) => {
        const response = await search({ ...query, limit: 100 }, subscriberCookie);
        expect(response.statusCode, JSON.stringify(query)).toBe(200);
        const body = fundSearchResponseSchema.parse(response.json());
        const expected = bruteForce(rows, query);
        expect(body.totalCount, JSON.stringify(query)).toBe(expected.length);
        expect(body.results.map((fund) => fund.id).sort((a, b) => a - b)).toEqual(
          expected.map((row) => row.id).sort((a, b) => a - b),
        );
        assertOrder(body.results, rows, query);
      }),
      { numRuns: 150, seed: 20261124 },
    );
  });

  it("checks each advanced filter alone as well", async () => {
    const singles: Search[] = [
      { industryFocus: ["fintech", "space"] },
      { fundingStages: ["seed", "growth"] },
      { countries: ["Germany", "Japan"] },
      ...REGION_CODES.map((region) => ({ regions: [region] })),
      { raiseAmountUsd: 300_000 },
      { leadsRounds: true },
      { fundSizeMinUsd: 200_000_000 },
      { fundSizeMaxUsd: 300_000_000 },
      { query: "café" },
      { sort: "fund_size" },
      { sort: "recently_reviewed" },
    ];
    for (const query of singles) {
      const body = (await search({ ...query, limit: 100 }, subscriberCookie)).json();
      const expected = bruteForce(rows, query);
      expect(body.totalCount, JSON.stringify(query)).toBe(expected.length);
      if (!query.sort) expect(expected.length, JSON.stringify(query)).toBeLessThan(rows.length);
    }
  });

  it("places each fund in its region by its country code; a fund in no region never matches a region", async () => {
    const body = (await search({ regions: [...REGION_CODES], limit: 100 }, subscriberCookie)).json();
    const names = body.results.map((fund: FundResult) => fund.country);
    expect(names).not.toContain("Antarctica");
    expect(body.totalCount).toBe(rows.filter((row) => row.country !== "Antarctica").length);
    const europe = (await search({ regions: ["europe"], limit: 100 }, subscriberCookie)).json();
    expect(new Set(europe.results.map((fund: FundResult) => fund.country))).toEqual(
      new Set(["Germany", "France", "United Kingdom", "Iceland"]),
    );
    const latin = (await search({ regions: ["latin_america"], limit: 100 }, subscriberCookie)).json();
    expect(new Set(latin.results.map((fund: FundResult) => fund.country))).toEqual(new Set(["Mexico", "Brazil"]));
  });

  it("compares fund sizes in other currencies through the fixed rates, and leaves unknown currencies out", async () => {
    const body = (await search({ fundSizeMinUsd: 0, limit: 100 }, subscriberCookie)).json();
    expect(body.results.every((fund: FundResult) => fund.currency !== "XYZ" && fund.fundSize !== null)).toBe(true);
    const iceland = rows.find((row) => row.currency === "ISK" && row.fundSize !== null);
    if (iceland?.fundSize) {
      const usd = (toUsd(iceland.fundSize, "ISK") as number) + 1;
      // An ISK amount is far smaller in USD than its face value.
      expect(usd).toBeLessThan(iceland.fundSize);
      const ids = (await search({ fundSizeMaxUsd: usd, limit: 100 }, subscriberCookie))
        .json()
        .results.map((fund: FundResult) => fund.id);
      expect(ids).toContain(iceland.id);
    }
  });

  it("ranks a name match above a description-only match, and says why", async () => {
    const body = (await search({ query: "climate", limit: 100 }, subscriberCookie)).json();
    const results = body.results as FundResult[];
    const firstDescriptionOnly = results.findIndex((fund) => !fold(fund.name).includes("climate"));
    const lastNameMatch = results.findLastIndex((fund) => fold(fund.name).includes("climate"));
    if (firstDescriptionOnly !== -1 && lastNameMatch !== -1) expect(lastNameMatch).toBeLessThan(firstDescriptionOnly);
    const named = results.find((fund) => fold(fund.name).includes("climate"));
    expect(named?.matchReasons).toContain("Name matches “climate”");
    const described = results.find((fund) => !fold(fund.name).includes("climate"));
    if (described) expect(described.matchReasons).toContain("Mentions “climate”");
  });

  it("explains the raise and the cheque range to a subscriber", async () => {
    const body = (await search({ raiseAmountUsd: 300_000, limit: 100 }, subscriberCookie)).json();
    for (const fund of (body.results as FundResult[]).filter((result) => result.chequeFit === "covers")) {
      expect(fund.checkSizeMinUsd).toBeLessThanOrEqual(300_000);
      expect(fund.checkSizeMaxUsd).toBeGreaterThanOrEqual(300_000);
      expect(fund.matchReasons.some((reason) => reason.endsWith("fits your raise"))).toBe(true);
    }
    for (const fund of (body.results as FundResult[]).filter((result) => result.chequeFit === "unknown")) {
      expect(fund.checkSizeMinUsd === null || fund.checkSizeMaxUsd === null).toBe(true);
      expect(fund.matchReasons.some((reason) => reason.endsWith("fits your raise"))).toBe(false);
    }
  });

  it("carries lastReviewed and source on every result, for everyone", async () => {
    for (const cookie of [undefined, memberCookie, subscriberCookie]) {
      const body = (await search({ limit: 100 }, cookie)).json();
      for (const fund of body.results as FundResult[]) {
        const row = rows.find((candidate) => candidate.id === fund.id);
        expect(fund.lastReviewed).toBe(row?.lastReviewed);
        expect(fund.source).toBe(row?.source);
      }
    }
  });

  it.each([
    ["several industries", { industryFocus: ["fintech", "saas"] }],
    ["several stages", { fundingStages: ["seed"] }],
    ["countries", { countries: ["Germany"] }],
    ["a region", { regions: ["europe"] }],
    ["a raise amount", { raiseAmountUsd: 500_000 }],
    ["leads rounds", { leadsRounds: true }],
    ["a minimum fund size", { fundSizeMinUsd: 0 }],
    ["a maximum fund size", { fundSizeMaxUsd: 1e9 }],
    ["a text query", { query: "alpha" }],
    ["a sort by fund size", { sort: "fund_size" }],
    ["a sort by review date", { sort: "recently_reviewed" }],
    ["basic and advanced together", { country: "Germany", industryFocus: ["fintech"], leadsRounds: true }],
  ])("refuses %s to a visitor and a free member with 402 and nothing else", async (_name, payload) => {
    for (const cookie of [undefined, memberCookie]) {
      const response = await search(payload, cookie);
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ error: "subscription_required" });
    }
    expect((await search(payload, subscriberCookie)).statusCode).toBe(200);
  });

  it("keeps the basic search everyone's: one industry, a stage, a country, relevance order, empty lists", async () => {
    for (const payload of [
      { country: "Germany", fundingStage: "seed", industryFocus: ["fintech"] },
      { industryFocus: ["fintech", "fintech"] },
      { sort: "relevance" },
      { fundingStages: [], countries: [], regions: [], query: "   " },
    ]) {
      const response = await search(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(200);
      const body = response.json();
      expect(body.results.length).toBeLessThanOrEqual(3);
      for (const field of PREMIUM_FUND_FIELDS) expect(response.body).not.toContain(`"${field}"`);
    }
  });

  it("a subscription that is not active (trialing, canceled) gets the 402 too", async () => {
    // Changed behind the app's back, as another instance would: each search waits for the eviction.
    for (const status of ["trialing", "canceled", "past_due"]) {
      await changeUserBehindTheApp(t.app, "subscriber@example.com", { subscriptionStatus: status });
      expect((await search({ leadsRounds: true }, subscriberCookie)).statusCode, status).toBe(402);
    }
    await changeUserBehindTheApp(t.app, "subscriber@example.com", { subscriptionStatus: "active" });
    expect((await search({ leadsRounds: true }, subscriberCookie)).statusCode).toBe(200);
  });

  it.each([
    [{ fundingStages: "seed" }, "fundingStages must be a list of stage codes."],
    [{ fundingStages: ["series_z"] }, "Unknown funding stage 'series_z'"],
    [{ countries: "Germany" }, "countries must be a list of country names."],
    [{ countries: [""] }, "countries must not contain an empty name."],
    [{ countries: [42] }, "countries must be a list of country names."],
    [{ countries: Array.from({ length: 101 }, (_, index) => `C${index}`) }, "countries has too many entries"],
    [{ regions: ["oceania"] }, "Unknown region 'oceania'. Use one of: north_america"],
    [{ regions: "europe" }, "regions must be a list of region codes."],
    [{ raiseAmountUsd: 0 }, "raiseAmountUsd must be a positive number."],
    [{ raiseAmountUsd: -5 }, "raiseAmountUsd must be a positive number."],
    [{ raiseAmountUsd: "500000" }, "raiseAmountUsd must be a number (US dollars)."],
    [{ raiseAmountUsd: 1e14 }, "raiseAmountUsd must be at most"],
    [{ leadsRounds: false }, "leadsRounds can only be true"],
    [{ leadsRounds: "true" }, "leadsRounds can only be true"],
    [{ fundSizeMinUsd: -1 }, "fundSizeMinUsd must not be negative."],
    [{ fundSizeMinUsd: 10, fundSizeMaxUsd: 5 }, "fundSizeMinUsd must not be above fundSizeMaxUsd."],
    [{ query: 7 }, "query must be a string."],
    [{ query: "x".repeat(101) }, "query must be at most 100 characters."],
    [{ sort: "name" }, "Unknown sort 'name'"],
  ])("answers 400 for %j", async (payload, message) => {
    for (const cookie of [undefined, subscriberCookie]) {
      const response = await search(payload, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
    }
  });
});

/** The results' order must be one the asked sort allows: its key never rises, ties in relevance order. */
function assertOrder(results: readonly FundResult[], rows: readonly FundRow[], search: Search): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const queryWords = search.query ? wordsOf(search.query).sort() : [];
  const score = (fund: FundResult) => {
    const row = byId.get(fund.id) as FundRow;
    const fit =
      queryWords.length > 0
        ? textFit({ name: wordsOf(row.name), description: wordsOf(row.description) }, queryWords)
        : undefined;
    return relevanceScore(row, search, undefined, fit);
  };
  const size = (fund: FundResult) => toUsd(fund.fundSize, fund.currency) ?? -1;
  const group = (fund: FundResult) => (fund.chequeFit === "unknown" ? 1 : 0);
  for (let index = 1; index < results.length; index++) {
    const before = results[index - 1] as FundResult;
    const after = results[index] as FundResult;
    const context = `${JSON.stringify(search)} at ${index}`;
    if (search.raiseAmountUsd !== undefined) {
      // Covering funds first, whatever the sort.
      expect(group(before), context).toBeLessThanOrEqual(group(after));
      if (group(before) !== group(after)) continue;
    }
    if (search.sort === "fund_size") {
      expect(size(before), context).toBeGreaterThanOrEqual(size(after));
      if (size(before) !== size(after)) continue;
    } else if (search.sort === "recently_reviewed") {
      // A person's review, else the curated list's date, else the day it was listed (recordDate).
      const freshness = (fund: typeof before) => fund.lastReviewed ?? fund.curatedOn ?? fund.listedOn;
      expect(freshness(before) >= freshness(after), context).toBe(true);
      if (freshness(before) !== freshness(after)) continue;
    }
    expect(score(before), context).toBeGreaterThanOrEqual(score(after));
  }
}
