import * as XLSX from "@e965/xlsx";
import { parse as parseCsv } from "csv-parse/sync";
import { DomainError } from "../../errors.js";

/** One data row of a spreadsheet: its 1-based row number as the user sees it (header = row 1). */
export type SheetRecord = { row: number; values: Record<string, string> };

/** The file cannot be imported at all (unreadable, no header, too many rows): a 400 for the admin. */
export class ImportFileError extends DomainError {
  constructor(message: string) {
    super("invalid", message);
  }
}

export type ImportFileKind = "csv" | "xlsx" | "xls";

export const MAX_IMPORT_ROWS = 200_000;

export const FILE_TYPE_REFUSED = "Only CSV, XLS, or XLSX files are accepted.";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buffer: Buffer, magic: number[]) => magic.every((byte, index) => buffer[index] === byte);

/**
 * The kind of an uploaded spreadsheet, decided by its name, its declared type and its content
 * together: an .xlsx must be a zip archive, an .xls an OLE compound file, a .csv text without NUL
 * bytes. A file whose parts disagree (a PDF renamed .csv, text named .xlsx) is refused: null.
 */
export function detectFileKind(buffer: Buffer, fileName: string, mimeType: string): ImportFileKind | null {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  const mime = mimeType.toLowerCase().split(";")[0]?.trim() ?? "";
  if (startsWith(buffer, ZIP_MAGIC))
    return extension === "xlsx" || (!extension && mime.includes("spreadsheetml")) ? "xlsx" : null;
  if (startsWith(buffer, OLE_MAGIC))
    return extension === "xls" || (!extension && mime === "application/vnd.ms-excel") ? "xls" : null;
  const textMime =
    mime === "" ||
    mime.startsWith("text/") ||
    mime === "application/csv" ||
    mime === "application/vnd.ms-excel" ||
    mime === "application/octet-stream";
  const isText = !buffer.subarray(0, 64 * 1024).includes(0);
  return extension === "csv" && textMime && isText ? "csv" : null;
}

/**
 * Reads a CSV or Excel file into header-keyed records. Blank rows are dropped, and so is a copy of
 * the header inside the file (lists pasted together from several exports repeat it).
 */
export function parseSpreadsheet(buffer: Buffer, kind: ImportFileKind): SheetRecord[] {
  const table = kind === "csv" ? readCsv(buffer) : readWorkbook(buffer, kind);
  const [header, ...body] = table;
  if (!header || header.every((cell) => cell.trim() === "")) throw new ImportFileError("The file has no header row.");
  if (body.length > MAX_IMPORT_ROWS) {
    throw new ImportFileError(`The file has ${body.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.`);
  }
  const columns = uniqueColumns(header);
  const headerKey = header.map((cell) => cell.trim().toLowerCase()).join("\u0000");
  const records: SheetRecord[] = [];
  body.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === "")) return;
    if (cells.length >= header.length && cells.map((cell) => cell.trim().toLowerCase()).join("\u0000") === headerKey)
      return;
    const values: Record<string, string> = {};
    columns.forEach((column, columnIndex) => {
      if (column) values[column] = (cells[columnIndex] ?? "").trim();
    });
    records.push({ row: index + 2, values });
  });
  return records;
}

/** The header's names, trimmed; a repeated name gets ' (2)', ' (3)' so that no column is lost. */
export function uniqueColumns(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell) => {
    const name = cell.replace(/\s+/g, " ").trim();
    if (!name) return "";
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** UTF-8 when the bytes are valid UTF-8 (with or without a BOM); else Windows-1252, as Excel saves. */
function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder("windows-1252").decode(buffer);
  }
}

/** The separator of the header line: comma, semicolon (European Excel) or tab, whichever it has most of. */
function detectDelimiter(text: string): string {
  let firstLine = "";
  let quoted = false;
  for (let index = 0; index < text.length && index < 64 * 1024; index += 1) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    firstLine += char;
  }
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((delimiter) => [delimiter, unquoted.split(delimiter).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ",";
}

function readCsv(buffer: Buffer): string[][] {
  const text = decodeText(buffer);
  try {
    return parseCsv(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: false,
    }) as string[][];
  } catch (error) {
    throw new ImportFileError(`The CSV file could not be read: ${(error as Error).message}`);
  }
}

function readWorkbook(buffer: Buffer, kind: ImportFileKind): string[][] {
  // SheetJS reads almost any bytes as some kind of sheet; an .xlsx must at least be a zip archive.
  if (kind === "xlsx" && !(buffer[0] === 0x50 && buffer[1] === 0x4b)) {
    throw new ImportFileError("The file is not a valid Excel (.xlsx) workbook.");
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, { type: "buffer", cellDates: true, dense: true });
  } catch (error) {
    throw new ImportFileError(`The Excel file could not be read: ${(error as Error).message}`);
  }
  const firstSheet = workbook.SheetNames[0];
  const sheet = firstSheet ? workbook.Sheets[firstSheet] : undefined;
  if (!sheet) throw new ImportFileError("The Excel file has no sheet.");
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: false });
  return rows.map((cells) => cells.map((cell) => (cell === null || cell === undefined ? "" : String(cell))));
}
