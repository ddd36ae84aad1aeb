import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countFunds } from "../../src/server/funds/repository.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { type FundFixture, fundsCsv } from "../support/funds.js";

const ADMIN = { email: "boss@example.com", password: "Admin-pass-1" };

type Part = { name: string; value: string | Buffer; fileName?: string; type?: string };

/** A multipart/form-data body, written out by hand so that every byte of it is the test's choice. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----fundmatch-test-boundary";
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

const FUNDS: FundFixture[] = [
  { name: "Upload Alpha", country: "Germany", funding_stages: "seed", industry_focus: "fintech" },
  { name: "Upload Beta", country: "France", funding_stages: "series_a", industry_focus: "enterprise_software" },
  { name: "Upload Gamma", country: "Spain", funding_stages: "pre_seed", industry_focus: "digital_health" },
];

describe.each(TEST_DRIVERS)("the admin's fund import call on %s", (driver) => {
  let t: TestApp;
  let adminCookie = "";

  beforeAll(async () => {
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      IMPORT_MAX_BYTES: "16384",
      // Many imports from one address in a few seconds: the per-route limit is not what is tested here.
      RATE_LIMIT_SENSITIVE_SCALE: "100",
    });
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    adminCookie = login.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  });
  afterAll(async () => t?.close());

  const upload = (parts: Part[], cookie = adminCookie) => {
    const body = multipart(parts);
    return t.app.inject({
      method: "POST",
      url: "/_api/admin/import",
      headers: body.headers,
      payload: body.payload,
      cookies: cookie ? { fundmatch_session: cookie } : {},
    });
  };
  const funds = () => countFunds(t.testDatabase.database.db);
  const search = async (country: string) =>
    (await t.app.inject({ method: "POST", url: "/_api/funds/search", payload: { country } })).json();

  it("imports a CSV, skipping duplicates by default, and search sees the new funds at once", async () => {
    const csv = fundsCsv([
      ...FUNDS,
      { name: "upload alpha", country: "germany", funding_stages: "seed", industry_focus: "fintech" },
    ]);
    const response = await upload([{ name: "file", value: csv, fileName: "investors.csv", type: "text/csv" }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      successfulImports: 3,
      failedImports: 0,
      duplicatesFound: 1,
      duplicatesSkipped: 1,
      duplicatesUpdated: 0,
      errors: [],
      importId: expect.any(Number),
    });
    expect((await search("Spain")).results.map((fund: { name: string }) => fund.name)).toEqual(["Upload Gamma"]);
  });

  it("updates or allows duplicates when asked, and reports rows as the spreadsheet numbers them", async () => {
    const csv = fundsCsv([
      { ...FUNDS[0], name: "Upload Alpha", description: "Updated" } as FundFixture,
      { name: "", country: "Italy", funding_stages: "seed", industry_focus: "fintech" },
    ]);
    const updated = await upload([
      { name: "importMode", value: "update_duplicates" },
      { name: "file", value: csv, fileName: "again.csv", type: "text/csv" },
    ]);
    expect(updated.json()).toMatchObject({ duplicatesFound: 1, duplicatesUpdated: 1, failedImports: 1 });
    expect(updated.json().errors).toEqual([{ row: 3, error: expect.stringContaining("name") }]);
    const before = await funds();
    const allowed = await upload([
      { name: "file", value: fundsCsv([FUNDS[1] as FundFixture]), fileName: "b.csv", type: "text/csv" },
      { name: "importMode", value: "allow_duplicates" },
    ]);
    expect(allowed.json()).toMatchObject({ duplicatesFound: 1, duplicatesSkipped: 0, duplicatesUpdated: 0 });
    expect(await funds()).toBe(before + 1);
  });

  it("imports an Excel workbook", async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ["name", "country", "funding_stages", "industry_focus"],
      ["Workbook Fund", "Portugal", "seed", "fintech"],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "Funds");
    const xlsx = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const response = await upload([
      {
        name: "file",
        value: xlsx,
        fileName: "funds.xlsx",
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    ]);
    expect(response.json()).toMatchObject({ successfulImports: 1, failedImports: 0 });
  });

  it.each([
    ["no file at all", [{ name: "importMode", value: "skip_duplicates" }], 400, "A file is required."],
    [
      "an empty file",
      [{ name: "file", value: "", fileName: "empty.csv", type: "text/csv" }],
      400,
      "A file is required.",
    ],
    [
      "a PDF named .csv",
      [{ name: "file", value: Buffer.from("%PDF-1.7\n\u0000\u0001binary"), fileName: "funds.csv", type: "text/csv" }],
      400,
      "Only CSV, XLS, or XLSX files are accepted.",
    ],
    [
      "text named .xlsx",
      [{ name: "file", value: "name,country\n", fileName: "funds.xlsx", type: "text/csv" }],
      400,
      "Only CSV, XLS, or XLSX files are accepted.",
    ],
    [
      "a text file",
      [{ name: "file", value: "hello", fileName: "notes.txt", type: "text/plain" }],
      400,
      "Only CSV, XLS, or XLSX files are accepted.",
    ],
    [
      "an unknown mode",
      [
        { name: "importMode", value: "merge_everything" },
        { name: "file", value: fundsCsv([FUNDS[0] as FundFixture]), fileName: "a.csv", type: "text/csv" },
      ],
      400,
      "importMode must be one of: skip_duplicates, update_duplicates, allow_duplicates.",
    ],
    [
      "a header without the columns every fund needs",
      [{ name: "file", value: "name,website\nA,https://a.vc\n", fileName: "a.csv", type: "text/csv" }],
      400,
      "Missing required column(s): country, fundingStages, industryFocus",
    ],
    [
      "a file over IMPORT_MAX_BYTES",
      [{ name: "file", value: `name,country\n${"x".repeat(20_000)}`, fileName: "big.csv", type: "text/csv" }],
      413,
      "The file is larger than 16 KB, the most an import takes.",
    ],
  ] as const)("refuses %s and stores nothing", async (_case, parts, status, message) => {
    const before = await funds();
    const response = await upload(parts as unknown as Part[]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: message });
    expect(await funds()).toBe(before);
  });

  it("answers a body that is not multipart with 415, and guards the call", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: "/_api/admin/import",
      payload: { file: "x" },
      cookies: { fundmatch_session: adminCookie },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload([{ name: "file", value: "a", fileName: "a.csv" }], "")).statusCode).toBe(401);
  });
});
