// Reads the first sheet of an Excel workbook in a worker thread and posts its rows as text, in
// slices. SheetJS reads a workbook whole and synchronously: on the main thread a large file would
// stop the server answering anyone until it is done. Here it runs beside the event loop, under the
// heap and time limits the parent sets (parse-file.ts), and is terminated when it overruns them.
// Plain JavaScript, so that the same file runs under tsx, Vitest and from dist (the build copies it).
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ bytes: Uint8Array, chunkRows: number }} */
const { bytes, chunkRows } = workerData;

const post = (message) => parentPort?.postMessage(message);

const failed = (error) => `The Excel file could not be read: ${error instanceof Error ? error.message : String(error)}`;

/** The reading itself; each way out posts one last message, "done" or "error". */
async function read() {
  const xlsx = await import("@e965/xlsx");
  let workbook;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    workbook = xlsx.read(buffer, { type: "buffer", cellDates: true, dense: true });
  } catch (error) {
    return { type: "error", message: failed(error) };
  }
  const firstSheet = workbook.SheetNames[0];
  const sheet = firstSheet ? workbook.Sheets[firstSheet] : undefined;
  if (!sheet) return { type: "error", message: "The Excel file has no sheet." };
  const range = sheet["!ref"] ? xlsx.utils.decode_range(sheet["!ref"]) : null;
  if (range) {
    // The rows are turned into text a slice at a time rather than copied into one table first.
    for (let first = range.s.r; first <= range.e.r; first += chunkRows) {
      const last = Math.min(range.e.r, first + chunkRows - 1);
      const rows = xlsx.utils.sheet_to_json(sheet, {
        header: 1,
        raw: false,
        defval: "",
        blankrows: false,
        range: { s: { r: first, c: range.s.c }, e: { r: last, c: range.e.c } },
      });
      post({
        type: "rows",
        rows: rows.map((cells) => cells.map((cell) => (cell === null || cell === undefined ? "" : String(cell)))),
      });
    }
  }
  return { type: "done" };
}

post(await read().catch((error) => ({ type: "error", message: failed(error) })));
