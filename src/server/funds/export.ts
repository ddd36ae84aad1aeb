import type * as XLSX from "@e965/xlsx";
import { industryLabel } from "../../shared/industries.js";
import type { FundSearchQuery } from "../../shared/schemas/funds.js";
import { BRAND_NAME } from "../../shared/site.js";
import { isStageCode, sortStages, stageLabel } from "../../shared/stages.js";
import type { FundRow } from "../db/types.js";
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
  const rows = await service.exportRows(query);
  const xlsx = await loadXlsx();
  return { fileName: exportFileName(now), body: writeWorkbook(xlsx, buildFundsWorkbook(xlsx, rows)) };
}

export function writeWorkbook(xlsx: XlsxModule, workbook: XLSX.WorkBook): Buffer {
  return xlsx.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

type Value = string | number | null | undefined;
type Kind = "text" | "url" | "list" | "id" | "amount" | "year" | "yesNo" | "date" | "timestamp";
type Column = { header: string; kind: Kind; maxWidth?: number; value: (fund: FundRow) => Value };

/** Display widths in characters: never narrower than the header, never wider than the cap. */
const MIN_WIDTH = 6;
const DEFAULT_MAX_WIDTH = 40;
const AMOUNT_FORMAT = "#,##0";
const DATE_FORMAT = "yyyy-mm-dd";
const TIMESTAMP_FORMAT = "yyyy-mm-dd hh:mm";

const stageLabels = (stages: readonly string[]) => sortStages(stages.filter(isStageCode)).map(stageLabel).join(", ");

export const EXPORT_COLUMNS: readonly Column[] = [
  { header: "ID", kind: "id", value: (fund) => fund.id },
  { header: "Name", kind: "text", value: (fund) => fund.name },
  { header: "Fund Size", kind: "amount", value: (fund) => fund.fundSize },
  { header: "Currency", kind: "text", value: (fund) => fund.currency },
  { header: "Country", kind: "text", value: (fund) => fund.country },
  { header: "Country Code", kind: "text", value: (fund) => fund.countryCode },
  { header: "City", kind: "text", value: (fund) => fund.city },
  { header: "Funding Stages", kind: "list", value: (fund) => stageLabels(fund.fundingStages) },
  {
    header: "Industry Focus",
    kind: "list",
    maxWidth: 60,
    value: (fund) => fund.industryFocus.map(industryLabel).join(", "),
  },
  { header: "Fund Manager", kind: "text", value: (fund) => fund.fundManager },
  { header: "LinkedIn", kind: "url", value: (fund) => fund.linkedin },
  { header: "Website", kind: "url", value: (fund) => fund.website },
  { header: "Check Size Min (USD)", kind: "amount", value: (fund) => fund.checkSizeMinUsd },
  { header: "Check Size Max (USD)", kind: "amount", value: (fund) => fund.checkSizeMaxUsd },
  {
    header: "Leads Rounds",
    kind: "yesNo",
    value: (fund) => (fund.leadsRounds === null ? null : fund.leadsRounds ? "Yes" : "No"),
  },
  {
    // Yes: the fund invests across sectors (it matches every industry search); empty: not stated.
    header: "Sector Agnostic",
    kind: "yesNo",
    value: (fund) => (fund.sectorAgnostic === null ? null : fund.sectorAgnostic ? "Yes" : "No"),
  },
  { header: "Portfolio", kind: "list", maxWidth: 60, value: (fund) => fund.portfolio.join(", ") },
  { header: "Founded Year", kind: "year", value: (fund) => fund.foundedYear },
  { header: "Description", kind: "text", maxWidth: 80, value: (fund) => fund.description },
  { header: "Last Reviewed", kind: "date", value: (fund) => fund.lastReviewed },
  { header: "Source", kind: "text", value: (fund) => fund.source },
  { header: "Added (UTC)", kind: "timestamp", value: (fund) => fund.createdAt.toISOString() },
  { header: "Updated (UTC)", kind: "timestamp", value: (fund) => fund.updatedAt.toISOString() },
];

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
export function buildFundsWorkbook(xlsx: XlsxModule, funds: readonly FundRow[]): XLSX.WorkBook {
  const sheet: XLSX.WorkSheet = {};
  const widths = EXPORT_COLUMNS.map((column) => column.header.length);
  EXPORT_COLUMNS.forEach((column, c) => {
    sheet[xlsx.utils.encode_cell({ r: 0, c })] = { t: "s", v: column.header };
  });
  funds.forEach((fund, index) => {
    const r = index + 1;
    EXPORT_COLUMNS.forEach((column, c) => {
      const made = toCell(column.kind, column.value(fund));
      if (!made) return;
      sheet[xlsx.utils.encode_cell({ r, c })] = made.cell;
      const longestLine = Math.max(...made.shown.split("\n").map((line) => line.length));
      if (longestLine > (widths[c] ?? 0)) widths[c] = longestLine;
    });
  });
  const range = xlsx.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: funds.length, c: EXPORT_COLUMNS.length - 1 } });
  sheet["!ref"] = range;
  sheet["!autofilter"] = { ref: range };
  sheet["!cols"] = EXPORT_COLUMNS.map((column, c) => ({
    wch: Math.min(Math.max((widths[c] ?? 0) + 2, MIN_WIDTH), column.maxWidth ?? DEFAULT_MAX_WIDTH),
  }));

  const workbook = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(workbook, sheet, EXPORT_SHEET_NAME);
  workbook.Props = { Title: `${BRAND_NAME} funds`, Author: BRAND_NAME };
  return workbook;
}
