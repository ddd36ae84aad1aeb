import type * as XLSX from "@e965/xlsx";
import { PIPELINE_STATUS_LABELS, type PipelineStatus } from "../../shared/pipeline.js";
import { BRAND_NAME } from "../../shared/site.js";
import { loadXlsx, type XlsxModule } from "../funds/load-xlsx.js";

/**
 * The pipeline export (issue 22): the subscriber's saved funds with where each conversation stands,
 * as CSV or as an Excel sheet. Pure builders, so that the escaping and the formula guard are tested
 * without a server.
 */

export const PIPELINE_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type PipelineExportFormat = (typeof PIPELINE_EXPORT_FORMATS)[number];

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
export const PIPELINE_SHEET_NAME = "Pipeline";

/** One saved fund as exported. Fit is the match's fit (0–100) against the saved startup profile, or null. */
export type PipelineExportRow = {
  fund: string;
  status: PipelineStatus;
  note: string;
  nextStepDate: string | null;
  website: string | null;
  committedAmountUsd: number | null;
  fit: number | null;
  /** The fund's size as the pages show it ('€300M', 'Not disclosed'). */
  fundSize: string;
  /** Its source's address (or name), or that the curated list's size has no public source yet; null without a size. */
  fundSizeSource: string | null;
  /** Its date as the pages word it ('final close Mar 2024', 'source read 7 Dec 2026'); null without one. */
  fundSizeDate: string | null;
};

/**
 * The export: its rows, and what the fits were computed for. The profile changes whenever the
 * member saves another (the match page saves the one it matched), so the Fit column's header names
 * it: a file exported last week and one exported today are not read as the same measure.
 */
export type PipelineExport = {
  rows: PipelineExportRow[];
  fitFor: { savedOn: string; summary: string } | "no profile" | "nothing to match";
};

/** The Fit column's header: the profile the fits are for, or why there are none. */
export function fitHeader(fitFor: PipelineExport["fitFor"]): string {
  if (fitFor === "no profile") return "Fit (no startup profile saved)";
  if (fitFor === "nothing to match") return "Fit (your startup profile names nothing the match uses)";
  return `Fit (0–100) for your startup profile of ${fitFor.savedOn}: ${fitFor.summary}`;
}

/** The columns; the last one's header is fitHeader's. */
export const PIPELINE_EXPORT_HEADERS = ["Fund", "Status", "Note", "Next Step", "Website", "Committed (USD)"] as const;

/** After the Fit column: the fund size with its source and date (issue 36: every fact exported is checkable). */
export const PIPELINE_FACT_HEADERS = ["Fund Size", "Fund Size Source", "Fund Size Date"] as const;

const headersOf = (fitFor: PipelineExport["fitFor"]) => [
  ...PIPELINE_EXPORT_HEADERS,
  fitHeader(fitFor),
  ...PIPELINE_FACT_HEADERS,
];

/** `fundmatch-pipeline-2026-11-27.csv`, dated in UTC. */
export function pipelineExportFileName(format: PipelineExportFormat, now: Date): string {
  return `fundmatch-pipeline-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * A spreadsheet reads a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip first) as a formula: a note or a fund name like that is prefixed with an apostrophe, so it
 * stays text (OWASP's CSV injection advice).
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The Fit column: a number cell (0–100) whose header names the profile. */
const FIT_COLUMN = PIPELINE_EXPORT_HEADERS.length;
/** The columns whose web addresses are linked: the website and the fund size's source. */
const LINK_COLUMNS = new Set([4, FIT_COLUMN + 2]);

const textCells = (row: PipelineExportRow): (string | number | null)[] => [
  guardFormula(row.fund),
  PIPELINE_STATUS_LABELS[row.status],
  guardFormula(row.note),
  row.nextStepDate,
  row.website === null ? null : guardFormula(row.website),
  row.committedAmountUsd,
  row.fit,
  row.fundSize,
  row.fundSizeSource === null ? null : guardFormula(row.fundSizeSource),
  row.fundSizeDate,
];

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The CSV: a header row, one row per saved fund, CRLF line ends, and a byte-order mark so that
 * Excel opens the UTF-8 (accents, emoji in notes) as UTF-8.
 */
export function pipelineCsv({ rows, fitFor }: PipelineExport): string {
  const lines = [headersOf(fitFor).map(csvField).join(",")];
  for (const row of rows) lines.push(textCells(row).map(csvField).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** One sheet "Pipeline": the same columns, amounts and fits as numbers, dates as date-formatted cells. */
export function buildPipelineWorkbook(xlsx: XlsxModule, { rows, fitFor }: PipelineExport): XLSX.WorkBook {
  const sheet: XLSX.WorkSheet = {};
  const headers = headersOf(fitFor);
  const widths: number[] = headers.map((header) => header.length);
  headers.forEach((header, c) => {
    sheet[xlsx.utils.encode_cell({ r: 0, c })] = { t: "s", v: header };
  });
  rows.forEach((row, index) => {
    textCells(row).forEach((value, c) => {
      if (value === null || value === "") return;
      let cell: XLSX.CellObject;
      if (typeof value === "number") cell = { t: "n", v: value, z: c === FIT_COLUMN ? "0" : "#,##0" };
      else if (c === 3) cell = { t: "d", v: new Date(`${value}T00:00:00Z`), z: "yyyy-mm-dd" };
      else {
        cell = { t: "s", v: value };
        if (LINK_COLUMNS.has(c) && /^https?:\/\/\S+$/i.test(value)) cell.l = { Target: value };
      }
      sheet[xlsx.utils.encode_cell({ r: index + 1, c })] = cell;
      const shown = typeof value === "number" ? value.toLocaleString("en-US") : value;
      widths[c] = Math.max(widths[c] ?? 0, ...shown.split("\n").map((line) => line.length));
    });
  });
  const range = xlsx.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: rows.length, c: headers.length - 1 },
  });
  sheet["!ref"] = range;
  sheet["!autofilter"] = { ref: range };
  sheet["!cols"] = widths.map((width) => ({ wch: Math.min(Math.max(width + 2, 8), 60) }));
  const workbook = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(workbook, sheet, PIPELINE_SHEET_NAME);
  workbook.Props = { Title: `${BRAND_NAME} pipeline`, Author: BRAND_NAME };
  return workbook;
}

/** The file to send: its bytes, content type and name. */
export async function pipelineExportFile(
  format: PipelineExportFormat,
  pipeline: PipelineExport,
  now = new Date(),
): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const fileName = pipelineExportFileName(format, now);
  if (format === "csv") return { fileName, contentType: CSV_CONTENT_TYPE, body: Buffer.from(pipelineCsv(pipeline)) };
  const xlsx = await loadXlsx();
  const body = xlsx.write(buildPipelineWorkbook(xlsx, pipeline), {
    type: "buffer",
    bookType: "xlsx",
    compression: true,
  }) as Buffer;
  return { fileName, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body };
}
