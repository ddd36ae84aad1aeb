import type { HistoryField } from "../../../shared/fund-history.js";
import {
  type ImportMapping,
  type ImportMode,
  type ImportPreview,
  type ImportProgressPhase,
  type ImportResult,
  type ImportRun,
  requiredImportFields,
} from "../../../shared/schemas/import.js";
import { type StageCode, sortStages } from "../../../shared/stages.js";
import { graphemePrefix } from "../../../shared/text-cut.js";
import type { Db } from "../../db/client.js";
import type { FundFactRow, FundRow } from "../../db/types.js";
import { DomainError, invalid } from "../../errors.js";
import {
  ADMIN_SOURCE,
  descriptionFactOfEdit,
  type FactSource,
  factsOfEdit,
  sourceNameOfUrl,
  statusFactOf,
} from "../fact-edits.js";
import { diffFund, type HistoryAuthor, readHistorySnapshot, recordChangesSince, sameValue } from "../fund-history.js";
import type { FundFactValues } from "../repository.js";
import * as fundsRepository from "../repository.js";
import { allCountries, countryByCode } from "./countries.js";
import {
  applyColumnMapping,
  type ImportField,
  issueText,
  type ListField,
  mapColumns,
  missingFields,
  type NormalisedFund,
  type NormaliseResult,
  type NormaliserOptions,
  type RowIssue,
  RowNormaliser,
  valueMappings,
} from "./normalise.js";
import {
  detectFileKind,
  FILE_TYPE_REFUSED,
  type ImportFileKind,
  openSpreadsheet,
  type SheetRecord,
  type Spreadsheet,
} from "./parse-file.js";
import * as runsRepository from "./repository.js";

export type ImportOptions = { mode: ImportMode; defaultSource?: string };

export type UploadedFile = { buffer: Buffer; fileName: string; mimeType: string };

export type ImportProgress = { phase: ImportProgressPhase; processed: number; total: number };
export type ProgressListener = (progress: ImportProgress) => void;

/** Who started an import, for its history entry. */
export type ImportActor = { id: number; email: string } | null;

/** Valid rows per duplicate lookup, per write and per progress report while writing. */
const WRITE_BATCH = fundsRepository.INSERT_BATCH_SIZE;
/** Rows checked between two progress reports (and two turns of the event loop). */
const CHECK_BATCH = 2000;
/** At most this many row warnings travel back with a result; the count of the rest is said. */
const MAX_WARNINGS = 500;
const PREVIEW_ROWS = 10;
const PREVIEW_ERRORS = 50;
const PREVIEW_UNKNOWN_VALUES = 300;
/** Distinct unknown values the preview counts; a column of unique junk must not fill the memory. */
const MAX_UNKNOWN_TRACKED = 20_000;
const SAMPLES_PER_COLUMN = 3;

/**
 * The one import path: the admin upload and the first-start seed both come through here.
 * The file is read twice, a row at a time, and never held as a table of rows or funds: first
 * every row is normalised and checked (errors, warnings, counts), then, in one transaction, the
 * rows are normalised again and written in batches, each batch's duplicates (name plus country,
 * against the funds stored before and the file's earlier rows) found by one lookup. A failure
 * anywhere in the transaction leaves the fund data as it was.
 */
export async function importFundsFile(
  db: Db,
  buffer: Buffer,
  kind: ImportFileKind,
  options: ImportOptions,
): Promise<ImportResult> {
  const sheet = await openSpreadsheet(buffer, kind);
  const { fieldByColumn, missing } = mapColumns(sheet.columns, requiredImportFields(options.mode));
  const file: ReadyFile = {
    sheet,
    fieldByColumn,
    missing,
    normaliser: new RowNormaliser(fieldByColumn, {
      defaultSource: options.defaultSource ?? "import",
      partial: options.mode === "update_duplicates",
    }),
    // Each row's own source column names its facts (the seed's 'curated').
    factSource: null,
  };
  if (sheet.hasRows && missing.length > 0) {
    let rows = 0;
    for await (const _ of sheet.rows()) rows += 1;
    return { ...emptyResult(), failedImports: rows, errors: [{ row: "N/A", error: missingText(missing) }] };
  }
  const check = await checkFile(file);
  return db.transaction((tx) =>
    writeFunds(tx, file, check, options.mode, null, { writer: "import", userId: null, email: null }),
  );
}

/** A file made ready for a preview or an import: its kind checked, opened, its columns mapped. */
type ReadyFile = {
  /** The date a row without its own "Last reviewed" gets (the upload's day); it states nothing about the row. */
  importDate?: string;
  sheet: Spreadsheet;
  fieldByColumn: Map<string, ImportField>;
  missing: ImportField[];
  normaliser: RowNormaliser;
  /**
   * The source the facts an import writes carry: the publication the admin named (shown publicly),
   * or the admin's own word when none was named; null: each row's source column (the seed).
   */
  factSource: FactSource | null;
};

/**
 * An admin's upload, before anything is written: the file's kind is checked against its name,
 * type and content, and the admin's mapping is checked against the file (every column it names
 * must exist, every country it maps to must be real).
 */
async function openUpload(
  file: UploadedFile,
  mapping: ImportMapping | undefined,
  importDate: string,
  mode: ImportMode,
  sourceUrl: string | undefined,
): Promise<ReadyFile> {
  const kind = detectFileKind(file.buffer, file.fileName, file.mimeType);
  if (!kind) throw invalid(FILE_TYPE_REFUSED);
  const sheet = await openSpreadsheet(file.buffer, kind);
  for (const column of Object.keys(mapping?.columns ?? {})) {
    if (!sheet.columns.includes(column))
      throw invalid(`The mapping names a column the file does not have: '${column}'.`);
  }
  for (const code of Object.values(mapping?.values?.country ?? {})) {
    if (code !== null && !countryByCode(code)) throw invalid(`The mapping names an unknown country code: '${code}'.`);
  }
  const fieldByColumn = applyColumnMapping(mapColumns(sheet.columns).fieldByColumn, mapping?.columns);
  // The file's name stays in the import's history (admins only); the funds and their facts name the
  // source the admin gave, or the admin when none was given (issue 36).
  const factSource: FactSource = sourceUrl
    ? { name: sourceNameOfUrl(sourceUrl), url: sourceUrl, origin: "source" }
    : ADMIN_SOURCE;
  const options: NormaliserOptions = {
    forceSource: factSource.name,
    reviewedDefault: importDate,
    mappings: valueMappings(mapping?.values),
    partial: mode === "update_duplicates",
    statusSourced: factSource.url !== null,
  };
  return {
    importDate,
    sheet,
    fieldByColumn,
    missing: missingFields(new Set(fieldByColumn.values()), requiredImportFields(mode)),
    normaliser: new RowNormaliser(fieldByColumn, options),
    factSource,
  };
}

type ValidRow = {
  row: number;
  fund: NormalisedFund;
  partialLists: readonly ListField[];
  statusAsOf: string | null;
  countryStated: boolean;
  missingForNew: readonly string[];
};
type UnknownValue = { field: ImportField; column: string; value: string; count: number; mappable: boolean };

/**
 * Reads the file once, row by row: each row normalised and shown to `onRow`, the valid ones handed
 * to `onFunds` in batches of WRITE_BATCH. Returns the number of rows read.
 */
async function scanFile(
  file: ReadyFile,
  handlers: {
    onRow?: (record: SheetRecord, outcome: NormaliseResult) => void;
    onFunds?: (batch: ValidRow[]) => Promise<void>;
    onProgress?: (rowsRead: number) => void;
    /** A second read after `check`: rows it failed are skipped, the others are not checked again. */
    after?: FileCheck;
  },
): Promise<number> {
  let rowsRead = 0;
  let batch: ValidRow[] = [];
  const failedRows = handlers.after ? new Set(handlers.after.errors.map((error) => error.row)) : undefined;
  for await (const record of file.sheet.rows()) {
    rowsRead += 1;
    const outcome = failedRows?.has(record.row) ? null : file.normaliser.normalise(record, failedRows !== undefined);
    if (outcome) handlers.onRow?.(record, outcome);
    if (outcome?.ok && handlers.onFunds) {
      batch.push({
        row: record.row,
        fund: outcome.fund,
        partialLists: outcome.partialLists,
        statusAsOf: outcome.statusAsOf,
        countryStated: outcome.countryStated,
        missingForNew: outcome.missingForNew,
      });
      if (batch.length >= WRITE_BATCH) {
        await handlers.onFunds(batch);
        batch = [];
      }
    }
    if (rowsRead % CHECK_BATCH === 0) {
      handlers.onProgress?.(rowsRead);
      // Let progress lines leave and other requests run between slices of the file.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (batch.length > 0) await handlers.onFunds?.(batch);
  return rowsRead;
}

/** What checking every row found: all the result needs but the writes, and the preview's extras. */
class FileCheck {
  total = 0;
  valid = 0;
  readonly errors: Array<{ row: number; error: string }> = [];
  readonly warnings: Array<{ row: number; warning: string }> = [];
  warningCount = 0;
  rowsWithWarnings = 0;
  /** Unknown values per field, column and value, with how often each occurs (the preview's only). */
  readonly unknown = new Map<string, UnknownValue>();
  /** The first few distinct values of each column (the preview's only). */
  readonly samples = new Map<string, string[]>();

  constructor(private readonly forPreview: boolean) {}

  add(record: SheetRecord, outcome: NormaliseResult): void {
    if (outcome.ok) this.valid += 1;
    else this.errors.push({ row: record.row, error: outcome.error });
    if (outcome.ok && outcome.issues.length > 0) this.rowsWithWarnings += 1;
    for (const issue of outcome.issues) {
      if (this.forPreview) this.countUnknown(issue);
      if (outcome.ok) {
        this.warningCount += 1;
        if (this.warnings.length < MAX_WARNINGS) this.warnings.push({ row: record.row, warning: issueText(issue) });
      }
    }
    if (this.forPreview) this.sample(record);
  }

  private countUnknown(issue: RowIssue): void {
    const key = `${issue.field}\u0000${issue.column}\u0000${issue.value}`;
    const seen = this.unknown.get(key);
    if (seen) seen.count += 1;
    else if (this.unknown.size < MAX_UNKNOWN_TRACKED) {
      const { field, column, value, mappable } = issue;
      this.unknown.set(key, { field, column, value, count: 1, mappable });
    }
  }

  private sample(record: SheetRecord): void {
    for (const [column, value] of record.values) {
      if (!value) continue;
      let values = this.samples.get(column);
      if (!values) {
        values = [];
        this.samples.set(column, values);
      }
      if (values.length < SAMPLES_PER_COLUMN && !values.includes(value)) values.push(value);
    }
  }
}

/** The checking read: every row normalised; errors, warnings and counts kept, the funds not. */
async function checkFile(file: ReadyFile, options: { onProgress?: ProgressListener; forPreview?: boolean } = {}) {
  const check = new FileCheck(options.forPreview ?? false);
  const { onProgress } = options;
  check.total = await scanFile(file, {
    onRow: (record, outcome) => check.add(record, outcome),
    // The row count is known only at the end of the file: until then it is estimated from how
    // much of the file has been read.
    onProgress:
      onProgress &&
      ((rowsRead) => {
        const fraction = file.sheet.readFraction();
        const estimate = fraction > 0 ? Math.round(rowsRead / fraction) : rowsRead;
        onProgress({ phase: "checking", processed: rowsRead, total: Math.max(rowsRead, estimate) });
      }),
  });
  onProgress?.({ phase: "checking", processed: check.total, total: check.total });
  return check;
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

/** A row's place in the import: a new fund (null), a duplicate (of a stored fund, if any), or a failure. */
type Classified = null | { storedId: number | undefined } | { error: string };

/**
 * Duplicates by name plus country, batch after batch: against the funds stored before the import
 * (one lookup per batch, for the keys the file has not shown yet) and against the file's earlier
 * rows. Keys seen before are not looked up again, so funds the import itself has written in an
 * earlier batch are never mistaken for stored ones. An update row without a country (issue 36)
 * names its fund by its name alone: it must name exactly one stored fund's name and country.
 */
class DuplicateFinder {
  private readonly seenInFile = new Set<string>();
  /** The oldest stored fund for each key of the file that had one before the import. */
  private readonly storedIds = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** For each row, in order: null when it is new, else the stored fund it repeats (if any), or why it fails. */
  async classify(batch: readonly ValidRow[]): Promise<Classified[]> {
    const keys = batch.map(({ fund }) => fundsRepository.duplicateKey(fund.name, fund.country));
    const unseen = new Set(keys.filter((key, index) => batch[index]?.countryStated && !this.seenInFile.has(key)));
    if (unseen.size > 0) {
      const names = new Set(
        batch.filter((valid) => valid.countryStated).map(({ fund }) => fund.name.trim().toLowerCase()),
      );
      const stored = await fundsRepository.findOldestFundIdsByNames(this.db, [...names]);
      for (const [key, id] of stored) if (unseen.has(key)) this.storedIds.set(key, id);
    }
    const nameOnly = [
      ...new Set(batch.filter((valid) => !valid.countryStated).map(({ fund }) => fund.name.trim().toLowerCase())),
    ];
    const byName = new Map<string, Array<{ id: number; name: string; country: string }>>();
    for (const fund of await fundsRepository.findFundsByLowerNames(this.db, nameOnly)) {
      const key = fundsRepository.duplicateKey(fund.name, fund.country);
      // A fund this import added in an earlier batch is not one the file can mean to update.
      if (this.seenInFile.has(key) && !this.storedIds.has(key)) continue;
      const list = byName.get(fund.name.trim().toLowerCase()) ?? [];
      list.push(fund);
      byName.set(fund.name.trim().toLowerCase(), list);
    }
    return batch.map((valid, index) => {
      let key = keys[index] as string;
      if (!valid.countryStated) {
        const candidates = byName.get(valid.fund.name.trim().toLowerCase()) ?? [];
        const countries = [...new Set(candidates.map((fund) => fund.country))];
        if (countries.length === 0) return null;
        if (countries.length > 1) {
          return {
            error: `name '${valid.fund.name}' is shared by funds in ${countries.join(", ")}; add a country column to say which one this row updates`,
          };
        }
        const oldest = candidates[0] as { id: number; name: string; country: string };
        key = fundsRepository.duplicateKey(oldest.name, oldest.country);
        if (!this.seenInFile.has(key)) this.storedIds.set(key, oldest.id);
      }
      const storedId = this.storedIds.get(key);
      const duplicate = storedId !== undefined || this.seenInFile.has(key);
      this.seenInFile.add(key);
      return duplicate ? { storedId } : null;
    });
  }
}

/** Why a row that names no stored fund cannot be added as a new one (an update row that lacks its country or stage). */
function newFundError(valid: ValidRow): string | undefined {
  if (valid.missingForNew.length === 0) return undefined;
  return `no stored fund is named '${valid.fund.name}'${valid.countryStated ? ` in ${valid.fund.country}` : ""}, and a new fund needs its ${valid.missingForNew.join(" and ")}`;
}

/** What the import does with one duplicate, by mode: counted, and kept apart, written or dropped. */
function countDuplicate(
  mode: ImportMode,
  storedId: number | undefined,
  result: ImportResult,
): "insert" | "update" | "skip" {
  result.duplicatesFound += 1;
  if (mode === "allow_duplicates") return "insert";
  // The oldest record with that name and country is the canonical one; a repeat of a row of the
  // file with no stored fund behind it is skipped.
  if (mode === "update_duplicates" && storedId !== undefined) {
    result.duplicatesUpdated += 1;
    return "update";
  }
  result.duplicatesSkipped += 1;
  return "skip";
}

/** The writing read, inside the caller's transaction: counts from the checking read, funds written per batch. */
async function writeFunds(
  tx: Db,
  file: ReadyFile,
  check: FileCheck,
  mode: ImportMode,
  importId: number | null,
  author: HistoryAuthor,
  onProgress?: ProgressListener,
): Promise<ImportResult> {
  const result: ImportResult = { ...emptyResult(), failedImports: check.errors.length, errors: [...check.errors] };
  const duplicates = new DuplicateFinder(tx);
  const day = file.importDate ?? today();
  let handled = 0;
  await scanFile(file, {
    after: check,
    onFunds: async (batch) => {
      const found = await duplicates.classify(batch);
      const inserts: ValidRow[] = [];
      // By stored id: a stored fund repeated in the file takes its last row's values.
      const updates = new Map<number, ValidRow>();
      batch.forEach((valid, index) => {
        const { fund } = valid;
        if (importId !== null) fund.importId = importId;
        const duplicate = found[index] ?? null;
        const failure =
          duplicate && "error" in duplicate ? duplicate.error : duplicate ? undefined : newFundError(valid);
        if (failure) {
          result.failedImports += 1;
          result.errors.push({ row: valid.row, error: failure });
          return;
        }
        const storedId = duplicate && "storedId" in duplicate ? duplicate.storedId : undefined;
        const action = duplicate ? countDuplicate(mode, storedId, result) : "insert";
        if (!duplicate) result.successfulImports += 1;
        if (action === "insert") inserts.push(valid);
        else if (action === "update" && storedId !== undefined) updates.set(storedId, valid);
      });
      const ids = await fundsRepository.insertFunds(
        tx,
        inserts.map((valid) => valid.fund),
      );
      // A new fund's sourced status needs its provenance like any other's.
      const newFacts = inserts.flatMap((valid, index) =>
        valid.fund.status && file.factSource
          ? [statusFactOf(ids[index] as number, valid.fund.status, file.factSource, valid.statusAsOf ?? day)]
          : [],
      );
      if (newFacts.length > 0) await fundsRepository.upsertFundFacts(tx, newFacts);
      // An update changes only what the row states, and the facts it changes now come from this
      // import (dated today): the stored funds are read before they change, for the history too.
      const snapshot = await readHistorySnapshot(tx, [...updates.keys()]);
      const plans = snapshot.rows.map((row) => {
        const valid = updates.get(row.id) as ValidRow;
        const plan = planUpdate(row, snapshot.facts, valid, file, day);
        for (const field of plan.kept) {
          result.keptTeamFacts = [...(result.keptTeamFacts ?? []), { row: valid.row, fund: row.name, field }];
        }
        return { row, ...plan };
      });
      await fundsRepository.updateFunds(
        tx,
        plans.map(({ row, values }) => ({ id: row.id, values })),
      );
      const facts = plans.flatMap((plan) => plan.facts);
      if (facts.length > 0) await fundsRepository.upsertFundFacts(tx, facts);
      await recordChangesSince(tx, snapshot, { ...author, importId });
      handled += batch.length;
      if (onProgress) {
        onProgress({ phase: "writing", processed: handled, total: check.valid });
        // PGlite answers without the event loop turning; this lets the progress line reach the socket.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  });
  if (handled === 0) onProgress?.({ phase: "writing", processed: 0, total: check.valid });
  if (check.warningCount > 0) result.warnings = check.warnings;
  return result;
}

/**
 * What one update row does to its stored fund: the values it leaves (mergeStated, the team's facts
 * kept), and the facts it writes, from the import's source, dated the import's day. The preview
 * shows the same plan that the import carries out.
 */
function planUpdate(
  row: FundRow,
  storedFacts: readonly FundFactRow[],
  valid: ValidRow,
  file: ReadyFile,
  day: string,
): { values: NormalisedFund; facts: FundFactValues[]; kept: string[] } {
  // The record keeps where it came from; the facts the row changes carry the import's own source.
  const values = { ...mergeStated(row, valid.fund, valid.partialLists), source: row.source };
  const rowDate =
    valid.fund.lastReviewed && valid.fund.lastReviewed !== file.importDate ? valid.fund.lastReviewed : null;
  const own = storedFacts.filter((fact) => fact.fundId === row.id);
  const kept = keepTeamFacts(
    row,
    values,
    own.filter((fact) => fact.origin === "fund_team"),
    rowDate,
  );
  const source = file.factSource ?? { name: values.source ?? row.source, url: null, origin: "source" as const };
  const facts = [
    ...factsOfEdit(row, values, source, day),
    ...descriptionFactOfEdit(
      row,
      values,
      own.some((fact) => fact.field === "description"),
      source,
      day,
    ),
  ];
  const status = values.status ?? null;
  const storedStatus = own.find((fact) => fact.field === "status");
  if (
    status !== null &&
    file.factSource &&
    valid.fund.status &&
    (status !== row.status ||
      storedStatus?.sourceUrl !== file.factSource.url ||
      (valid.statusAsOf !== null && storedStatus?.asOf !== valid.statusAsOf))
  ) {
    facts.push(statusFactOf(row.id, status, file.factSource, valid.statusAsOf ?? day));
  }
  return { values, facts, kept };
}

/** The fields an update plan changes, each from what to what (the history's values), for the preview. */
function plannedChanges(
  row: FundRow,
  storedFacts: readonly FundFactRow[],
  plan: { values: NormalisedFund; facts: readonly FundFactValues[] },
): Array<{ field: HistoryField; before: unknown; after: unknown }> {
  const own = storedFacts.filter((fact) => fact.fundId === row.id);
  const written = new Set(plan.facts.map((fact) => fact.field));
  const afterFacts: FundFactRow[] = [
    ...own.filter((fact) => !written.has(fact.field)),
    ...plan.facts.map((fact, index) => ({
      ...fact,
      id: -1 - index,
      origin: fact.origin ?? "source",
      retrievedOn: fact.retrievedOn ?? null,
      updatedAt: new Date(),
    })),
  ];
  const after = { ...row, ...plan.values } as FundRow;
  return diffFund(row, own, after, afterFacts)
    .filter((change) => !sameValue(change.before.value, change.after.value))
    .map((change) => ({ field: change.field, before: change.before.value, after: change.after.value }));
}

/** The fund columns behind each fact an import writes. */
const IMPORTED_FACT_COLUMNS: ReadonlyMap<string, ReadonlyArray<keyof NormalisedFund>> = new Map([
  ["fundSize", ["fundSize", "currency"]],
  // A cheque range's two ends travel together (see mergeStated).
  ["checkSizeMinUsd", ["checkSizeMinUsd", "checkSizeMaxUsd"]],
  ["checkSizeMaxUsd", ["checkSizeMinUsd", "checkSizeMaxUsd"]],
  ["leadsRounds", ["leadsRounds"]],
  ["website", ["website"]],
  ["fundingStages", ["fundingStages"]],
  ["industryFocus", ["industryFocus"]],
  ["sectorAgnostic", ["sectorAgnostic"]],
  ["portfolio", ["portfolio"]],
  ["description", ["description"]],
  ["status", ["status"]],
]);

/**
 * An update never replaces what the fund's own team stated (issue 24, docs/investors.md): a fact
 * whose provenance is the fund's team keeps its stored value, unless the row itself states a
 * "Last reviewed" date later than the day the team recorded the fact. The upload's own day is no
 * such statement: a file carries no date of its own, and an old file uploaded again must not undo
 * the team's newer word. Puts the stored values back into `values`; returns the facts kept.
 */
export function keepTeamFacts(
  stored: FundRow,
  values: NormalisedFund,
  teamFacts: readonly FundFactRow[],
  rowDate: string | null,
): string[] {
  const kept: string[] = [];
  for (const fact of teamFacts) {
    if (fact.fundId !== stored.id) continue;
    const columns = IMPORTED_FACT_COLUMNS.get(fact.field);
    if (!columns) continue;
    const recordedOn = fact.updatedAt.toISOString().slice(0, 10);
    if (rowDate !== null && rowDate > recordedOn) continue;
    const changes = columns.some(
      (column) => JSON.stringify(values[column] ?? null) !== JSON.stringify(stored[column as keyof FundRow] ?? null),
    );
    if (!changes) continue;
    for (const column of columns) Object.assign(values, { [column]: stored[column as keyof FundRow] });
    kept.push(fact.field);
  }
  return kept;
}

const stated = (value: unknown) =>
  value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);

/**
 * A stored fund with what one row of an 'Update Duplicates' import states laid over it: a column
 * the file lacks, an empty cell and a value the import could not read (all null or empty in the
 * normalised row) leave the stored value as it is. A stated list replaces the stored one, unless
 * the row named an item the import did not recognise: then the row's codes are added to the stored
 * ones, so that a name the vocabulary lacks never drops a stored industry or stage. A fund size
 * travels with its currency, and the two ends of a cheque range together (a row saying 'up to $1M'
 * states that the minimum is not known, which a stored minimum above $1M would contradict).
 */
export function mergeStated(
  stored: FundRow,
  fund: NormalisedFund,
  partialLists: readonly ListField[] = [],
): NormalisedFund {
  const merged: NormalisedFund = { ...stored };
  for (const key of Object.keys(fund) as Array<keyof NormalisedFund>) {
    if (stated(fund[key])) Object.assign(merged, { [key]: fund[key] });
  }
  if (!stated(fund.fundSize)) {
    merged.fundSize = stored.fundSize;
    merged.currency = stored.currency;
  }
  if (stated(fund.checkSizeMinUsd) || stated(fund.checkSizeMaxUsd)) {
    merged.checkSizeMinUsd = fund.checkSizeMinUsd ?? null;
    merged.checkSizeMaxUsd = fund.checkSizeMaxUsd ?? null;
  }
  for (const field of partialLists) {
    const union = [...new Set<string>([...stored[field], ...(fund[field] ?? [])])];
    Object.assign(merged, { [field]: field === "fundingStages" ? sortStages(union as StageCode[]) : union });
  }
  return merged;
}

/** Today as the import records it in lastReviewed when the file gives no date. */
const today = () => new Date().toISOString().slice(0, 10);

/** The file's own name, cut to what the source column keeps, as the funds' provenance. */
function sourceName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()?.trim() || "import";
  return graphemePrefix(base, 100);
}

export type UploadRequest = {
  file: UploadedFile;
  mode: ImportMode;
  mapping?: ImportMapping | undefined;
  /** The publication the file's facts come from (http(s)), shown with them publicly; absent: the admin's word. */
  sourceUrl?: string | undefined;
  actor?: ImportActor;
  onProgress?: ProgressListener;
};

/** Rows whose changes the preview lists, fact by fact (an update file's first ones). */
const PREVIEW_CHANGE_ROWS = 100;

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
   * cannot read, the counts, the first rows as they would be stored, and for an update, per row,
   * which facts change from what to what (the same plan the import carries out).
   */
  async preview(request: Omit<UploadRequest, "onProgress" | "actor">): Promise<ImportPreview> {
    const day = today();
    const file = await openUpload(request.file, request.mapping, day, request.mode, request.sourceUrl);
    const check = new FileCheck(true);
    const result = emptyResult();
    const canImport = file.missing.length === 0;
    const duplicates = new DuplicateFinder(this.db);
    const rows: ImportPreview["rows"] = [];
    const updates: ImportPreview["updates"] = [];
    const failures: Array<{ row: number; error: string }> = [];
    let unchanged = 0;
    check.total = await scanFile(file, {
      onRow: (record, outcome) => check.add(record, outcome),
      // What the import would do, batch by batch, with the same duplicate rules and nothing written.
      onFunds: canImport
        ? async (batch) => {
            const found = await duplicates.classify(batch);
            const planned = new Map<number, ValidRow>();
            batch.forEach((valid, index) => {
              const duplicate = found[index] ?? null;
              const failure =
                duplicate && "error" in duplicate ? duplicate.error : duplicate ? undefined : newFundError(valid);
              if (failure) {
                failures.push({ row: valid.row, error: failure });
                return;
              }
              const storedId = duplicate && "storedId" in duplicate ? duplicate.storedId : undefined;
              const action = duplicate ? countDuplicate(request.mode, storedId, result) : "insert";
              if (!duplicate) result.successfulImports += 1;
              if (action === "update" && storedId !== undefined) planned.set(storedId, valid);
              if (rows.length < PREVIEW_ROWS)
                rows.push(previewRow(valid.row, valid.fund, duplicate !== null, action === "insert" ? "new" : action));
            });
            if (planned.size === 0) return;
            const stored = await readHistorySnapshot(this.db, [...planned.keys()]);
            for (const row of stored.rows) {
              const valid = planned.get(row.id) as ValidRow;
              const plan = planUpdate(row, stored.facts, valid, file, day);
              const changes = plannedChanges(row, stored.facts, plan);
              // An update row is shown as the fund it leaves: the stored values with the row's laid over.
              const shown = rows.findIndex((item) => item.row === valid.row);
              if (shown !== -1) rows[shown] = previewRow(valid.row, plan.values, true, "update");
              if (changes.length === 0) unchanged += 1;
              else if (updates.length < PREVIEW_CHANGE_ROWS) {
                updates.push({ row: valid.row, fundId: row.id, name: row.name, country: row.country, changes });
              }
            }
            updates.sort((a, b) => a.row - b.row);
          }
        : undefined,
    });
    const errors = [...check.errors, ...failures].sort((a, b) => a.row - b.row);
    return {
      fileName: sourceName(request.file.fileName),
      source: file.factSource ? { name: file.factSource.name, url: file.factSource.url } : null,
      rowCount: check.total,
      columns: file.sheet.columns.map((column) => ({
        column,
        field: file.fieldByColumn.get(column) ?? null,
        samples: (check.samples.get(column) ?? []).map((value) =>
          value.length > 60 ? `${graphemePrefix(value, 60)}…` : value,
        ),
      })),
      missing: file.missing,
      unknownValues: [...check.unknown.values()]
        .sort((a, b) => Number(b.mappable) - Number(a.mappable) || b.count - a.count || a.value.localeCompare(b.value))
        .slice(0, PREVIEW_UNKNOWN_VALUES),
      summary: {
        total: check.total,
        newRecords: result.successfulImports,
        duplicatesFound: result.duplicatesFound,
        duplicatesSkipped: result.duplicatesSkipped,
        duplicatesUpdated: result.duplicatesUpdated,
        failed: canImport ? errors.length : check.total,
        withWarnings: check.rowsWithWarnings,
        unchanged,
      },
      errors: canImport ? errors.slice(0, PREVIEW_ERRORS) : [{ row: "N/A", error: missingText(file.missing) }],
      rows,
      updates,
      countryChoices: check.unknown.size > 0 ? allCountries() : [],
    };
  }

  /**
   * Imports a file: all of it or nothing. The funds and the history entry are written in one
   * transaction; a file whose columns (after the admin's mapping) lack a required field is refused
   * before anything is written. Every change is recorded in the funds' history with the import as
   * its writer (the file's name there, for admins only).
   */
  async upload(request: UploadRequest): Promise<ImportResult> {
    const { file, mode, onProgress } = request;
    onProgress?.({ phase: "reading", processed: 0, total: 0 });
    const ready = await openUpload(file, request.mapping, today(), mode, request.sourceUrl);
    if (ready.sheet.hasRows && ready.missing.length > 0) throw invalid(missingText(ready.missing));
    const check = await checkFile(ready, { onProgress });
    const start: runsRepository.RunStart = {
      adminId: request.actor?.id ?? null,
      adminEmail: request.actor?.email ?? null,
      fileName: sourceName(file.fileName),
      fileBytes: file.buffer.length,
      sourceUrl: request.sourceUrl ?? null,
      mode,
      totalRows: check.total,
    };
    const author: HistoryAuthor = {
      writer: "import",
      userId: request.actor?.id ?? null,
      email: request.actor?.email ?? null,
    };
    let outcome: { result: ImportResult; importId: number };
    try {
      outcome = await this.db.transaction(async (tx) => {
        const importId = await runsRepository.insertRun(tx, start);
        const result = await writeFunds(tx, ready, check, mode, importId, author, onProgress);
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

function previewRow(
  row: number,
  fund: NormalisedFund,
  duplicate: boolean,
  action: ImportPreview["rows"][number]["action"],
): ImportPreview["rows"][number] {
  return {
    action,
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
    duplicate,
  };
}

function missingText(missing: readonly string[]): string {
  return `Missing required column(s): ${missing.join(", ")}`;
}
