import type * as XLSX from "@e965/xlsx";
import type { DataCounts } from "../../shared/data-claims.js";
import {
  type FactField,
  factDateText,
  factPublication,
  NOT_DISCLOSED,
  oldFundSizeLabel,
  unsourcedFactText,
} from "../../shared/fund-facts.js";
import { industryLabel } from "../../shared/industries.js";
import type { FundSearchQuery } from "../../shared/schemas/funds.js";
import { BRAND_NAME } from "../../shared/site.js";
import { isStageCode, sortStages, stageLabel } from "../../shared/stages.js";
import type { FundFactRow, FundRow } from "../db/types.js";
import { loadXlsx, type XlsxModule } from "./load-xlsx.js";
import type { FundsService } from "./service.js";

/**
 * The Lifetime plan's Excel export: every fund, or every match of a search, with
 * every field, as one .xlsx sheet.
 */

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const EXPORT_SHEET_NAME = "Funds";

/** `fundmatch-funds-2025-08-16.xlsx`, dated in UTC. */
export function exportFileName(now: Date): string {
  return `fundmatch-funds-${now.toISOString().slice(0, 10)}.xlsx`;
}

/** The .xlsx of the funds matching the filters (all funds without any) and its file name. */
export async function exportFunds(
  service: FundsService,
  query: FundSearchQuery,
  now = new Date(),
): Promise<{ fileName: string; body: Buffer }> {
  const { rows, factsOf, stats } = await service.exportData(query);
  const xlsx = await loadXlsx();
  const workbook = buildFundsWorkbook(xlsx, rows, { factsOf, columns: exportColumns(stats), today: now });
  return { fileName: exportFileName(now), body: writeWorkbook(xlsx, workbook) };
}

export function writeWorkbook(xlsx: XlsxModule, workbook: XLSX.WorkBook): Buffer {
  return xlsx.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

type Value = string | number | null | undefined;
type Kind = "text" | "url" | "list" | "id" | "amount" | "year" | "yesNo" | "date" | "timestamp";
/** What a column reads beyond the fund's row: its stated facts by field, and the day of the export. */
type Context = { facts: ReadonlyMap<string, FundFactRow>; today: Date };
type Column = { header: string; kind: Kind; maxWidth?: number; value: (fund: FundRow, context: Context) => Value };

/** Display widths in characters: never narrower than the header, never wider than the cap. */
const MIN_WIDTH = 6;
const DEFAULT_MAX_WIDTH = 40;
const AMOUNT_FORMAT = "#,##0";
const DATE_FORMAT = "yyyy-mm-dd";
const TIMESTAMP_FORMAT = "yyyy-mm-dd hh:mm";

const stageLabels = (stages: readonly string[]) => sortStages(stages.filter(isStageCode)).map(stageLabel).join(", ");

/** A fact's value, or "Not disclosed" when unknown: the one wording of an unknown fact, as on the pages. */
const orNotDisclosed = (value: Value): Value =>
  value === null || value === undefined || value === "" ? NOT_DISCLOSED : value;

/** The stated fact behind a group of fields (a cheque range: its minimum's, else its maximum's). */
const statedFact = (context: Context, fields: readonly FactField[]) =>
  fields.map((field) => context.facts.get(field)).find((fact) => fact !== undefined);

/**
 * A fact's two provenance columns (issue 36): its source (the address, or the name it was recorded
 * under; a curated fact without one says so) and its date, worded as on the fund page ("final close
 * Mar 2024", "source read 7 Dec 2026"). Empty where the fact itself is unknown.
 */
function sourceColumns(label: string, fields: readonly FactField[], known: (fund: FundRow) => boolean): Column[] {
  return [
    {
      header: `${label} Source`,
      kind: "url",
      maxWidth: 60,
      value: (fund, context) => {
        if (!known(fund)) return null;
        const fact = statedFact(context, fields);
        if (!fact) return unsourcedFactText(fund);
        return fact.sourceUrl ?? factPublication(fact);
      },
    },
    {
      header: `${label} Date`,
      kind: "text",
      value: (fund, context) => {
        if (!known(fund)) return null;
        const fact = statedFact(context, fields);
        return fact ? factDateText({ ...fact, recordedOn: fact.updatedAt.toISOString().slice(0, 10) }) : null;
      },
    },
  ];
}

const hasCheque = (fund: FundRow) => fund.checkSizeMinUsd !== null || fund.checkSizeMaxUsd !== null;

export const EXPORT_COLUMNS: readonly Column[] = [
  { header: "ID", kind: "id", value: (fund) => fund.id },
  { header: "Name", kind: "text", value: (fund) => fund.name },
  { header: "Fund Size", kind: "amount", value: (fund) => orNotDisclosed(fund.fundSize) },
  { header: "Currency", kind: "text", value: (fund) => (fund.fundSize === null ? null : fund.currency) },
  ...sourceColumns("Fund Size", ["fundSize"], (fund) => fund.fundSize !== null),
  {
    // "older fund (2011)": a size more than six years old is an older fund's, not the current one.
    header: "Fund Size Age",
    kind: "text",
    value: (fund, context) =>
      fund.fundSize === null ? null : oldFundSizeLabel(context.facts.get("fundSize")?.asOf, context.today),
  },
  { header: "Country", kind: "text", value: (fund) => fund.country },
  { header: "Country Code", kind: "text", value: (fund) => fund.countryCode },
  { header: "City", kind: "text", value: (fund) => fund.city },
  { header: "Funding Stages", kind: "list", value: (fund) => orNotDisclosed(stageLabels(fund.fundingStages)) },
  {
    header: "Industry Focus",
    kind: "list",
    maxWidth: 60,
    value: (fund) => orNotDisclosed(fund.industryFocus.map(industryLabel).join(", ")),
  },
  { header: "Fund Manager", kind: "text", value: (fund) => orNotDisclosed(fund.fundManager) },
  { header: "LinkedIn", kind: "url", value: (fund) => orNotDisclosed(fund.linkedin) },
  { header: "Website", kind: "url", value: (fund) => orNotDisclosed(fund.website) },
  ...sourceColumns("Website", ["website"], (fund) => Boolean(fund.website)),
  { header: "Check Size Min (USD)", kind: "amount", value: (fund) => orNotDisclosed(fund.checkSizeMinUsd) },
  { header: "Check Size Max (USD)", kind: "amount", value: (fund) => orNotDisclosed(fund.checkSizeMaxUsd) },
  ...sourceColumns("Check Size", ["checkSizeMinUsd", "checkSizeMaxUsd"], hasCheque),
  {
    header: "Leads Rounds",
    kind: "yesNo",
    value: (fund) => (fund.leadsRounds === null ? NOT_DISCLOSED : fund.leadsRounds ? "Yes" : "No"),
  },
  ...sourceColumns("Leads Rounds", ["leadsRounds"], (fund) => fund.leadsRounds !== null),
  {
    // Yes: the fund invests across sectors (it matches every industry search); "Not disclosed": not stated.
    header: "Sector Agnostic",
    kind: "yesNo",
    value: (fund) => (fund.sectorAgnostic === null ? NOT_DISCLOSED : fund.sectorAgnostic ? "Yes" : "No"),
  },
  { header: "Portfolio", kind: "list", maxWidth: 60, value: (fund) => orNotDisclosed(fund.portfolio.join(", ")) },
  ...sourceColumns("Portfolio", ["portfolio"], (fund) => fund.portfolio.length > 0),
  { header: "Founded Year", kind: "year", value: (fund) => orNotDisclosed(fund.foundedYear) },
  { header: "Description", kind: "text", maxWidth: 80, value: (fund) => fund.description },
  { header: "Last Reviewed", kind: "date", value: (fund) => fund.lastReviewed },
  { header: "Source", kind: "text", value: (fund) => fund.source },
  { header: "Added (UTC)", kind: "timestamp", value: (fund) => fund.createdAt.toISOString() },
  { header: "Updated (UTC)", kind: "timestamp", value: (fund) => fund.updatedAt.toISOString() },
];

/** Columns of details no fund holds: left out of the file, as the pages leave them out (issue 36). */
const HELD_ONLY: ReadonlyArray<[string, keyof DataCounts["withFact"]]> = [
  ["Fund Manager", "fundManager"],
  ["LinkedIn", "linkedin"],
];

/** The columns of an export: every column, but those of a detail no fund in the data has. */
export function exportColumns(stats: Pick<DataCounts, "withFact">): readonly Column[] {
  const omitted = new Set(HELD_ONLY.filter(([, fact]) => stats.withFact[fact] === 0).map(([header]) => header));
  return EXPORT_COLUMNS.filter((column) => !omitted.has(column.header));
}

/** Excel's serial day number (days since 1899-12-30, time as the fraction) of an ISO date or timestamp, read as UTC. */
export function excelSerial(iso: string): number | null {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(time)) return null;
  return time / 86_400_000 + 25_569;
}

const isWebUrl = (value: string) => /^https?:\/\/\S+$/i.test(value);

/** One cell and the text a reader sees in it (for the column width); null leaves the cell empty. */
function toCell(kind: Kind, value: Value): { cell: XLSX.CellObject; shown: string } | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    if (kind === "amount") {
      return { cell: { t: "n", v: value, z: AMOUNT_FORMAT }, shown: Math.round(value).toLocaleString("en-US") };
    }
    return { cell: { t: "n", v: value }, shown: String(value) };
  }
  if (kind === "date" || kind === "timestamp") {
    const serial = excelSerial(value);
    const format = kind === "date" ? DATE_FORMAT : TIMESTAMP_FORMAT;
    if (serial === null) return { cell: { t: "s", v: value }, shown: value };
    return { cell: { t: "n", v: serial, z: format }, shown: format };
  }
  const cell: XLSX.CellObject = { t: "s", v: value };
  if (kind === "url" && isWebUrl(value)) cell.l = { Target: value };
  return { cell, shown: value };
}

/**
 * The workbook of the export, pure: one sheet "Funds" with a header row of readable titles, one row
 * per fund in the given order, typed cells (numbers, dates as date-formatted serials, lists joined
 * with ", "), column widths from the content (capped) and an autofilter over the header. SheetJS CE
 * cannot write frozen panes, so the header row is not frozen.
 */
export function buildFundsWorkbook(
  xlsx: XlsxModule,
  funds: readonly FundRow[],
  options: {
    /** Each fund's stated facts, for the source and date columns (none: every fact reads as unsourced). */
    factsOf?: (fundId: number) => readonly FundFactRow[];
    columns?: readonly Column[];
    today?: Date;
  } = {},
): XLSX.WorkBook {
  const columns = options.columns ?? EXPORT_COLUMNS;
  const today = options.today ?? new Date();
  const sheet: XLSX.WorkSheet = {};
  const widths = columns.map((column) => column.header.length);
  columns.forEach((column, c) => {
    sheet[xlsx.utils.encode_cell({ r: 0, c })] = { t: "s", v: column.header };
  });
  funds.forEach((fund, index) => {
    const r = index + 1;
    const context: Context = {
      facts: new Map((options.factsOf?.(fund.id) ?? []).map((fact) => [fact.field, fact])),
      today,
    };
    columns.forEach((column, c) => {
      const made = toCell(column.kind, column.value(fund, context));
      if (!made) return;
      sheet[xlsx.utils.encode_cell({ r, c })] = made.cell;
      const longestLine = Math.max(...made.shown.split("\n").map((line) => line.length));
      if (longestLine > (widths[c] ?? 0)) widths[c] = longestLine;
    });
  });
  const range = xlsx.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: funds.length, c: columns.length - 1 } });
  sheet["!ref"] = range;
  sheet["!autofilter"] = { ref: range };
  sheet["!cols"] = columns.map((column, c) => ({
    wch: Math.min(Math.max((widths[c] ?? 0) + 2, MIN_WIDTH), column.maxWidth ?? DEFAULT_MAX_WIDTH),
  }));

  const workbook = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(workbook, sheet, EXPORT_SHEET_NAME);
  workbook.Props = { Title: `${BRAND_NAME} funds`, Author: BRAND_NAME };
  return workbook;
}
