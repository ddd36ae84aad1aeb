import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { ImportFileError, MAX_IMPORT_ROWS, openSpreadsheet, parseSpreadsheet } from "./parse-file.js";

const cells = (values: Record<string, string>) => new Map(Object.entries(values));

describe("spreadsheet parsing", () => {
  it("reads CSV with quoting, a BOM and blank lines, numbering rows as a spreadsheet does", async () => {
    const csv = '\uFEFFname,description\n"Acme, Inc.","He said ""hi"""\n\n  Beta  ,x\n';
    expect(await parseSpreadsheet(Buffer.from(csv), "csv")).toEqual([
      { row: 2, values: cells({ name: "Acme, Inc.", description: 'He said "hi"' }) },
      { row: 3, values: cells({ name: "Beta", description: "x" }) },
    ]);
  });

  it("keeps columns named like an object's members, and reads nothing from a column it lacks", async () => {
    const csv = "name,__proto__,constructor,toString\nAcme,a,b,c\n";
    const [record] = await parseSpreadsheet(Buffer.from(csv), "csv");
    expect([...(record?.values ?? [])]).toEqual([
      ["name", "Acme"],
      ["__proto__", "a"],
      ["constructor", "b"],
      ["toString", "c"],
    ]);
    expect(record?.values.get("valueOf")).toBeUndefined();
  });

  it("reads the first sheet of an Excel workbook", async () => {
    const sheet = XLSX.utils.aoa_to_sheet([["name", "fund_size"], ["Acme", 1500000], [], ["Beta", ""]]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, "Funds");
    const buffer = XLSX.write(workbook, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const records = await parseSpreadsheet(buffer, "xlsx");
    expect(records.map((record) => record.values.get("name"))).toEqual(["Acme", "Beta"]);
    expect(records[0]?.values.get("fund_size")).toBe("1500000");
  });

  it("refuses a file without a header or with broken quoting", async () => {
    await expect(parseSpreadsheet(Buffer.from(""), "csv")).rejects.toThrow(ImportFileError);
    await expect(parseSpreadsheet(Buffer.from('name\n"unterminated'), "csv")).rejects.toThrow(ImportFileError);
    await expect(parseSpreadsheet(Buffer.from("not a workbook"), "xlsx")).rejects.toThrow(ImportFileError);
  });

  it("reads a Windows-1252 file as Excel saves it", async () => {
    const bytes = Buffer.from("name;country\nZürich Capital;Schweiz\nCafé Ventures;France\n", "latin1");
    const records = await parseSpreadsheet(bytes, "csv");
    expect(records.map((record) => record.values.get("name"))).toEqual(["Zürich Capital", "Café Ventures"]);
  });

  it("streams a large CSV in slices without losing a character or a cell that spans lines", async () => {
    // Rows of odd lengths put multi-byte characters and a quoted line break across every slice boundary.
    const lines = ["name,notes"];
    for (let index = 0; index < 6000; index += 1)
      lines.push(`Fund ${index} ✓ Ø,"line one\nline ${"é".repeat((index % 7) + 1)}"`);
    const sheet = await openSpreadsheet(Buffer.from(lines.join("\r\n")), "csv");
    expect(sheet.columns).toEqual(["name", "notes"]);
    expect(sheet.hasRows).toBe(true);
    let count = 0;
    for await (const record of sheet.rows()) {
      expect(record).toEqual({
        row: count + 2,
        values: cells({ name: `Fund ${count} ✓ Ø`, notes: `line one\nline ${"é".repeat((count % 7) + 1)}` }),
      });
      count += 1;
      expect(sheet.readFraction()).toBeGreaterThan(0);
    }
    expect(count).toBe(6000);
    expect(sheet.readFraction()).toBe(1);
    // A second reading gives the same rows (the import reads a file twice).
    let again = 0;
    for await (const _ of sheet.rows()) again += 1;
    expect(again).toBe(6000);
  });

  it("says when a file has only its header, and refuses one with too many rows", async () => {
    expect((await openSpreadsheet(Buffer.from("name,country\n\n,\n"), "csv")).hasRows).toBe(false);
    const tooMany = Buffer.from(`name\n${"x\n".repeat(MAX_IMPORT_ROWS + 1)}`);
    await expect(parseSpreadsheet(tooMany, "csv")).rejects.toThrow(
      "The file has more than 200,000 rows; at most 200,000 can be imported at once.",
    );
  });

  it("numbers the rows of a long workbook as one reading of the whole sheet would", async () => {
    const rows: unknown[][] = [["name", "fund_size"]];
    for (let index = 0; index < 4500; index += 1) {
      if (index === 2100) rows.push([]);
      if (index === 3000) rows.push(["Name", "Fund_Size"]);
      rows.push([`Fund ${index}`, index]);
    }
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Funds");
    const buffer = XLSX.write(workbook, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const records = await parseSpreadsheet(buffer, "xlsx");
    expect(records).toHaveLength(4500);
    // The blank row is not counted, the repeated header is: as before slices were read.
    expect(records[2099]).toEqual({ row: 2101, values: cells({ name: "Fund 2099", fund_size: "2099" }) });
    expect(records[2100]).toEqual({ row: 2102, values: cells({ name: "Fund 2100", fund_size: "2100" }) });
    expect(records[3000]).toEqual({ row: 3003, values: cells({ name: "Fund 3000", fund_size: "3000" }) });
    expect(records.at(-1)?.row).toBe(4502);
  });
});
