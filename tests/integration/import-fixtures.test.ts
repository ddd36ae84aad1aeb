import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FundImportService } from "../../src/server/funds/import/service.js";
import { findFundById, findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
import type { ImportResult } from "../../src/shared/schemas/import.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The three investor lists of tests/fixtures (shaped like exports of public investor directories,
 * see its README), imported as an admin would, with no hand mapping. The shares asserted here are
 * the ones the README and docs/import.md give.
 */
const FIXTURES = [
  {
    file: "openvc-style-investors.csv",
    type: "text/csv",
    rows: 64,
    rejected: [
      { row: 62, error: "no usable country (column 'Global HQ', value 'Global')" },
      { row: 63, error: "no usable country (column 'Global HQ', value 'Remote')" },
      { row: 64, error: "no usable funding stage (column 'Stage of investment', value 'Buyout')" },
      { row: 65, error: "no usable industry focus (column 'Industry Focus', value 'Technology')" },
    ],
  },
  {
    file: "us-directory-investors.csv",
    type: "text/csv",
    rows: 64,
    rejected: [
      { row: 63, error: "no usable country (column 'HQ', value 'Remote')" },
      { row: 64, error: "no usable funding stage (column 'Stage', value 'Other')" },
      { row: 65, error: "no usable industry focus (column 'Industries', value 'Impact, Social Good')" },
    ],
  },
  {
    file: "european-asian-investors.xlsx",
    type: XLSX_TYPE,
    rows: 64,
    rejected: [
      { row: 63, error: "no usable country (column 'Location', value 'Worldwide')" },
      { row: 64, error: "no usable funding stage (column 'Stage(s)', value 'Buyout; Mezzanine')" },
      { row: 65, error: "no usable industry focus (column 'Sector focus', value 'Impact')" },
    ],
  },
] as const;

describe.each(TEST_DRIVERS)("real-world investor lists import with no hand mapping on %s", (driver) => {
  let t: TestDatabase;
  let service: FundImportService;
  const results = new Map<string, ImportResult>();
  const stored = async (name: string) => {
    const ids = await findOldestFundIdsByNames(t.database.db, [name.toLowerCase()]);
    const id = [...ids.values()][0];
    return id === undefined ? undefined : findFundById(t.database.db, id);
  };

  beforeAll(async () => {
    t = await createTestDatabase(driver);
    service = new FundImportService(t.database.db, { invalidate() {} });
    for (const fixture of FIXTURES) {
      const buffer = readFileSync(new URL(`../fixtures/${fixture.file}`, import.meta.url));
      const result = await service.upload({
        file: { buffer, fileName: fixture.file, mimeType: fixture.type },
        mode: "skip_duplicates",
      });
      results.set(fixture.file, result);
    }
  });
  afterAll(async () => t?.drop());

  it.each(FIXTURES)("imports at least 85% of $file, every rejected row with its number and reason", (fixture) => {
    const result = results.get(fixture.file) as ImportResult;
    const imported = result.successfulImports + result.duplicatesFound;
    expect(imported + result.failedImports).toBe(fixture.rows);
    expect(imported / fixture.rows).toBeGreaterThanOrEqual(0.85);
    expect(result.errors).toEqual(fixture.rejected);
  });

  it("reads the lists' messy forms as what they say", async () => {
    // A BOM, 'City, Country', 'Idea or Patent' and first-cheque columns in euros (the OpenVC-style list).
    expect(await stored("Seedcamp")).toMatchObject({
      country: "United Kingdom",
      city: "London",
      fundingStages: ["pre_seed"],
      industryFocus: ["saas", "fintech", "marketplaces", "ai_ml"],
      checkSizeMinUsd: 110_000,
      checkSizeMaxUsd: 550_000,
      // Without a source named at import, the admin's own word; never the file's name (issue 36).
      source: "FundMatch admin",
    });
    // 'Sector Agnostic' alone: the flag, with the industries unknown.
    expect(await stored("LocalGlobe")).toMatchObject({ sectorAgnostic: true, industryFocus: [] });
    // 'City,State,Country', 'Series+' and '$5,000,000 - $15M' (the US directory export).
    expect(await stored("Benchmark")).toMatchObject({
      country: "United States",
      city: "San Francisco",
      fundingStages: ["series_a"],
      checkSizeMinUsd: 5_000_000,
      checkSizeMaxUsd: 15_000_000,
      sectorAgnostic: true,
    });
    expect(await stored("Bain Capital Ventures")).toMatchObject({
      industryFocus: ["fintech", "insur_tech", "saas", "enterprise_software", "ecommerce"],
    });
    expect(await stored("GovTech Fund")).toMatchObject({ industryFocus: ["vertical_saas"] });
    expect(await stored("SV Angel")).toMatchObject({ checkSizeMinUsd: null, checkSizeMaxUsd: 1_000_000 });
    // '₹4 Cr - ₹20 Cr' and 'City,State,Country' in India (the Excel list).
    expect(await stored("Blume Ventures")).toMatchObject({
      country: "India",
      fundingStages: ["pre_seed", "seed", "series_a"],
      checkSizeMinUsd: Math.round(40_000_000 * 0.0117),
      checkSizeMaxUsd: Math.round(200_000_000 * 0.0117),
      sectorAgnostic: true,
    });
  });
});
