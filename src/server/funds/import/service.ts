import type { ImportMode, ImportResult } from "../../../shared/schemas/import.js";
import type { Db } from "../../db/client.js";
import { invalid } from "../../errors.js";
import * as fundsRepository from "../repository.js";
import { mapColumns, type NormalisedFund, normaliseRecord } from "./normalise.js";
import {
  detectFileKind,
  FILE_TYPE_REFUSED,
  type ImportFileKind,
  parseSpreadsheet,
  type SheetRecord,
} from "./parse-file.js";

export type ImportOptions = { mode: ImportMode; defaultSource?: string };

/**
 * The one import path: the admin upload and the first-start seed both come through here.
 * Parse → map columns → validate and normalise each row → detect duplicates (name plus country,
 * against the database and earlier rows of the same file) → write in batches, in one transaction,
 * so that a failure leaves the fund data as it was.
 */
export async function importFundsFile(
  db: Db,
  buffer: Buffer,
  kind: ImportFileKind,
  options: ImportOptions,
): Promise<ImportResult> {
  return importRecords(db, parseSpreadsheet(buffer, kind), options);
}

/**
 * An admin's upload: the file's kind is checked against its name, type and content, and a file
 * whose header lacks a column every fund needs is refused as a whole (400, naming the columns)
 * before anything is written. The source of each new fund is the file's name.
 */
export async function importUploadedFile(
  db: Db,
  file: { buffer: Buffer; fileName: string; mimeType: string },
  mode: ImportMode,
): Promise<ImportResult> {
  const kind = detectFileKind(file.buffer, file.fileName, file.mimeType);
  if (!kind) throw invalid(FILE_TYPE_REFUSED);
  const records = parseSpreadsheet(file.buffer, kind);
  const { missing } = mapColumns(records.length > 0 ? Object.keys(records[0]?.values ?? {}) : []);
  if (records.length > 0 && missing.length > 0) throw invalid(`Missing required column(s): ${missing.join(", ")}`);
  return importRecords(db, records, { mode, defaultSource: sourceName(file.fileName) });
}

/** The admin's import as the routes see it: written, then this instance's search index renewed. */
export class FundImportService {
  constructor(
    private readonly db: Db,
    private readonly indexes: { invalidate(): void },
  ) {}

  async upload(file: { buffer: Buffer; fileName: string; mimeType: string }, mode: ImportMode): Promise<ImportResult> {
    const result = await importUploadedFile(this.db, file, mode);
    // Other instances hear of the change through the funds trigger; this one is told at once, so
    // that its next search already sees the new funds.
    this.indexes.invalidate();
    return result;
  }
}

/** The file's own name, cut to what the source column keeps, as the funds' provenance. */
function sourceName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()?.trim() || "import";
  return base.slice(0, 100);
}

async function importRecords(db: Db, records: SheetRecord[], options: ImportOptions): Promise<ImportResult> {
  const result: ImportResult = {
    successfulImports: 0,
    failedImports: 0,
    duplicatesFound: 0,
    duplicatesSkipped: 0,
    duplicatesUpdated: 0,
    errors: [],
  };
  if (records.length === 0) return result;

  const { fieldByColumn, missing } = mapColumns(Object.keys(records[0]?.values ?? {}));
  if (missing.length > 0) {
    result.failedImports = records.length;
    result.errors.push({ row: "N/A", error: `Missing required column(s): ${missing.join(", ")}` });
    return result;
  }

  const valid: Array<{ row: number; fund: NormalisedFund }> = [];
  for (const record of records) {
    const outcome = normaliseRecord(record, fieldByColumn, options.defaultSource);
    if (outcome.ok) valid.push({ row: record.row, fund: outcome.fund });
    else {
      result.failedImports += 1;
      result.errors.push({ row: record.row, error: outcome.error });
    }
  }

  await db.transaction(async (tx) => {
    const existing = await fundsRepository.findFundIdsByKeys(
      tx,
      valid.map(({ fund }) => fund),
    );
    const seenInFile = new Set<string>();
    const toInsert: NormalisedFund[] = [];
    for (const { fund } of valid) {
      const key = fundsRepository.duplicateKey(fund.name, fund.country);
      const existingIds = existing.get(key);
      const isDuplicate = existingIds !== undefined || seenInFile.has(key);
      seenInFile.add(key);
      if (!isDuplicate) {
        toInsert.push(fund);
        result.successfulImports += 1;
        continue;
      }
      result.duplicatesFound += 1;
      if (options.mode === "allow_duplicates") toInsert.push(fund);
      else if (options.mode === "update_duplicates" && existingIds?.[0] !== undefined) {
        // The oldest record with that name and country is the canonical one.
        await fundsRepository.updateFund(tx, existingIds[0], fund);
        result.duplicatesUpdated += 1;
      } else result.duplicatesSkipped += 1;
    }
    await fundsRepository.insertFunds(tx, toInsert);
  });

  return result;
}
