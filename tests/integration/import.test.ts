import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedFundsIfPristine } from "../../src/server/funds/import/seed.js";
import { importFundsFile } from "../../src/server/funds/import/service.js";
import { countFunds, loadFundsSnapshot } from "../../src/server/funds/repository.js";
import { SEED_FUNDS_CSV } from "../../src/server/paths.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";
import { type FundFixture, fundsCsv, insertFunds } from "../support/funds.js";

const silent = pino({ level: "silent" });

describe.each(TEST_DRIVERS)("fund import on %s", (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(driver);
  });
  afterAll(async () => t?.drop());

  it("seeds every row of the shipped data set once, and never again", async () => {
    const shippedRows = readFileSync(SEED_FUNDS_CSV, "utf8").trim().split("\n").length - 1;
    expect(await seedFundsIfPristine(t.database.db, silent)).toBe(true);
    expect(await countFunds(t.database.db)).toBe(shippedRows);
    expect(await seedFundsIfPristine(t.database.db, silent)).toBe(false);
    expect(await countFunds(t.database.db)).toBe(shippedRows);

    const { rows } = await loadFundsSnapshot(t.database.db);
    const sequoia = rows.find((row) => row.name === "Sequoia Capital");
    expect(sequoia).toMatchObject({ country: "United States", countryCode: "US", source: "curated" });
    for (const row of rows) {
      expect(row.fundingStages.length).toBeGreaterThan(0);
      expect(row.industryFocus.length).toBeGreaterThan(0);
    }
  });

  it("skips, updates or allows duplicates by name plus country, case-insensitively", async () => {
    const file = (description: string) =>
      Buffer.from(
        fundsCsv([
          { name: "SEQUOIA CAPITAL", country: "united states", description },
          { name: "Brand New Ventures", country: "Chile" },
          { name: "Brand New Ventures", country: "Chile" },
          { name: "Broken", funding_stages: "series_z" },
        ]),
      );
    const before = await countFunds(t.database.db);

    const skipped = await importFundsFile(t.database.db, file("skip"), "csv", { mode: "skip_duplicates" });
    expect(skipped).toEqual({
      successfulImports: 1,
      failedImports: 1,
      duplicatesFound: 2,
      duplicatesSkipped: 2,
      duplicatesUpdated: 0,
      errors: [{ row: 5, error: "no usable funding stage (column 'funding_stages', value 'series_z')" }],
    });
    expect(await countFunds(t.database.db)).toBe(before + 1);

    const updated = await importFundsFile(t.database.db, file("Updated by import"), "csv", {
      mode: "update_duplicates",
    });
    // Both "Brand New Ventures" rows now match the record the first import added; the later row wins.
    expect(updated).toMatchObject({
      successfulImports: 0,
      duplicatesFound: 3,
      duplicatesUpdated: 3,
      duplicatesSkipped: 0,
    });
    const { rows } = await loadFundsSnapshot(t.database.db);
    expect(rows.find((row) => row.name === "SEQUOIA CAPITAL")?.description).toBe("Updated by import");

    const allowed = await importFundsFile(t.database.db, file("again"), "csv", { mode: "allow_duplicates" });
    expect(allowed).toMatchObject({ successfulImports: 0, duplicatesFound: 3, duplicatesSkipped: 0 });
    expect(await countFunds(t.database.db)).toBe(before + 4);
  });

  it("finds duplicates across write batches, and stores every column of a fund as the file gives it", async () => {
    // 2,600 rows: three write batches. "Spread Alpha" is new in the first batch and repeated in the
    // third; "Spread Stored" exists before the import and is repeated in the first and third.
    await insertFunds(t.database.db, [{ name: "Spread Stored", country: "Iceland", description: "old" }]);
    const rows: FundFixture[] = Array.from({ length: 2600 }, (_, index) => ({
      name: `Spread Fund ${index}`,
      country: "Iceland",
    }));
    rows[0] = {
      name: "Spread Alpha",
      country: "Iceland",
      city: "Reykjavík",
      website: "https://alpha.example",
      funding_stages: "pre_seed;seed",
      industry_focus: "fintech;saas",
      fund_size: "50000000",
      currency: "EUR",
      check_size_min_usd: "250000",
      check_size_max_usd: "2000000",
      leads_rounds: "yes",
      founded_year: "2015",
      description: 'first, with "quotes"',
      fund_manager: "Ása Jónsdóttir",
      linkedin: "https://www.linkedin.com/company/alpha",
    };
    rows[10] = { name: "spread stored", country: "ICELAND", description: "first repeat" };
    rows[2400] = { name: "Spread Alpha", country: "Iceland", description: "repeat of a row of the file" };
    rows[2500] = { name: "Spread Stored", country: "Iceland", description: "last repeat" };
    const result = await importFundsFile(t.database.db, Buffer.from(fundsCsv(rows)), "csv", {
      mode: "update_duplicates",
    });
    expect(result).toMatchObject({
      successfulImports: 2597,
      failedImports: 0,
      duplicatesFound: 3,
      duplicatesUpdated: 2,
      duplicatesSkipped: 1,
    });
    const { rows: stored } = await loadFundsSnapshot(t.database.db);
    const spread = stored.filter((row) => row.name.toLowerCase().startsWith("spread"));
    expect(spread).toHaveLength(2598);
    // The stored fund takes the last repeat's values; the file's own repeat is skipped, not applied.
    expect(spread.filter((row) => row.name.toLowerCase() === "spread stored")).toMatchObject([
      { description: "last repeat" },
    ]);
    expect(spread.find((row) => row.name === "Spread Alpha")).toMatchObject({
      country: "Iceland",
      countryCode: "IS",
      city: "Reykjavík",
      website: "https://alpha.example/",
      fundingStages: ["pre_seed", "seed"],
      industryFocus: ["fintech", "saas"],
      fundSize: 50_000_000,
      currency: "EUR",
      checkSizeMinUsd: 250_000,
      checkSizeMaxUsd: 2_000_000,
      leadsRounds: true,
      foundedYear: 2015,
      description: 'first, with "quotes"',
      fundManager: "Ása Jónsdóttir",
      linkedin: "https://www.linkedin.com/company/alpha",
      source: "import",
    });
  });

  it("imports an Excel workbook through the same path", async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ["Fund Name", "Country", "Funding Stage", "Industry Focus", "Fund Size", "Currency"],
      ["Workbook Capital", "Portugal", "Seed, Series A", "SaaS; Fintech", 25_000_000, "EUR"],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, "Sheet1");
    const buffer = XLSX.write(workbook, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const result = await importFundsFile(t.database.db, buffer, "xlsx", { mode: "skip_duplicates" });
    expect(result).toMatchObject({ successfulImports: 1, failedImports: 0 });
    const { rows } = await loadFundsSnapshot(t.database.db);
    expect(rows.find((row) => row.name === "Workbook Capital")).toMatchObject({
      fundingStages: ["seed", "series_a"],
      industryFocus: ["saas", "fintech"],
      fundSize: 25_000_000,
      currency: "EUR",
    });
  });

  it("reports a file without the required columns and changes nothing", async () => {
    const before = await countFunds(t.database.db);
    const result = await importFundsFile(t.database.db, Buffer.from("name,website\nA,https://a.vc\n"), "csv", {
      mode: "skip_duplicates",
    });
    expect(result).toMatchObject({
      successfulImports: 0,
      failedImports: 1,
      errors: [{ row: "N/A", error: "Missing required column(s): country, fundingStages, industryFocus" }],
    });
    expect(await countFunds(t.database.db)).toBe(before);
  });
});
