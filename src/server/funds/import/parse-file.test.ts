import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { ImportFileError, parseSpreadsheet } from "./parse-file.js";

describe("spreadsheet parsing", () => {
  it("reads CSV with quoting, a BOM and blank lines, numbering rows as a spreadsheet does", () => {
    const csv = '\uFEFFname,description\n"Acme, Inc.","He said ""hi"""\n\n  Beta  ,x\n';
    expect(parseSpreadsheet(Buffer.from(csv), "csv")).toEqual([
      { row: 2, values: { name: "Acme, Inc.", description: 'He said "hi"' } },
      { row: 3, values: { name: "Beta", description: "x" } },
    ]);
  });

  it("reads the first sheet of an Excel workbook", () => {
    const sheet = XLSX.utils.aoa_to_sheet([["name", "fund_size"], ["Acme", 1500000], [], ["Beta", ""]]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, "Funds");
    const buffer = XLSX.write(workbook, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const records = parseSpreadsheet(buffer, "xlsx");
    expect(records.map((record) => record.values.name)).toEqual(["Acme", "Beta"]);
    expect(records[0]?.values.fund_size).toBe("1500000");
  });

  it("refuses a file without a header or with broken quoting", () => {
    expect(() => parseSpreadsheet(Buffer.from(""), "csv")).toThrow(ImportFileError);
    expect(() => parseSpreadsheet(Buffer.from('name\n"unterminated'), "csv")).toThrow(ImportFileError);
    expect(() => parseSpreadsheet(Buffer.from("not a workbook"), "xlsx")).toThrow(ImportFileError);
  });
});
