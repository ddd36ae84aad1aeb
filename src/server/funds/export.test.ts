import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import type { FundFactRow, FundRow } from "../db/types.js";
import {
  buildFundsWorkbook,
  EXPORT_COLUMNS,
  EXPORT_SHEET_NAME,
  excelSerial,
  exportColumns,
  exportFileName,
  writeWorkbook,
} from "./export.js";

function fund(overrides: Partial<FundRow> = {}): FundRow {
  return {
    id: 7,
    name: "Alpha Ventures",
    fundSize: 250_000_000,
    currency: "EUR",
    country: "Germany",
    countryCode: "DE",
    city: "Berlin",
    fundingStages: ["series_a", "seed"],
    industryFocus: ["fintech", "ai_ml"],
    fundManager: "Ada Alpha",
    linkedin: "https://www.linkedin.com/company/alpha",
    website: "https://alpha.example",
    checkSizeMinUsd: 500_000,
    checkSizeMaxUsd: 5_000_000,
    leadsRounds: true,
    aum: null,
    aumCurrency: null,
    sectorAgnostic: null,
    portfolio: [],
    foundedYear: 2012,
    vehicleName: null,
    investingStatus: null,
    status: null,
    pausedUntil: null,
    pitchRoute: null,
    pitchTarget: null,
    portfolioLinks: {},
    importId: null,
    description: "Early-stage fintech investor.",
    source: "import",
    lastReviewed: "2025-03-14",
    curatedOn: null,
    createdAt: new Date("2025-01-02T03:04:00Z"),
    updatedAt: new Date("2025-02-03T04:05:00Z"),
    ...overrides,
  };
}

/** Writes and reads back, the way a spreadsheet program would see the file. */
function roundTrip(funds: FundRow[]) {
  const workbook = XLSX.read(writeWorkbook(XLSX, buildFundsWorkbook(XLSX, funds)), { type: "buffer", cellDates: true });
  const sheet = workbook.Sheets[EXPORT_SHEET_NAME] as XLSX.WorkSheet;
  return { workbook, sheet };
}

const cell = (sheet: XLSX.WorkSheet, header: string, row = 1) => {
  const c = EXPORT_COLUMNS.findIndex((column) => column.header === header);
  if (c < 0) throw new Error(`no column ${header}`);
  return sheet[XLSX.utils.encode_cell({ r: row, c })] as XLSX.CellObject | undefined;
};

describe("buildFundsWorkbook", () => {
  it("has one sheet 'Funds' with a header row of readable titles and one row per fund", () => {
    const { workbook, sheet } = roundTrip([fund(), fund({ id: 8, name: "Beta Capital" })]);
    expect(workbook.SheetNames).toEqual(["Funds"]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(EXPORT_COLUMNS.map((column) => column.header));
    expect(rows[0]).toEqual(
      expect.arrayContaining([
        "ID",
        "Name",
        "Fund Size",
        "Currency",
        "Country",
        "City",
        "Funding Stages",
        "Industry Focus",
        "Fund Manager",
        "LinkedIn",
        "Website",
        "Check Size Min (USD)",
        "Check Size Max (USD)",
        "Leads Rounds",
        "Founded Year",
        "Description",
        "Last Reviewed",
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(cell(sheet, "Name", 2)?.v).toBe("Beta Capital");
  });

  it("writes numbers as numbers with a thousands format for amounts", () => {
    const { sheet } = roundTrip([fund()]);
    expect(cell(sheet, "ID")).toMatchObject({ t: "n", v: 7 });
    expect(cell(sheet, "Fund Size")).toMatchObject({ t: "n", v: 250_000_000, w: "250,000,000" });
    expect(cell(sheet, "Check Size Min (USD)")).toMatchObject({ t: "n", v: 500_000 });
    expect(cell(sheet, "Check Size Max (USD)")).toMatchObject({ t: "n", v: 5_000_000 });
    expect(cell(sheet, "Founded Year")).toMatchObject({ t: "n", v: 2012, w: "2012" });
  });

  it("writes dates as dates, read in UTC whatever the server's time zone", () => {
    const { sheet } = roundTrip([fund()]);
    const reviewed = cell(sheet, "Last Reviewed");
    expect(reviewed?.t).toBe("d");
    expect(reviewed?.w).toBe("2025-03-14");
    expect(cell(sheet, "Added (UTC)")?.w).toBe("2025-01-02 03:04");
    expect(cell(sheet, "Updated (UTC)")?.w).toBe("2025-02-03 04:05");
    expect(excelSerial("1900-03-01")).toBe(61);
    expect(excelSerial("not a date")).toBeNull();
  });

  it("joins lists with ', ' as labels, stages earliest first, and says Yes or No", () => {
    const { sheet } = roundTrip([fund(), fund({ leadsRounds: false })]);
    expect(cell(sheet, "Funding Stages")?.v).toBe("Seed, Series A");
    expect(cell(sheet, "Industry Focus")?.v).toBe("Fintech, AI & Machine Learning");
    expect(cell(sheet, "Leads Rounds")?.v).toBe("Yes");
    expect(cell(sheet, "Leads Rounds", 2)?.v).toBe("No");
  });

  it("keeps URLs as text, linked when they are web addresses", () => {
    const { sheet } = roundTrip([fund(), fund({ website: "alpha.example", linkedin: "javascript:alert(1)" })]);
    expect(cell(sheet, "Website")).toMatchObject({ t: "s", v: "https://alpha.example" });
    expect(cell(sheet, "Website")?.l?.Target).toBe("https://alpha.example");
    expect(cell(sheet, "Website", 2)).toMatchObject({ t: "s", v: "alpha.example" });
    expect(cell(sheet, "Website", 2)?.l).toBeUndefined();
    expect(cell(sheet, "LinkedIn", 2)?.l).toBeUndefined();
  });

  it("says 'Not disclosed' for an unknown fact, as the pages do, and leaves other missing values empty", () => {
    const { sheet } = roundTrip([
      fund({
        fundSize: null,
        currency: null,
        city: null,
        leadsRounds: null,
        foundedYear: null,
        lastReviewed: null,
        website: null,
        checkSizeMinUsd: null,
        checkSizeMaxUsd: null,
      }),
    ]);
    for (const header of [
      "Fund Size",
      "Leads Rounds",
      "Founded Year",
      "Website",
      "Check Size Min (USD)",
      "Sector Agnostic",
      "Portfolio",
    ]) {
      expect(cell(sheet, header)?.v, header).toBe("Not disclosed");
    }
    // Not facts of the fund, or the provenance of a fact that is unknown: empty.
    for (const header of [
      "Currency",
      "City",
      "Last Reviewed",
      "Fund Size Source",
      "Fund Size Date",
      "Website Source",
    ]) {
      expect(cell(sheet, header), header).toBeUndefined();
    }
  });

  it("gives each fact its source and date, worded as on the fund page, and says when a curated fact has none", () => {
    const stated = (field: string, overrides: Partial<FundFactRow>): FundFactRow => ({
      id: 1,
      fundId: 7,
      field,
      value: null,
      currency: null,
      kind: "stated",
      sourceName: "techcrunch.com",
      sourceUrl: "https://techcrunch.com/2011/05/alpha-fund-ii",
      asOf: null,
      retrievedOn: "2026-12-07",
      origin: "source",
      updatedAt: new Date("2026-12-07T10:00:00Z"),
      ...overrides,
    });
    const facts = [
      stated("fundSize", { kind: "final_close", asOf: "2011-05" }),
      stated("website", { sourceUrl: "https://alpha.example/about" }),
    ];
    const workbook = buildFundsWorkbook(
      XLSX,
      [fund({ source: "curated", curatedOn: "2026-11-21", portfolio: ["Acme"] })],
      { factsOf: (id) => (id === 7 ? facts : []), today: new Date("2026-12-07T12:00:00Z") },
    );
    const sheet = workbook.Sheets[EXPORT_SHEET_NAME] as XLSX.WorkSheet;
    expect(cell(sheet, "Fund Size Source")?.v).toBe("https://techcrunch.com/2011/05/alpha-fund-ii");
    expect(cell(sheet, "Fund Size Source")?.l?.Target).toBe("https://techcrunch.com/2011/05/alpha-fund-ii");
    expect(cell(sheet, "Fund Size Date")?.v).toBe("final close May 2011");
    expect(cell(sheet, "Fund Size Age")?.v).toBe("older fund (2011)");
    expect(cell(sheet, "Website Date")?.v).toBe("source read 7 Dec 2026");
    expect(cell(sheet, "Check Size Source")?.v).toBe("from FundMatch's curated list, Nov 2026; no public source yet");
    expect(cell(sheet, "Check Size Date")).toBeUndefined();
    expect(cell(sheet, "Portfolio Source")?.v).toBe("from FundMatch's curated list, Nov 2026; no public source yet");
  });

  it("leaves out the columns of a detail no fund in the data has", () => {
    const withFact = { fundSize: 1, chequeRange: 1, leadsRounds: 1, website: 1, portfolio: 1, sectorAgnostic: 1 };
    const none = exportColumns({ withFact: { ...withFact, linkedin: 0, fundManager: 0 } }).map((c) => c.header);
    expect(none).not.toContain("LinkedIn");
    expect(none).not.toContain("Fund Manager");
    expect(none).toContain("Fund Size Source");
    const some = exportColumns({ withFact: { ...withFact, linkedin: 2, fundManager: 0 } }).map((c) => c.header);
    expect(some).toContain("LinkedIn");
    expect(some).not.toContain("Fund Manager");
  });

  it("sizes columns by content within caps and puts an autofilter over the header", () => {
    const long = "x".repeat(500);
    const workbook = buildFundsWorkbook(XLSX, [fund({ description: long, name: "A" })]);
    const sheet = workbook.Sheets[EXPORT_SHEET_NAME] as XLSX.WorkSheet;
    const widths = (sheet["!cols"] ?? []).map((column) => column.wch);
    const width = (header: string) => widths[EXPORT_COLUMNS.findIndex((column) => column.header === header)];
    expect(widths).toHaveLength(EXPORT_COLUMNS.length);
    expect(width("Description")).toBe(80);
    expect(width("Name")).toBe("Name".length + 2);
    expect(width("Fund Size")).toBe("250,000,000".length + 2);
    expect(width("ID")).toBeGreaterThanOrEqual(6);
    expect(sheet["!autofilter"]).toEqual({ ref: sheet["!ref"] });
    expect(sheet["!ref"]).toBe(`A1:${XLSX.utils.encode_col(EXPORT_COLUMNS.length - 1)}2`);
  });

  it("still has the header row when nothing matches", () => {
    const { sheet } = roundTrip([]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows).toEqual([EXPORT_COLUMNS.map((column) => column.header)]);
  });
});

describe("exportFileName", () => {
  it("is dated in UTC", () => {
    expect(exportFileName(new Date("2025-08-16T23:30:00Z"))).toBe("fundmatch-funds-2025-08-16.xlsx");
  });
});
