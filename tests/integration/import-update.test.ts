import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FundImportService } from "../../src/server/funds/import/service.js";
import { findFundById, findOldestFundIdsByNames, listFundFacts } from "../../src/server/funds/repository.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";

const today = () => new Date().toISOString().slice(0, 10);

describe.each(TEST_DRIVERS)("an 'Update Duplicates' import changes only what the file states, on %s", (driver) => {
  let t: TestDatabase;
  let service: FundImportService;
  const upload = (csv: string, fileName: string, mode: "update_duplicates" | "skip_duplicates" = "update_duplicates") =>
    service.upload({ file: { buffer: Buffer.from(csv), fileName, mimeType: "text/csv" }, mode });
  const fundId = async (name: string) => {
    const ids = await findOldestFundIdsByNames(t.database.db, [name.toLowerCase()]);
    return [...ids.values()][0] as number;
  };

  beforeAll(async () => {
    t = await createTestDatabase(driver);
    service = new FundImportService(t.database.db, { invalidate() {} });
    await upload(
      [
        "name,country,city,website,funding_stages,industry_focus,fund_size,currency,check_size,leads_rounds,description",
        "Keep Ventures,Portugal,Lisbon,https://keep.example,Seed;Series A,Fintech;Quantum Computing;InsurTech,120000000,EUR,$500K-$2M,yes,Lisbon seed fund",
        "Agnostic Partners,Portugal,,https://agnostic.example,Seed,Fintech,,,,,",
      ].join("\n"),
      "first-list.csv",
      "skip_duplicates",
    );
  });
  afterAll(async () => t?.drop());

  it("keeps the website and fund size of a file without those columns, and every value of its empty cells", async () => {
    const id = await fundId("Keep Ventures");
    const before = await findFundById(t.database.db, id);
    expect(before).toMatchObject({
      website: "https://keep.example/",
      fundSize: 120_000_000,
      currency: "EUR",
      industryFocus: ["fintech", "deep_tech", "insur_tech"],
    });
    // No website, fund-size or currency column; the cheque, city, lead and description cells are empty.
    const result = await upload(
      [
        "Investor Name,HQ,Stage of Investment,Industry Focus,Check Size,City,Leads,About",
        "Keep Ventures,Portugal,Seed,,,,,",
      ].join("\n"),
      "directory-export.csv",
    );
    expect(result).toMatchObject({ duplicatesUpdated: 1, failedImports: 0 });
    const after = await findFundById(t.database.db, id);
    expect(after).toMatchObject({
      website: "https://keep.example/",
      fundSize: 120_000_000,
      currency: "EUR",
      city: "Lisbon",
      checkSizeMinUsd: 500_000,
      checkSizeMaxUsd: 2_000_000,
      leadsRounds: true,
      description: "Lisbon seed fund",
      // The stated stage list replaces the stored one; the empty industry cell drops nothing.
      fundingStages: ["seed"],
      industryFocus: ["fintech", "deep_tech", "insur_tech"],
      source: "directory-export.csv",
    });
  });

  it("adds to the stored industries, never drops one, when the file names an industry it does not know", async () => {
    const id = await fundId("Keep Ventures");
    const result = await upload(
      ["Investor Name,HQ,Stage,Sectors", "Keep Ventures,Portugal,Seed,SaaS; Alchemy"].join("\n"),
      "partly-known.csv",
    );
    expect(result.warnings).toEqual([
      { row: 2, warning: "Industry 'Alchemy' in column 'Sectors' is not an industry the import knows; left out" },
    ]);
    expect(await findFundById(t.database.db, id)).toMatchObject({
      industryFocus: ["fintech", "deep_tech", "insur_tech", "saas"],
    });
    // A fully known list is what the file states: it replaces the stored one.
    await upload(["Investor Name,HQ,Stage,Sectors", "Keep Ventures,Portugal,Seed,InsureTech"].join("\n"), "known.csv");
    expect(await findFundById(t.database.db, id)).toMatchObject({ industryFocus: ["insur_tech"] });
  });

  it("records each updated fact with the file's name and the import's date, and no fact it did not change", async () => {
    const id = await fundId("Keep Ventures");
    await upload(
      [
        "Investor Name,HQ,Stage,Sectors,Website URL,Fund Size",
        "Keep Ventures,Portugal,Seed,InsureTech,https://keep-new.example,€150M",
      ].join("\n"),
      "provenance-check.csv",
    );
    const facts = (await listFundFacts(t.database.db, [id])).filter(
      (fact) => fact.sourceName === "provenance-check.csv",
    );
    expect(facts.map((fact) => fact.field).sort()).toEqual(["fundSize", "website"]);
    for (const fact of facts) expect(fact).toMatchObject({ asOf: today(), kind: "stated" });
    expect(facts.find((fact) => fact.field === "fundSize")).toMatchObject({ value: "150000000", currency: "EUR" });
    expect(await findFundById(t.database.db, id)).toMatchObject({
      website: "https://keep-new.example/",
      fundSize: 150_000_000,
      checkSizeMinUsd: 500_000,
    });
  });

  it("imports 'Sector Agnostic' as the flag, keeping the stored industries, with its source", async () => {
    const id = await fundId("Agnostic Partners");
    const result = await upload(
      ["Investor Name,HQ,Stage,Industry Focus", "Agnostic Partners,Portugal,Seed,Sector Agnostic"].join("\n"),
      "agnostic.csv",
    );
    expect(result).toMatchObject({ duplicatesUpdated: 1, failedImports: 0 });
    expect(await findFundById(t.database.db, id)).toMatchObject({
      sectorAgnostic: true,
      industryFocus: ["fintech"],
      website: "https://agnostic.example/",
    });
    const facts = await listFundFacts(t.database.db, [id]);
    expect(facts.find((fact) => fact.field === "sectorAgnostic")).toMatchObject({
      value: "true",
      sourceName: "agnostic.csv",
      asOf: today(),
    });
  });

  it("stores a new fund whose industry cell is empty or says only 'Generalist'", async () => {
    const result = await upload(
      [
        "Investor Name,HQ,Stage,Industry Focus",
        "Blank Industry Fund,Spain,Seed,",
        "Generalist Fund,Spain,Seed,Generalist",
        "Unknown Industry Fund,Spain,Seed,Alchemy",
      ].join("\n"),
      "new-funds.csv",
    );
    expect(result).toMatchObject({
      successfulImports: 2,
      failedImports: 1,
      errors: [{ row: 4, error: "no usable industry focus (column 'Industry Focus', value 'Alchemy')" }],
    });
    expect(await findFundById(t.database.db, await fundId("Blank Industry Fund"))).toMatchObject({
      industryFocus: [],
      sectorAgnostic: null,
    });
    expect(await findFundById(t.database.db, await fundId("Generalist Fund"))).toMatchObject({
      industryFocus: [],
      sectorAgnostic: true,
    });
  });
});
