import { isUtf8 } from "node:buffer";
import { pipeline, Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import { type Parser, parse as parseCsv } from "csv-parse";
import { stripControlCharacters } from "../../../shared/text-rules.js";
import { DomainError, tooLarge } from "../../errors.js";
import { checkXlsxArchive, ZipArchiveError } from "./zip-archive.js";

/**
 * One data row of a spreadsheet: its 1-based row number as the user sees it (header = row 1), and
 * its cells by column name. A Map, as the names are the file's own text: on a plain object a
 * column '__proto__' was lost, and a mapping naming 'toString' read Object's function as a value.
 */
export type SheetRecord = { row: number; values: ReadonlyMap<string, string> };

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

/** A spreadsheet's rows are read in slices of this many bytes (CSV) or rows (Excel). */
const CSV_CHUNK_BYTES = 64 * 1024;
const SHEET_CHUNK_ROWS = 2000;

/**
 * A spreadsheet opened for reading: its header, and its data rows read one at a time, as often
 * as needed (the import reads a file twice, once to check it and once to write it), so that a
 * large file never exists in memory as one big table of rows. Blank rows are dropped, and so is
 * a copy of the header inside the file (lists pasted together from several exports repeat it).
 */
export type Spreadsheet = {
  /** The header's named columns, made unique; unnamed columns are not read. */
  readonly columns: string[];
  /** Whether the file has a data row at all. */
  readonly hasRows: boolean;
  /** The data rows in order, with the row numbers a person sees (header = 1). */
  rows(): AsyncGenerator<SheetRecord>;
  /** How much of the file the reading under way has got through, 0 to 1 (for progress estimates). */
  readFraction(): number;
};

/** The file's rows as raw cells, header first, and how far the reading has got. */
type TableSource = { table(): AsyncGenerator<string[]>; fraction(): number };

export async function openSpreadsheet(buffer: Buffer, kind: ImportFileKind): Promise<Spreadsheet> {
  const source = kind === "csv" ? csvSource(buffer) : await workbookSource(buffer, kind);
  const layout = await readLayout(source);
  return {
    columns: layout.columns.filter(Boolean),
    hasRows: layout.hasRows,
    rows: () => readRecords(source, layout.columns),
    readFraction: () => source.fraction(),
  };
}

/** Every data row of a (small) file at once: for tests and one-off tools; imports stream instead. */
export async function parseSpreadsheet(buffer: Buffer, kind: ImportFileKind): Promise<SheetRecord[]> {
  const sheet = await openSpreadsheet(buffer, kind);
  const records: SheetRecord[] = [];
  for await (const record of sheet.rows()) records.push(record);
  return records;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/** Whether a row repeats the header (case and surrounding spaces aside), without building strings per row. */
function headerCopyTest(header: readonly string[]): (cells: readonly string[]) => boolean {
  const expected = header.map((cell) => cell.trim().toLowerCase());
  return (cells) => {
    if (cells.length !== expected.length) return false;
    for (let index = 0; index < cells.length; index += 1) {
      if ((cells[index] as string).trim().toLowerCase() !== expected[index]) return false;
    }
    return true;
  };
}

/** The header's columns, and whether a data row follows; the reading stops there. */
async function readLayout(source: TableSource): Promise<{ columns: string[]; hasRows: boolean }> {
  let header: string[] | undefined;
  let isHeaderCopy: (cells: readonly string[]) => boolean = () => false;
  for await (const cells of source.table()) {
    if (!header) {
      if (isBlank(cells)) break;
      header = cells;
      isHeaderCopy = headerCopyTest(cells);
      continue;
    }
    if (isBlank(cells) || isHeaderCopy(cells)) continue;
    return { columns: uniqueColumns(header), hasRows: true };
  }
  if (!header) throw new ImportFileError("The file has no header row.");
  return { columns: uniqueColumns(header), hasRows: false };
}

async function* readRecords(source: TableSource, columns: readonly string[]): AsyncGenerator<SheetRecord> {
  let isHeaderCopy: ((cells: readonly string[]) => boolean) | undefined;
  let index = -1;
  for await (const cells of source.table()) {
    if (!isHeaderCopy) {
      isHeaderCopy = headerCopyTest(cells);
      continue;
    }
    index += 1;
    if (index >= MAX_IMPORT_ROWS) {
      throw new ImportFileError(
        `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} can be imported at once.`,
      );
    }
    if (isBlank(cells) || isHeaderCopy(cells)) continue;
    const values = new Map<string, string>();
    for (let column = 0; column < columns.length; column += 1) {
      const name = columns[column];
      // Control characters are dropped from every cell (line breaks become a space): PostgreSQL
      // text cannot hold NUL, and none of them belongs in a fund's name or any other field.
      if (name) values.set(name, stripControlCharacters(cells[column] ?? "").trim());
    }
    // Row numbers count from the header's row 1; blank lines the parser skips are not counted.
    yield { row: index + 2, values };
  }
}

/** The header's names, trimmed; a repeated name gets ' (2)', ' (3)' so that no column is lost. */
export function uniqueColumns(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell) => {
    const name = stripControlCharacters(cell).replace(/\s+/g, " ").trim();
    if (!name) return "";
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
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

const WINDOWS_1252 = new TextDecoder("windows-1252");

/**
 * A CSV file read through csv-parse's streaming parser, a slice at a time: UTF-8 when the bytes are
 * valid UTF-8 (with or without a BOM), else Windows-1252, as Excel saves.
 */
function csvSource(buffer: Buffer): TableSource {
  const utf8 = isUtf8(buffer);
  const head = buffer.subarray(0, CSV_CHUNK_BYTES);
  const delimiter = detectDelimiter((utf8 ? head.toString("utf8") : WINDOWS_1252.decode(head)).replace(/^\uFEFF/, ""));
  let parser: Parser | undefined;
  function* slices(): Generator<Buffer | string> {
    for (let start = 0; start < buffer.length; start += CSV_CHUNK_BYTES) {
      const slice = buffer.subarray(start, start + CSV_CHUNK_BYTES);
      // Windows-1252 is one byte per character, so a slice never splits one.
      yield utf8 ? slice : WINDOWS_1252.decode(slice);
    }
  }
  return {
    async *table() {
      const current = parseCsv({
        bom: true,
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        trim: false,
      });
      parser = current;
      // pipeline destroys the slices' stream too when the reading stops early or fails.
      pipeline(Readable.from(slices(), { objectMode: false }), current, () => undefined);
      try {
        for await (const cells of current) yield cells as string[];
      } catch (error) {
        throw new ImportFileError(`The CSV file could not be read: ${(error as Error).message}`);
      } finally {
        current.destroy();
      }
    },
    fraction: () => (parser && buffer.length > 0 ? Math.min(1, parser.info.bytes / buffer.length) : 0),
  };
}

/** The most heap the workbook reader may use, and how long it may take, before it is stopped. */
export const WORKBOOK_READ_LIMITS = { heapMb: 1536, timeoutMs: 120_000 } as const;

/** The worker that reads workbooks (a sibling of this file in src, of main.js in dist/server). */
const WORKBOOK_WORKER = new URL("./workbook-worker.mjs", import.meta.url);

/** One workbook is read at a time: two large ones at once would double the memory the process needs. */
let workbookQueue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = workbookQueue.then(task, task);
  workbookQueue = run.catch(() => undefined);
  return run;
}

const readTooLarge = () =>
  tooLarge(
    `The Excel file is too large to read (it needs more than ${WORKBOOK_READ_LIMITS.heapMb} MB of memory or ${WORKBOOK_READ_LIMITS.timeoutMs / 1000} seconds); save it as CSV or split it.`,
  );

/**
 * The first sheet's rows as text, read in a worker thread (workbook-worker.mjs) so that the server
 * keeps answering while SheetJS works through a large file; an .xlsx is first held to the archive
 * limits of zip-archive.ts, so a decompression bomb is refused before anything inflates it.
 */
async function readWorkbookRows(buffer: Buffer, kind: ImportFileKind): Promise<string[][]> {
  // SheetJS reads almost any bytes as some kind of sheet; an .xlsx must at least be a zip archive.
  if (kind === "xlsx" && !(buffer[0] === 0x50 && buffer[1] === 0x4b)) {
    throw new ImportFileError("The file is not a valid Excel (.xlsx) workbook.");
  }
  if (kind === "xlsx") {
    try {
      await checkXlsxArchive(buffer);
    } catch (error) {
      if (error instanceof ZipArchiveError)
        throw error.tooLarge ? tooLarge(error.message) : new ImportFileError(error.message);
      throw error;
    }
  }
  return oneAtATime(
    () =>
      new Promise<string[][]>((resolve, reject) => {
        // A copy of its own, handed over whole: the upload's buffer may share memory with others.
        const bytes = new Uint8Array(buffer);
        const worker = new Worker(WORKBOOK_WORKER, {
          workerData: { bytes, chunkRows: SHEET_CHUNK_ROWS },
          transferList: [bytes.buffer],
          resourceLimits: { maxOldGenerationSizeMb: WORKBOOK_READ_LIMITS.heapMb },
        });
        const rows: string[][] = [];
        let settled = false;
        const finish = (error: Error | null) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          if (error) reject(error);
          else resolve(rows);
        };
        const timer = setTimeout(() => finish(readTooLarge()), WORKBOOK_READ_LIMITS.timeoutMs);
        worker.on(
          "message",
          (message: { type: "rows"; rows: string[][] } | { type: "done" } | { type: "error"; message: string }) => {
            if (message.type === "rows") {
              for (const cells of message.rows) rows.push(cells);
            } else if (message.type === "done") finish(null);
            else finish(new ImportFileError(message.message));
          },
        );
        worker.on("error", (error: Error & { code?: string }) => {
          finish(
            error.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? readTooLarge()
              : new ImportFileError(`The Excel file could not be read: ${error.message}`),
          );
        });
        worker.on("exit", () => finish(new ImportFileError("The Excel file could not be read.")));
      }),
  );
}

/**
 * The first sheet of an Excel workbook, read whole in a worker (the format needs it); its rows are
 * handed out as text, a row at a time, as often as the import asks.
 */
async function workbookSource(buffer: Buffer, kind: ImportFileKind): Promise<TableSource> {
  const rows = await readWorkbookRows(buffer, kind);
  let done = 0;
  return {
    async *table() {
      for (let index = 0; index < rows.length; index += 1) {
        done = index + 1;
        yield rows[index] as string[];
      }
    },
    fraction: () => (rows.length > 0 ? done / rows.length : 0),
  };
}
