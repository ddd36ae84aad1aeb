import { describe, expect, it } from "vitest";
import { mapColumns, normaliseRecord } from "./normalise.js";

const normalise = (values: Record<string, string>) => {
  const { fieldByColumn } = mapColumns(Object.keys(values));
  return normaliseRecord({ row: 2, values }, fieldByColumn);
};

const base = { name: "Acme Ventures", country: "Germany", funding_stages: "seed", industry_focus: "fintech" };

describe("import column mapping", () => {
  it("accepts the shipped snake_case, the API's camelCase and plain headings", () => {
    for (const columns of [
      ["name", "country", "funding_stages", "industry_focus"],
      ["name", "country", "fundingStage", "industryFocus"],
      ["Fund Name", "Country", "Funding Stage", "Industry Focus"],
    ]) {
      expect(mapColumns(columns).missing).toEqual([]);
    }
  });

  it("names the required columns a file lacks", () => {
    expect(mapColumns(["name", "website"]).missing).toEqual(["country", "fundingStages", "industryFocus"]);
  });
});

describe("import row normalisation", () => {
  it("normalises a full row", () => {
    const result = normalise({
      ...base,
      name: "  Acme   Ventures ",
      country_code: "de",
      funding_stages: "Series A; seed;pre_seed",
      industry_focus: "FinTech, ai_ml, Fintech",
      fund_size: "$1.5B",
      currency: "eur",
      check_size_min_usd: "250k",
      check_size_max_usd: "2,000,000",
      leads_rounds: "Yes",
      founded_year: "2011",
      website: "acme.vc",
      linkedin: "https://www.linkedin.com/company/acme",
      last_reviewed: "2026-11-21",
    });
    expect(result).toEqual({
      ok: true,
      fund: expect.objectContaining({
        name: "Acme Ventures",
        countryCode: "DE",
        fundingStages: ["pre_seed", "seed", "series_a"],
        industryFocus: ["fintech", "ai_ml"],
        fundSize: 1_500_000_000,
        currency: "EUR",
        checkSizeMinUsd: 250_000,
        checkSizeMaxUsd: 2_000_000,
        leadsRounds: true,
        foundedYear: 2011,
        website: "https://acme.vc/",
        lastReviewed: "2026-11-21",
        source: "import",
      }),
    });
  });

  it("keeps unknown optional values empty", () => {
    const result = normalise(base);
    expect(result.ok && result.fund).toMatchObject({
      fundSize: null,
      currency: null,
      leadsRounds: null,
      website: null,
      foundedYear: null,
    });
  });

  it("assumes USD for a size without a currency", () => {
    const result = normalise({ ...base, fund_size: "100000000" });
    expect(result.ok && result.fund.currency).toBe("USD");
  });

  it.each([
    [{ name: "" }, "name is required"],
    [{ country: "" }, "country is required"],
    [{ funding_stages: "" }, "funding stage is required"],
    [{ funding_stages: "seed;series_z" }, "unknown funding stage 'series_z'"],
    [{ industry_focus: "alchemy" }, "unknown industry focus 'alchemy'"],
    [{ fund_size: "lots" }, "fund size 'lots' is not a positive amount"],
    [{ fund_size: "-5" }, "fund size '-5' is not a positive amount"],
    [{ currency: "dollars", fund_size: "5" }, "currency 'dollars' is not a 3-letter ISO code"],
    [{ country_code: "DEU" }, "country code 'DEU' is not a 2-letter ISO code"],
    [{ website: "javascript:alert(1)" }, "website 'javascript:alert(1)' is not a valid web address"],
    [{ leads_rounds: "sometimes" }, "leads rounds 'sometimes' should be true or false"],
    [{ founded_year: "1492" }, "founded year '1492' is not a year between 1800"],
    [{ check_size_min_usd: "5M", check_size_max_usd: "1M" }, "minimum check size 5000000 is above the maximum 1000000"],
  ])("rejects %o with a clear message", (overrides, message) => {
    const result = normalise({ ...base, ...overrides });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(message);
  });
});
