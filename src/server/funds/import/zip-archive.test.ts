import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { deflated, deflatedRepeat, zip } from "../../../../tests/support/zip.js";
import { checkXlsxArchive, readZipDirectory, XLSX_LIMITS, ZipArchiveError } from "./zip-archive.js";

const sheetOf = (rows: number) => deflatedRepeat("<sheetData>", "<row><c><v>1</v></c></row>", rows, "</sheetData>");

describe("the .xlsx archive check", () => {
  it("lets a real workbook through", async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["name"], ["Fund"]]), "Funds");
    const buffer = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    expect(readZipDirectory(buffer).map((entry) => entry.name)).toContain("xl/worksheets/sheet1.xml");
    await expect(checkXlsxArchive(buffer)).resolves.toBeUndefined();
  });

  it("reads ZIP64 sizes from the extra field", async () => {
    const sheet = await sheetOf(1000);
    const [entry] = readZipDirectory(zip([{ ...sheet, zip64: true }]));
    expect(entry).toMatchObject({ uncompressedSize: sheet.size, compressedSize: sheet.data.length });
    await expect(checkXlsxArchive(zip([{ ...sheet, zip64: true }]))).resolves.toBeUndefined();
  });

  it("refuses by the declared sizes, and catches a directory that understates them", async () => {
    const sheet = await sheetOf(1000);
    const tooLarge = zip([{ ...sheet, declaredSize: XLSX_LIMITS.totalUncompressedBytes + 1 }]);
    await expect(checkXlsxArchive(tooLarge)).rejects.toMatchObject({ tooLarge: true });
    const understated = zip([{ ...sheet, declaredSize: sheet.size - 1 }]);
    await expect(checkXlsxArchive(understated)).rejects.toMatchObject({ tooLarge: false });
    const exact = zip([sheet, await deflated("a.xml", "<a/>")]);
    await expect(checkXlsxArchive(exact)).resolves.toBeUndefined();
  });

  it("refuses damaged archives without throwing anything else", async () => {
    const good = zip([await sheetOf(10)]);
    for (const bad of [
      Buffer.alloc(0),
      Buffer.from("PK\u0003\u0004"),
      good.subarray(0, good.length - 5),
      good.subarray(10),
      Buffer.concat([good.subarray(0, 56), Buffer.alloc(8, 0xff), good.subarray(64)]),
    ]) {
      await expect(checkXlsxArchive(bad)).rejects.toBeInstanceOf(ZipArchiveError);
    }
  });
});
