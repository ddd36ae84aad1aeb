import { describe, expect, it } from "vitest";
import { INDUSTRY_CODES } from "../../../shared/industries.js";
import { parseMoney } from "../../../shared/money-text.js";
import { STAGE_CODES } from "../../../shared/stages.js";
import { resolveCountry } from "./countries.js";
import {
  ALIAS_TO_FIELD,
  INDUSTRY_SYNONYMS,
  industryCodes,
  isSectorAgnostic,
  matchKey,
  stageCodes,
} from "./vocabulary.js";

describe("the industry synonyms table", () => {
  it.each(INDUSTRY_SYNONYMS.map(([name, codes]) => [name, codes] as const))("reads '%s' as %o", (name, codes) => {
    for (const code of codes) expect(INDUSTRY_CODES).toContain(code);
    expect(industryCodes(name)).toEqual(codes);
    // Case, spacing and punctuation do not matter.
    expect(industryCodes(`  ${name.toUpperCase()} `)).toEqual(codes);
  });

  it.each([
    ["Information Technology & Services", ["enterprise_software"]],
    ["Healthcare", ["digital_health"]],
    ["FinTech", ["fintech"]],
    ["SaaS", ["saas"]],
    ["Artificial Intelligence", ["ai_ml"]],
    ["Clean Energy", ["energy_tech"]],
    ["E-commerce", ["ecommerce"]],
    ["Edtech", ["digital_education_consumer"]],
    ["AI & Machine Learning", ["ai_ml"]],
    ["digital_health", ["digital_health"]],
    ["Fintechs", ["fintech"]],
  ])("covers the names lists use most: '%s'", (name, codes) => {
    expect(industryCodes(name)).toEqual(codes);
  });

  it.each([
    ["InsureTech", ["insur_tech"]],
    ["Deep Tech/Hard Science", ["deep_tech"]],
    ["AR/VR", ["gaming", "creator_economy"]],
    ["Government Technology", ["vertical_saas"]],
    ["B2C", ["consumer_commerce"]],
    ["SaaS", ["saas"]],
    ["Marketplaces", ["marketplaces"]],
    ["Consumer Apps", ["consumer_commerce"]],
  ])("reads the names of public investor directories' exports: '%s'", (name, codes) => {
    expect(industryCodes(name)).toEqual(codes);
  });

  it.each([
    "Sector Agnostic",
    "Sector-agnostic",
    "sector agnostic",
    "Generalist",
    "Industry agnostic",
    "All sectors",
    "All Industries",
    "Multi-sector",
    "Agnostic",
  ])("reads '%s' as investing across sectors, not as an industry", (word) => {
    expect(isSectorAgnostic(word)).toBe(true);
    expect(industryCodes(word)).toBeUndefined();
  });

  it("leaves names it cannot place unmapped", () => {
    expect(industryCodes("Alchemy")).toBeUndefined();
    expect(industryCodes("Impact")).toBeUndefined();
  });
});

describe("stage words", () => {
  it.each([
    ["Idea", ["pre_seed"]],
    ["Prototype", ["pre_seed"]],
    ["MVP", ["pre_seed"]],
    ["Angel", ["pre_seed"]],
    ["Pre-seed", ["pre_seed"]],
    ["Seed", ["seed"]],
    ["A-round", ["series_a"]],
    ["Series A", ["series_a"]],
    ["Series A+", ["series_a", "series_b", "series_c"]],
    ["Early", ["pre_seed", "seed", "series_a"]],
    ["Early Stage", ["pre_seed", "seed", "series_a"]],
    ["Growth Equity", ["growth"]],
    ["Late", ["late_stage"]],
    ["late_stage", ["late_stage"]],
    ["Multi-stage", [...STAGE_CODES]],
    ["Series+", ["series_a", "series_b", "series_c", "late_stage"]],
    ["Post Revenue", ["seed", "series_a"]],
    ["Pre-Revenue", ["pre_seed", "seed"]],
    ["Early Revenue", ["seed", "series_a"]],
    ["Scaling", ["series_a", "series_b"]],
    ["1. Idea or Patent", ["pre_seed"]],
    ["4. Scaling", ["series_a", "series_b"]],
    ["Later Stage VC", ["late_stage"]],
  ])("reads '%s' as %o", (word, codes) => {
    expect(stageCodes(word)).toEqual(codes);
  });

  it("leaves other words unmapped", () => {
    expect(stageCodes("Buyout")).toBeUndefined();
  });
});

describe("column headings of directory exports", () => {
  it.each([
    ["Investor Name", "name"],
    ["HQ", "country"],
    ["Stage of Investment", "fundingStages"],
    ["Industry Focus", "industryFocus"],
    ["Check Size", "checkSize"],
    ["Typical Check Size", "checkSize"],
    ["Website URL", "website"],
    ["Preferred Industries", "industryFocus"],
    ["Investment Stage Focus", "fundingStages"],
  ])("reads '%s' as %s", (heading, field) => {
    expect(ALIAS_TO_FIELD.get(matchKey(heading))).toBe(field);
  });
});

describe("countries", () => {
  it.each([
    ["Germany", "DE", "Germany"],
    ["DE", "DE", "Germany"],
    ["DEU", "DE", "Germany"],
    ["USA", "US", "United States"],
    ["U.S.", "US", "United States"],
    ["United States of America", "US", "United States"],
    ["UK", "GB", "United Kingdom"],
    ["England", "GB", "United Kingdom"],
    ["UAE", "AE", "United Arab Emirates"],
    ["Berlin, Germany", "DE", "Germany"],
    ["Austin, TX, USA", "US", "United States"],
    ["San Francisco, CA", "US", "United States"],
    ["CA", "CA", "Canada"],
    ["Toronto, ON", "CA", "Canada"],
    ["Türkiye", "TR", "Turkey"],
    ["Czech Republic", "CZ", "Czechia"],
    ["Korea, Republic of", "KR", "South Korea"],
    ["Boston,MA,United States", "US", "United States"],
    ["Paris,Ile-de-France,France", "FR", "France"],
    ["London, United Kingdom", "GB", "United Kingdom"],
  ])("reads '%s' as %s (%s)", (text, code, name) => {
    expect(resolveCountry(text)).toEqual({ code, name });
  });

  it("knows every country of the curated data set under the name it already has", async () => {
    const { readFileSync } = await import("node:fs");
    const { SEED_FUNDS_CSV } = await import("../../paths.js");
    const { parseSpreadsheet } = await import("./parse-file.js");
    const records = await parseSpreadsheet(readFileSync(SEED_FUNDS_CSV), "csv");
    const names = new Set(records.map((record) => record.values.get("country")));
    for (const name of names) expect(resolveCountry(name ?? "")?.name).toBe(name);
  });

  it("does not guess", () => {
    expect(resolveCountry("Atlantis")).toBeNull();
    expect(resolveCountry("Remote")).toBeNull();
    expect(resolveCountry("")).toBeNull();
  });
});

describe("amounts", () => {
  it.each([
    ["$250K - $2M", { min: 250_000, max: 2_000_000, currency: "USD" }],
    ["€1M-5M", { min: 1_000_000, max: 5_000_000, currency: "EUR" }],
    ["USD 1.5MM", { min: 1_500_000, max: 1_500_000, currency: "USD" }],
    ["up to £500k", { min: null, max: 500_000, currency: "GBP" }],
    ["$5M+", { min: 5_000_000, max: null, currency: "USD" }],
    ["3KK", { min: 3_000_000, max: 3_000_000, currency: null }],
    ["1,500,000", { min: 1_500_000, max: 1_500_000, currency: null }],
    ["2,5M", { min: 2_500_000, max: 2_500_000, currency: null }],
    ["$2.5 million", { min: 2_500_000, max: 2_500_000, currency: "USD" }],
    ["$1 to $3 billion", { min: 1e9, max: 3e9, currency: "USD" }],
    ["HK$ 100M", { min: 100_000_000, max: 100_000_000, currency: "HKD" }],
  ])("reads '%s'", (text, expected) => {
    expect(parseMoney(text)).toEqual(expected);
  });

  it.each(["lots", "$", "1-2-3", "€1M-$2M"])("refuses '%s'", (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});
