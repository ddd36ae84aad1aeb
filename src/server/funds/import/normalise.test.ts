import { describe, expect, it } from "vitest";
import { applyColumnMapping, mapColumns, RowNormaliser, valueMappings } from "./normalise.js";

const normalise = (values: Record<string, string>, mapping?: Parameters<typeof valueMappings>[0]) => {
  const { fieldByColumn } = mapColumns(Object.keys(values));
  return new RowNormaliser(fieldByColumn, {
    reviewedDefault: "2026-12-01",
    mappings: valueMappings(mapping),
  }).normalise({ row: 2, values: new Map(Object.entries(values)) });
};

const base = { name: "Acme Ventures", country: "Germany", funding_stages: "seed", industry_focus: "fintech" };

describe("import column mapping", () => {
  it("accepts the shipped snake_case, the API's camelCase, plain headings and what lists in the wild use", () => {
    for (const columns of [
      ["name", "country", "funding_stages", "industry_focus"],
      ["name", "country", "fundingStage", "industryFocus"],
      ["Fund Name", "Country", "Funding Stage", "Industry Focus"],
      ["Investor Name", "HQ", "Stage(s)", "Sectors"],
      ["Firm", "Global_HQ", "Investment Stage", "Industry"],
      ["Organization Name", "Location", "Stages", "Investment Focus Areas"],
    ]) {
      expect(mapColumns(columns).missing).toEqual([]);
    }
    const { fieldByColumn } = mapColumns(["Cheque/Check Size", "Ticket", "LinkedIn company page", "Cheque_range"]);
    expect([...fieldByColumn]).toEqual([
      ["Cheque/Check Size", "checkSize"],
      ["LinkedIn company page", "linkedin"],
    ]);
  });

  it("names the required columns a file lacks", () => {
    expect(mapColumns(["name", "website"]).missing).toEqual(["country", "fundingStages", "industryFocus"]);
  });

  it("lays the admin's choices over the detected mapping", () => {
    const detected = mapColumns(["Firm", "Notes", "Website"]).fieldByColumn;
    const mapped = applyColumnMapping(detected, { Notes: "industryFocus", Website: null });
    expect([...mapped]).toEqual([
      ["Firm", "name"],
      ["Notes", "industryFocus"],
    ]);
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
      issues: [],
      partialLists: [],
      statusAsOf: null,
      countryStated: true,
      missingForNew: [],
      fund: expect.objectContaining({
        name: "Acme Ventures",
        country: "Germany",
        countryCode: "DE",
        fundingStages: ["pre_seed", "seed", "series_a"],
        industryFocus: ["fintech", "ai_ml"],
        fundSize: 1_500_000_000,
        currency: "USD",
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

  it("reads a messy real-world row: locations, stage words, industry names, a cheque range in euros", () => {
    const result = normalise({
      "Investor Name": "Nordic Seed",
      HQ: "Stockholm, Sweden",
      "Stage(s)": "Idea | Prototype/MVP | Seed",
      Sectors: "Information Technology & Services\nHealthcare\nAlchemy",
      "Cheque/Check Size": "€1M-5M",
      "Fund Size": "SEK 500M",
    });
    expect(result.ok && result.fund).toMatchObject({
      country: "Sweden",
      countryCode: "SE",
      city: "Stockholm",
      fundingStages: ["pre_seed", "seed"],
      industryFocus: ["enterprise_software", "digital_health"],
      checkSizeMinUsd: 1_100_000,
      checkSizeMaxUsd: 5_500_000,
      fundSize: 500_000_000,
      currency: "SEK",
      lastReviewed: "2026-12-01",
    });
    expect(result.issues).toEqual([
      expect.objectContaining({ field: "industryFocus", column: "Sectors", value: "Alchemy", mappable: true }),
    ]);
  });

  it("keeps unreadable optional values out and lists them", () => {
    const result = normalise({
      ...base,
      website: "javascript:alert(1)",
      founded_year: "1492",
      leads_rounds: "sometimes",
      fund_size: "lots",
      check_size_min_usd: "5M",
      check_size_max_usd: "1M",
    });
    expect(result.ok && result.fund).toMatchObject({
      website: null,
      foundedYear: null,
      leadsRounds: null,
      fundSize: null,
      currency: null,
      checkSizeMinUsd: null,
      checkSizeMaxUsd: null,
    });
    expect(result.issues.map((issue) => issue.field).sort()).toEqual(
      ["checkSizeMinUsd", "foundedYear", "fundSize", "leadsRounds", "website"].sort(),
    );
  });

  it("stores a fund size in whole units, and none in a currency the product does not convert", () => {
    expect(normalise({ ...base, fund_size: "1.2345k", currency: "EUR" })).toMatchObject({
      ok: true,
      fund: { fundSize: 1235, currency: "EUR" },
    });
    const unconverted = normalise({ ...base, fund_size: "5M", currency: "XOF", check_size_min_usd: "1M" });
    expect(unconverted).toMatchObject({
      ok: true,
      fund: { fundSize: null, currency: null, checkSizeMinUsd: 1_000_000 },
    });
    expect(unconverted.issues.map((issue) => issue.field).sort()).toEqual(["currency", "fundSize"]);
    // Less than one unit is not a fund size.
    expect(normalise({ ...base, fund_size: "0.4" })).toMatchObject({ ok: true, fund: { fundSize: null } });
  });

  it("reads no value from a column the file lacks, whatever the mapping names it", () => {
    const { fieldByColumn } = mapColumns(Object.keys(base));
    // A mapping that names a column the file does not have (here 'toString') reads nothing from it.
    const mapped = applyColumnMapping(fieldByColumn, { toString: "description", hasOwnProperty: "city" } as const);
    const normaliser = new RowNormaliser(mapped, { reviewedDefault: "2026-12-01" });
    expect(normaliser.normalise({ row: 2, values: new Map(Object.entries(base)) })).toMatchObject({
      ok: true,
      issues: [],
      fund: { description: null, city: null },
    });
  });

  it("maps unknown values as the admin chose, and drops the ones they dropped", () => {
    const result = normalise(
      { ...base, country: "Atlantis", funding_stages: "Seed, Buyout", industry_focus: "Alchemy, Fintech" },
      { country: { atlantis: "GR" }, fundingStages: { Buyout: null }, industryFocus: { ALCHEMY: "deep_tech" } },
    );
    expect(result).toMatchObject({
      ok: true,
      issues: [],
      fund: { country: "Greece", fundingStages: ["seed"], industryFocus: ["deep_tech", "fintech"] },
    });
  });

  it.each([
    [{ name: "" }, "name is required (column 'name' is empty)"],
    [{ country: "" }, "country is required (column 'country' is empty)"],
    [{ country: "Atlantis" }, "no usable country (column 'country', value 'Atlantis')"],
    [{ funding_stages: "" }, "funding stage is required (column 'funding_stages' is empty)"],
    [
      { funding_stages: "Buyout; series_z" },
      "no usable funding stage (column 'funding_stages', value 'Buyout; series_z')",
    ],
    [{ industry_focus: "alchemy" }, "no usable industry focus (column 'industry_focus', value 'alchemy')"],
  ])("fails %o with an error naming the column and the value", (overrides, message) => {
    const result = normalise({ ...base, ...overrides });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBe(message);
  });

  it.each(["Sector Agnostic", "Generalist", "Industry agnostic", "All sectors", "Sector-agnostic"])(
    "stores a fund whose industry cell says only '%s' as investing across sectors, its industries unknown",
    (word) => {
      expect(normalise({ ...base, industry_focus: word })).toMatchObject({
        ok: true,
        issues: [],
        partialLists: [],
        fund: { industryFocus: [], sectorAgnostic: true },
      });
    },
  );

  it("keeps the industries named next to 'Sector Agnostic', and leaves the flag unstated without it", () => {
    expect(normalise({ ...base, industry_focus: "Sector Agnostic, FinTech, InsureTech" })).toMatchObject({
      ok: true,
      fund: { industryFocus: ["fintech", "insur_tech"], sectorAgnostic: true },
    });
    expect(normalise(base)).toMatchObject({ ok: true, fund: { industryFocus: ["fintech"], sectorAgnostic: null } });
  });

  it("stores a fund whose industry cell is empty with its industries unknown", () => {
    expect(normalise({ ...base, industry_focus: "" })).toMatchObject({
      ok: true,
      issues: [],
      fund: { industryFocus: [], sectorAgnostic: null },
    });
  });

  it("says which lists named an item it did not recognise", () => {
    expect(normalise({ ...base, industry_focus: "FinTech; Alchemy", funding_stages: "Seed" })).toMatchObject({
      ok: true,
      fund: { industryFocus: ["fintech"] },
      partialLists: ["industryFocus"],
    });
  });

  it("gives the same funds when a row that passed the shared rules is read again without them", async () => {
    const { messyInvestorCsv } = await import("../../../../tests/support/messy-investors.js");
    const { parseSpreadsheet } = await import("./parse-file.js");
    const records = await parseSpreadsheet(Buffer.from(messyInvestorCsv(1500)), "csv");
    const { fieldByColumn } = mapColumns([...(records[0]?.values.keys() ?? [])]);
    const normaliser = new RowNormaliser(fieldByColumn, { reviewedDefault: "2026-12-01", forceSource: "list.csv" });
    let valid = 0;
    for (const record of records) {
      const checked = normaliser.normalise(record);
      if (!checked.ok) continue;
      valid += 1;
      expect(normaliser.normalise(record, true)).toEqual(checked);
    }
    expect(valid).toBeGreaterThan(1000);
  });
});
