import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FundImportService } from "../../src/server/funds/import/service.js";
import {
  findFundById,
  findFundsByLowerNames,
  findOldestFundIdsByNames,
  listFundFacts,
} from "../../src/server/funds/repository.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";

const today = () => new Date().toISOString().slice(0, 10);

describe.each(TEST_DRIVERS)("an 'Update Duplicates' import changes only what the file states, on %s", (driver) => {
  let t: TestDatabase;
  let service: FundImportService;
  const upload = (
    csv: string,
    fileName: string,
    mode: "update_duplicates" | "skip_duplicates" = "update_duplicates",
    sourceUrl?: string,
  ) => service.upload({ file: { buffer: Buffer.from(csv), fileName, mimeType: "text/csv" }, mode, sourceUrl });
  const preview = (csv: string, fileName: string, sourceUrl?: string) =>
    service.preview({
      file: { buffer: Buffer.from(csv), fileName, mimeType: "text/csv" },
      mode: "update_duplicates",
      sourceUrl,
    });
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
      // Never the file's name (issue 36): without a named source the import is the admin's word.
      source: "FundMatch admin",
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

  it("records each updated fact with the source the admin named and the import's date, and no fact it did not change", async () => {
    const id = await fundId("Keep Ventures");
    await upload(
      [
        "Investor Name,HQ,Stage,Sectors,Website URL,Fund Size",
        "Keep Ventures,Portugal,Seed,InsureTech,https://keep-new.example,€150M",
      ].join("\n"),
      "provenance-check.csv",
      "update_duplicates",
      "https://www.techcrunch.com/2026/12/keep-ventures-fund-ii",
    );
    const all = await listFundFacts(t.database.db, [id]);
    // The file's name is for the admins' history only: no fact names it.
    expect(all.filter((fact) => fact.sourceName === "provenance-check.csv")).toEqual([]);
    const facts = all.filter((fact) => fact.sourceName === "techcrunch.com");
    for (const fact of facts) {
      expect(fact).toMatchObject({
        origin: "source",
        sourceUrl: "https://www.techcrunch.com/2026/12/keep-ventures-fund-ii",
      });
    }
    expect(facts.map((fact) => fact.field).sort()).toEqual(["fundSize", "website"]);
    for (const fact of facts) expect(fact).toMatchObject({ asOf: today(), kind: "stated" });
    expect(facts.find((fact) => fact.field === "fundSize")).toMatchObject({ value: "150000000", currency: "EUR" });
    expect(await findFundById(t.database.db, id)).toMatchObject({
      website: "https://keep-new.example/",
      fundSize: 150_000_000,
      checkSizeMinUsd: 500_000,
      // The record keeps where it came from; only the facts the row changed name the new source.
      source: "FundMatch admin",
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
      sourceName: "FundMatch admin",
      origin: "admin",
      sourceUrl: null,
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

  it("updates one fact from a file with only name, fund size and currency, and leaves everything else", async () => {
    const id = await fundId("Keep Ventures");
    const before = await findFundById(t.database.db, id);
    const csv = ["name,fund_size,currency", "Keep Ventures,175000000,EUR"].join("\n");
    const seen = await preview(csv, "one-column.csv");
    expect(seen.missing).toEqual([]);
    expect(seen.summary).toMatchObject({ duplicatesUpdated: 1, failed: 0, newRecords: 0, unchanged: 0 });
    // The preview says, per row, what changes from what to what, and nothing else.
    expect(seen.updates).toEqual([
      {
        row: 2,
        fundId: id,
        name: "Keep Ventures",
        country: "Portugal",
        changes: [
          {
            field: "fundSize",
            before: { amount: before?.fundSize, currency: before?.currency, closeDate: null },
            after: { amount: 175_000_000, currency: "EUR", closeDate: null },
          },
        ],
      },
    ]);
    expect(seen.rows[0]).toMatchObject({ action: "update", name: "Keep Ventures" });
    const result = await upload(csv, "one-column.csv");
    expect(result).toMatchObject({ duplicatesUpdated: 1, failedImports: 0, errors: [] });
    const after = await findFundById(t.database.db, id);
    const { fundSize, currency, updatedAt, lastReviewed, importId, source, ...rest } = after as NonNullable<
      typeof after
    >;
    expect({ fundSize, currency }).toEqual({ fundSize: 175_000_000, currency: "EUR" });
    const {
      fundSize: _s,
      currency: _c,
      updatedAt: _u,
      lastReviewed: _l,
      importId: _i,
      source: _o,
      ...restBefore
    } = before as NonNullable<typeof before>;
    expect(rest).toEqual(restBefore);
    // The same file again changes nothing, and the preview says so.
    const again = await preview(csv, "one-column.csv");
    expect(again.updates).toEqual([]);
    expect(again.summary.unchanged).toBe(1);
  });

  it("finds a fund by its name alone, and asks for a country where the name repeats", async () => {
    await upload(
      [
        "name,country,funding_stages,industry_focus",
        "Twin Capital,Spain,Seed,Fintech",
        "Twin Capital,Italy,Seed,Fintech",
      ].join("\n"),
      "twins.csv",
      "skip_duplicates",
    );
    const csv = ["name,website", "Twin Capital,https://twin.example", "Nobody Ventures,https://nobody.example"].join(
      "\n",
    );
    const seen = await preview(csv, "twins-update.csv");
    expect(seen.errors).toEqual([
      {
        row: 2,
        error:
          "name 'Twin Capital' is shared by funds in Spain, Italy; add a country column to say which one this row updates",
      },
      {
        row: 3,
        error: "no stored fund is named 'Nobody Ventures', and a new fund needs its country and funding stage",
      },
    ]);
    const refused = await upload(csv, "twins-update.csv");
    expect(refused).toMatchObject({ successfulImports: 0, duplicatesUpdated: 0, failedImports: 2 });
    expect(refused.errors.map((error) => error.row)).toEqual([2, 3]);
    // With the country the row names one fund; only that one changes.
    const result = await upload(
      ["name,country,website", "Twin Capital,Italy,https://twin.example"].join("\n"),
      "x.csv",
    );
    expect(result).toMatchObject({ duplicatesUpdated: 1, failedImports: 0 });
    const [spain, italy] = (await findFundsByLowerNames(t.database.db, ["twin capital"])).map((fund) => fund.id);
    expect((await findFundById(t.database.db, spain as number))?.website).toBeNull();
    expect((await findFundById(t.database.db, italy as number))?.website).toBe("https://twin.example/");
  });

  it("replaces a list the file gives and keeps one it leaves absent or empty", async () => {
    await upload(
      ["name,country,funding_stages,industry_focus", "List Fund,Spain,Seed;Series A,Fintech;SaaS"].join("\n"),
      "lists.csv",
      "skip_duplicates",
    );
    const id = await fundId("List Fund");
    // Absent columns: both lists stay.
    await upload(["name,city", "List Fund,Madrid"].join("\n"), "absent.csv");
    expect(await findFundById(t.database.db, id)).toMatchObject({
      city: "Madrid",
      fundingStages: ["seed", "series_a"],
      industryFocus: ["fintech", "saas"],
    });
    // Empty cells: both lists stay.
    await upload(["name,funding_stages,industry_focus", "List Fund,,"].join("\n"), "empty.csv");
    expect(await findFundById(t.database.db, id)).toMatchObject({
      fundingStages: ["seed", "series_a"],
      industryFocus: ["fintech", "saas"],
    });
    // A given, non-empty list replaces the stored one; the other stays.
    await upload(["name,industry_focus", "List Fund,Digital Health"].join("\n"), "replace.csv");
    expect(await findFundById(t.database.db, id)).toMatchObject({
      fundingStages: ["seed", "series_a"],
      industryFocus: ["digital_health"],
    });
    await upload(["name,funding_stages", "List Fund,Series B"].join("\n"), "stages.csv");
    expect(await findFundById(t.database.db, id)).toMatchObject({
      fundingStages: ["series_b"],
      industryFocus: ["digital_health"],
    });
  });

  it("still needs every column for the modes that add funds", async () => {
    const refused = service.upload({
      file: { buffer: Buffer.from("name,fund_size\nKeep Ventures,1000000"), fileName: "n.csv", mimeType: "text/csv" },
      mode: "skip_duplicates",
    });
    await expect(refused).rejects.toThrow("Missing required column(s): country, fundingStages, industryFocus");
  });
});
