import type {
  ImportMapping,
  ImportMode,
  ImportPreview,
  ImportProgressPhase,
  ImportResult,
  ImportRun,
} from "../../../shared/schemas/import.js";
import type { Db } from "../../db/client.js";
import { DomainError, invalid } from "../../errors.js";
import * as fundsRepository from "../repository.js";
import { allCountries, countryByCode } from "./countries.js";
import {
  applyColumnMapping,
  type ImportField,
  issueText,
  mapColumns,
  missingFields,
  type NormalisedFund,
  type NormaliserOptions,
  RowNormaliser,
  valueMappings,
} from "./normalise.js";
import {
  detectFileKind,
  FILE_TYPE_REFUSED,
  type ImportFileKind,
  parseSpreadsheet,
  type SheetRecord,
} from "./parse-file.js";
import * as runsRepository from "./repository.js";

export type ImportOptions = { mode: ImportMode; defaultSource?: string };

export type UploadedFile = { buffer: Buffer; fileName: string; mimeType: string };

export type ImportProgress = { phase: ImportProgressPhase; processed: number; total: number };
export type ProgressListener = (progress: ImportProgress) => void;

/** Who started an import, for its history entry. */
export type ImportActor = { id: number; email: string } | null;

/** Rows per insert statement and per progress report while writing. */
const WRITE_BATCH = fundsRepository.INSERT_BATCH_SIZE;
/** Rows checked between two progress reports (and two turns of the event loop). */
const CHECK_BATCH = 2000;
/** At most this many row warnings travel back with a result; the count of the rest is said. */
const MAX_WARNINGS = 500;
const PREVIEW_ROWS = 10;
const PREVIEW_ERRORS = 50;
const PREVIEW_UNKNOWN_VALUES = 300;

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
  const records = parseSpreadsheet(buffer, kind);
  const { fieldByColumn, missing } = mapColumns(columnsOf(records));
  if (records.length > 0 && missing.length > 0) {
    return {
      ...emptyResult(),
      failedImports: records.length,
      errors: [{ row: "N/A", error: `Missing required column(s): ${missing.join(", ")}` }],
    };
  }
  const normaliser = new RowNormaliser(fieldByColumn, { defaultSource: options.defaultSource ?? "import" });
  const checked = await checkRecords(records, normaliser);
  return db.transaction(async (tx) => (await writeFunds(tx, checked, options.mode, null)).result);
}

/** A file made ready for a preview or an import: its kind checked, read, its columns mapped. */
type PreparedFile = {
  records: SheetRecord[];
  columns: string[];
  fieldByColumn: Map<string, ImportField>;
  missing: ImportField[];
  normaliser: RowNormaliser;
};

/**
 * An admin's upload, before anything is written: the file's kind is checked against its name,
 * type and content, and the admin's mapping is checked against the file (every column it names
 * must exist, every country it maps to must be real).
 */
function prepareUpload(file: UploadedFile, mapping: ImportMapping | undefined, importDate: string): PreparedFile {
  const kind = detectFileKind(file.buffer, file.fileName, file.mimeType);
  if (!kind) throw invalid(FILE_TYPE_REFUSED);
  const records = parseSpreadsheet(file.buffer, kind);
  const columns = columnsOf(records);
  for (const column of Object.keys(mapping?.columns ?? {})) {
    if (!columns.includes(column)) throw invalid(`The mapping names a column the file does not have: '${column}'.`);
  }
  for (const code of Object.values(mapping?.values?.country ?? {})) {
    if (code !== null && !countryByCode(code)) throw invalid(`The mapping names an unknown country code: '${code}'.`);
  }
  const fieldByColumn = applyColumnMapping(mapColumns(columns).fieldByColumn, mapping?.columns);
  const options: NormaliserOptions = {
    forceSource: sourceName(file.fileName),
    reviewedDefault: importDate,
    mappings: valueMappings(mapping?.values),
  };
  return {
    records,
    columns,
    fieldByColumn,
    missing: missingFields(new Set(fieldByColumn.values())),
    normaliser: new RowNormaliser(fieldByColumn, options),
  };
}

function columnsOf(records: SheetRecord[]): string[] {
  return records.length > 0 ? Object.keys(records[0]?.values ?? {}) : [];
}

type CheckedRows = {
  valid: Array<{ row: number; fund: NormalisedFund }>;
  errors: Array<{ row: number; error: string }>;
  warnings: Array<{ row: number; warning: string }>;
  warningCount: number;
  /** Unknown values per field and column, with how often each occurs. */
  unknown: Map<string, { field: ImportField; column: string; value: string; count: number; mappable: boolean }>;
  total: number;
};

async function checkRecords(
  records: SheetRecord[],
  normaliser: RowNormaliser,
  onProgress?: ProgressListener,
): Promise<CheckedRows> {
  const checked: CheckedRows = {
    valid: [],
    errors: [],
    warnings: [],
    warningCount: 0,
    unknown: new Map(),
    total: records.length,
  };
  for (let index = 0; index < records.length; index += 1) {
    const record = records[index] as SheetRecord;
    const outcome = normaliser.normalise(record);
    if (outcome.ok) checked.valid.push({ row: record.row, fund: outcome.fund });
    else checked.errors.push({ row: record.row, error: outcome.error });
    for (const issue of outcome.issues) {
      const key = `${issue.field}\u0000${issue.column}\u0000${issue.value}`;
      const seen = checked.unknown.get(key);
      if (seen) seen.count += 1;
      else
        checked.unknown.set(key, {
          field: issue.field,
          column: issue.column,
          value: issue.value,
          count: 1,
          mappable: issue.mappable,
        });
      if (outcome.ok) {
        checked.warningCount += 1;
        if (checked.warnings.length < MAX_WARNINGS)
          checked.warnings.push({ row: record.row, warning: issueText(issue) });
      }
    }
    if ((index + 1) % CHECK_BATCH === 0) {
      onProgress?.({ phase: "checking", processed: index + 1, total: records.length });
      // Let the progress line leave and other requests run between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  onProgress?.({ phase: "checking", processed: records.length, total: records.length });
  return checked;
}

function emptyResult(): ImportResult {
  return {
    successfulImports: 0,
    failedImports: 0,
    duplicatesFound: 0,
    duplicatesSkipped: 0,
    duplicatesUpdated: 0,
    errors: [],
  };
}

type Plan = {
  toInsert: NormalisedFund[];
  toUpdate: Array<{ id: number; fund: NormalisedFund }>;
  duplicateRows: Set<number>;
};

/** What the import would do with the valid rows, given the funds already stored. */
async function planWrites(db: Db, valid: CheckedRows["valid"], mode: ImportMode, result: ImportResult): Promise<Plan> {
  const existing = await fundsRepository.findFundIdsByKeys(
    db,
    valid.map(({ fund }) => fund),
  );
  const seenInFile = new Set<string>();
  const plan: Plan = { toInsert: [], toUpdate: [], duplicateRows: new Set() };
  for (const { row, fund } of valid) {
    const key = fundsRepository.duplicateKey(fund.name, fund.country);
    const existingIds = existing.get(key);
    const isDuplicate = existingIds !== undefined || seenInFile.has(key);
    seenInFile.add(key);
    if (!isDuplicate) {
      plan.toInsert.push(fund);
      result.successfulImports += 1;
      continue;
    }
    plan.duplicateRows.add(row);
    result.duplicatesFound += 1;
    if (mode === "allow_duplicates") plan.toInsert.push(fund);
    else if (mode === "update_duplicates" && existingIds?.[0] !== undefined) {
      // The oldest record with that name and country is the canonical one.
      plan.toUpdate.push({ id: existingIds[0], fund });
      result.duplicatesUpdated += 1;
    } else result.duplicatesSkipped += 1;
  }
  return plan;
}

async function writeFunds(
  tx: Db,
  checked: CheckedRows,
  mode: ImportMode,
  importId: number | null,
  onProgress?: ProgressListener,
): Promise<{ result: ImportResult }> {
  const result: ImportResult = {
    ...emptyResult(),
    failedImports: checked.errors.length,
    errors: checked.errors,
  };
  const plan = await planWrites(tx, checked.valid, mode, result);
  const withRun = (fund: NormalisedFund) => (importId === null ? fund : { ...fund, importId });
  const total = plan.toInsert.length + plan.toUpdate.length;
  let written = 0;
  for (let start = 0; start < plan.toInsert.length; start += WRITE_BATCH) {
    const batch = plan.toInsert.slice(start, start + WRITE_BATCH).map(withRun);
    await fundsRepository.insertFunds(tx, batch);
    written += batch.length;
    if (onProgress) {
      onProgress({ phase: "writing", processed: written, total });
      // PGlite answers without the event loop turning; this lets the progress line reach the socket.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  for (const { id, fund } of plan.toUpdate) {
    await fundsRepository.updateFund(tx, id, withRun(fund));
    written += 1;
    if (written % WRITE_BATCH === 0) onProgress?.({ phase: "writing", processed: written, total });
  }
  onProgress?.({ phase: "writing", processed: total, total });
  if (checked.warningCount > 0) result.warnings = checked.warnings;
  return { result };
}

/** Today as the import records it in lastReviewed when the file gives no date. */
const today = () => new Date().toISOString().slice(0, 10);

/** The file's own name, cut to what the source column keeps, as the funds' provenance. */
function sourceName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()?.trim() || "import";
  return base.slice(0, 100);
}

export type UploadRequest = {
  file: UploadedFile;
  mode: ImportMode;
  mapping?: ImportMapping | undefined;
  actor?: ImportActor;
  onProgress?: ProgressListener;
};

/**
 * The admin's import as the routes see it: preview, import (written in one transaction with its
 * history entry, then this instance's search index renewed) and the history list.
 */
export class FundImportService {
  constructor(
    private readonly db: Db,
    private readonly indexes: { invalidate(): void },
  ) {}

  /**
   * What an import of this file would do, without writing: the detected mapping, the values it
   * cannot read, the counts, and the first rows as they would be stored.
   */
  async preview(request: Omit<UploadRequest, "onProgress" | "actor">): Promise<ImportPreview> {
    const prepared = prepareUpload(request.file, request.mapping, today());
    const checked = await checkRecords(prepared.records, prepared.normaliser);
    const result = emptyResult();
    const plan =
      prepared.missing.length > 0
        ? { toInsert: [], toUpdate: [], duplicateRows: new Set<number>() }
        : await planWrites(this.db, checked.valid, request.mode, result);
    const samples = (column: string) => {
      const values: string[] = [];
      for (const record of prepared.records) {
        const value = record.values[column];
        if (value && !values.includes(value)) values.push(value.length > 60 ? `${value.slice(0, 60)}…` : value);
        if (values.length >= 3) break;
      }
      return values;
    };
    return {
      fileName: sourceName(request.file.fileName),
      rowCount: prepared.records.length,
      columns: prepared.columns.map((column) => ({
        column,
        field: prepared.fieldByColumn.get(column) ?? null,
        samples: samples(column),
      })),
      missing: prepared.missing,
      unknownValues: [...checked.unknown.values()]
        .sort((a, b) => Number(b.mappable) - Number(a.mappable) || b.count - a.count || a.value.localeCompare(b.value))
        .slice(0, PREVIEW_UNKNOWN_VALUES),
      summary: {
        total: prepared.records.length,
        newRecords: prepared.missing.length > 0 ? 0 : result.successfulImports,
        duplicatesFound: result.duplicatesFound,
        duplicatesSkipped: result.duplicatesSkipped,
        duplicatesUpdated: result.duplicatesUpdated,
        failed: prepared.missing.length > 0 ? prepared.records.length : checked.errors.length,
        withWarnings: new Set(checked.warnings.map((warning) => warning.row)).size,
      },
      errors:
        prepared.missing.length > 0
          ? [{ row: "N/A", error: missingText(prepared.missing) }]
          : checked.errors.slice(0, PREVIEW_ERRORS),
      rows: checked.valid.slice(0, PREVIEW_ROWS).map(({ row, fund }) => ({
        row,
        name: fund.name,
        country: fund.country,
        countryCode: fund.countryCode ?? null,
        city: fund.city ?? null,
        fundingStages: fund.fundingStages,
        industryFocus: fund.industryFocus,
        fundSize: fund.fundSize ?? null,
        currency: fund.currency ?? null,
        checkSizeMinUsd: fund.checkSizeMinUsd ?? null,
        checkSizeMaxUsd: fund.checkSizeMaxUsd ?? null,
        website: fund.website ?? null,
        lastReviewed: fund.lastReviewed ?? null,
        duplicate: plan.duplicateRows.has(row),
      })),
      countryChoices: checked.unknown.size > 0 ? allCountries() : [],
    };
  }

  /**
   * Imports a file: all of it or nothing. The funds and the history entry are written in one
   * transaction; a file whose columns (after the admin's mapping) lack a required field is refused
   * before anything is written.
   */
  async upload(request: UploadRequest): Promise<ImportResult> {
    const { file, mode, onProgress } = request;
    onProgress?.({ phase: "reading", processed: 0, total: 0 });
    const prepared = prepareUpload(file, request.mapping, today());
    if (prepared.records.length > 0 && prepared.missing.length > 0) throw invalid(missingText(prepared.missing));
    const checked = await checkRecords(prepared.records, prepared.normaliser, onProgress);
    const start: runsRepository.RunStart = {
      adminId: request.actor?.id ?? null,
      adminEmail: request.actor?.email ?? null,
      fileName: sourceName(file.fileName),
      fileBytes: file.buffer.length,
      mode,
      totalRows: prepared.records.length,
    };
    let outcome: { result: ImportResult; importId: number };
    try {
      outcome = await this.db.transaction(async (tx) => {
        const importId = await runsRepository.insertRun(tx, start);
        const { result } = await writeFunds(tx, checked, mode, importId, onProgress);
        await runsRepository.finishRun(tx, importId, result);
        return { result, importId };
      });
    } catch (error) {
      // Nothing of the file was kept; the history says so, with the reason, for whoever looks next.
      await runsRepository
        .insertFailedRun(
          this.db,
          start,
          error instanceof DomainError ? error.message : "The import failed on the server; nothing was stored.",
        )
        .catch(() => undefined);
      throw error;
    }
    // Other instances hear of the change through the funds trigger; this one is told at once, so
    // that its next search already sees the new funds.
    this.indexes.invalidate();
    return { ...outcome.result, importId: outcome.importId };
  }

  history(limit = 20): Promise<ImportRun[]> {
    return runsRepository.listRuns(this.db, limit);
  }
}

function missingText(missing: readonly string[]): string {
  return `Missing required column(s): ${missing.join(", ")}`;
}
