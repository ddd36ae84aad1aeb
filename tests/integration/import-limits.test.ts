import * as XLSX from "@e965/xlsx";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds, importRuns } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { deflated, deflatedRepeat, zip } from "../support/zip.js";

/**
 * What an import file cannot do to the server: an .xlsx decompression bomb is refused before
 * anything inflates it (by its directory's sizes, and by its real sizes when the directory lies),
 * a large workbook is read beside the event loop, and control characters anywhere in a file never
 * reach the database.
 */

const ADMIN = { email: "limits-admin@example.com", password: "Admin-pass-1" };
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MiB = 1024 * 1024;

type Part = { name: string; value: string | Buffer; fileName?: string; type?: string };

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----fundmatch-limits-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ""}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.value === "string" ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A workbook whose one sheet inflates to `sheetMiB` MiB of rows, from an upload of a small fraction of that. */
async function bomb(sheetMiB: number, declaredSheetSize?: number): Promise<Buffer> {
  const row = '<row><c t="inlineStr"><is><t>Fund</t></is></c></row>';
  const sheet = await deflatedRepeat(
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    row,
    Math.ceil((sheetMiB * MiB) / row.length),
    "</sheetData></worksheet>",
  );
  return zip([
    await deflated(
      "[Content_Types].xml",
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    await deflated("xl/workbook.xml", '<?xml version="1.0"?><workbook/>'),
    declaredSheetSize === undefined ? sheet : { ...sheet, declaredSize: declaredSheetSize },
  ]);
}

describe.each(TEST_DRIVERS)("import limits on %s", (driver) => {
  let t: TestApp;
  let cookie = "";
  let bigBomb: Buffer;

  beforeAll(async () => {
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SENSITIVE_SCALE: "100",
      // The ping loop below sends as many requests as it can: the general limit is not tested here.
      RATE_LIMIT_PER_MINUTE: "0",
    });
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    cookie = login.cookies.find((entry) => entry.name === "fundmatch_session")?.value ?? "";
    bigBomb = await bomb(400);
  });
  afterAll(async () => t?.close());

  const send = (url: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: "POST",
      url,
      headers: body.headers,
      payload: body.payload,
      cookies: { fundmatch_session: cookie },
    });
  };
  const xlsxFile = (value: Buffer): Part => ({ name: "file", value, fileName: "funds.xlsx", type: XLSX_TYPE });
  const stored = async () => ({
    funds: await t.testDatabase.database.db.select().from(funds).orderBy(asc(funds.id)),
    runs: await t.testDatabase.database.db.select().from(importRuns).orderBy(asc(importRuns.id)),
  });

  it("refuses an .xlsx whose sheet inflates to 400 MiB with a 413 naming the limit, and stores nothing", async () => {
    expect(bigBomb.length).toBeLessThan(2 * MiB);
    const before = await stored();
    for (const url of ["/_api/admin/import/preview", "/_api/admin/import"]) {
      const response = await send(url, [xlsxFile(bigBomb)]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe(
        "The workbook unpacks to more than 256 MB, the most an import reads; save it as CSV or split it.",
      );
    }
    expect(await stored()).toEqual(before);
  });

  it("refuses a bomb whose directory understates its size, without inflating past the stated size", async () => {
    const liar = await bomb(64, 1024);
    const response = await send("/_api/admin/import/preview", [xlsxFile(liar)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("The file is not a valid Excel (.xlsx) workbook: its archive is damaged.");
  });

  it("survives two bombs at once and answers as before", async () => {
    const answers = await Promise.all([
      send("/_api/admin/import", [xlsxFile(bigBomb)]),
      send("/_api/admin/import/preview", [xlsxFile(bigBomb)]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([413, 413]);
    expect((await t.app.inject({ method: "GET", url: "/_api/ping" })).statusCode).toBe(200);
  });

  it("keeps answering while a large workbook is read", async () => {
    const rows: unknown[][] = [["name", "country", "funding_stages", "industry_focus", "description", "city"]];
    for (let index = 0; index < 30_000; index++) {
      rows.push([
        `Fund ${index}`,
        "Germany",
        "seed",
        "fintech",
        `A fund numbered ${index} that backs founders.`,
        "Berlin",
      ]);
    }
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Funds");
    const workbook = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;

    let finished = false;
    const started = performance.now();
    const preview = send("/_api/admin/import/preview", [xlsxFile(workbook)]).then((response) => {
      finished = true;
      return response;
    });
    // Pings one after another for as long as the preview runs: the longest time between two
    // answers is how long the event loop was kept from everyone else.
    let longestPing = 0;
    let pings = 0;
    let last = performance.now();
    while (!finished) {
      const ping = await t.app.inject({ method: "GET", url: "/_api/ping" });
      expect(ping.statusCode).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const now = performance.now();
      longestPing = Math.max(longestPing, now - last);
      last = now;
      pings++;
    }
    const response = await preview;
    const took = performance.now() - started;
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json()).toMatchObject({ rowCount: 30_000, summary: { newRecords: 30_000 } });
    expect(pings).toBeGreaterThan(3);
    // Read on the event loop, the workbook alone held every ping for most of the preview.
    expect(longestPing, `longest ping ${Math.round(longestPing)} ms of ${Math.round(took)} ms`).toBeLessThan(took / 4);
  }, 120_000);

  it("drops control characters from imported cells, a NUL past the first 64 KB of a CSV included", async () => {
    const filler = Array.from(
      { length: 2000 },
      (_, index) => `Filler Fund ${index},Germany,seed,fintech,"A fund that backs founders early, number ${index}."`,
    );
    const csv = [
      "name,country,funding_stages,industry_focus,description",
      ...filler,
      'Nul\u0000Fund,Germany,seed,fintech,"Tabs\tand\nlines\u0007"',
      '"Bell\u0007 \u001b[31mRed Fund\u007f",France,seed,fintech,Plain',
    ].join("\n");
    expect(csv.indexOf("\u0000")).toBeGreaterThan(64 * 1024);
    const response = await send("/_api/admin/import", [
      { name: "file", value: csv, fileName: "funds\u0000.csv", type: "text/csv" },
    ]);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json()).toMatchObject({ successfulImports: 2002, failedImports: 0 });
    const db = t.testDatabase.database.db;
    const names = (await db.select({ name: funds.name, description: funds.description }).from(funds)).filter(
      (fund) => !fund.name.startsWith("Filler"),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        { name: "NulFund", description: "Tabs and lines" },
        { name: "Bell [31mRed Fund", description: "Plain" },
      ]),
    );
    const [run] = await db.select({ fileName: importRuns.fileName }).from(importRuns).orderBy(asc(importRuns.id));
    expect(run?.fileName).toBe("funds.csv");
  });
});
