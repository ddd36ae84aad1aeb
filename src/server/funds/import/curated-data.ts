import { readFile } from "node:fs/promises";
import { parse as parseCsv } from "csv-parse/sync";
import type { Logger } from "pino";
import { toUsd } from "../../../shared/currency-rates.js";
import { AS_OF_PATTERN, asOfKey, type FactField, type FactKind, MONEY_FACT_KINDS } from "../../../shared/fund-facts.js";
import { publicationName, sourceAddressError } from "../../../shared/source-address.js";
import type { Db } from "../../db/client.js";
import { runDataStepOnce } from "../../db/data-steps.js";
import type { FundFactRow, FundRow } from "../../db/types.js";
import { SEED_ENRICHMENT_CSV, SEED_FUNDS_CSV, SEED_WITHDRAWN_FACTS_CSV } from "../../paths.js";
import { readHistorySnapshot, recordChangesSince } from "../fund-history.js";
import {
  applyCuratedFundUpdates,
  type CuratedFundUpdate,
  deleteFundFactsByIds,
  deleteFundsByIds,
  type FundFactValues,
  listAllFunds,
  listFundFacts,
  upsertFundFacts,
} from "../repository.js";

/** The data step's marker in data_versions, and the version this code brings a database to. */
export const CURATED_DATA_STEP = "funds_curated_data";
export const CURATED_DATA_VERSION = 2;

/**
 * The corrections of the shipped funds.csv of 2026-11-27 (see src/server/db/seed/README.md), as
 * the old curated value and the new one. A database seeded before gets each only where the fund is
 * still the curated one and the value still the old curated one: an admin's edit is never undone.
 */
export const CURATED_CORRECTIONS: ReadonlyArray<{
  name: string;
  countryCode: string;
  change:
    | { field: "fundSize"; old: { amount: number; currency: string } }
    | { field: "city"; old: string; new: string }
    | { field: "removed" };
}> = [
  {
    name: "AirTree Ventures",
    countryCode: "AU",
    change: { field: "fundSize", old: { amount: 700e6, currency: "AUD" } },
  },
  { name: "Square Peg", countryCode: "AU", change: { field: "fundSize", old: { amount: 550e6, currency: "USD" } } },
  { name: "Granite Asia", countryCode: "SG", change: { field: "fundSize", old: { amount: 5e9, currency: "USD" } } },
  { name: "Founders Fund", countryCode: "US", change: { field: "fundSize", old: { amount: 4.6e9, currency: "USD" } } },
  { name: "General Catalyst", countryCode: "US", change: { field: "fundSize", old: { amount: 8e9, currency: "USD" } } },
  { name: "Thrive Capital", countryCode: "US", change: { field: "fundSize", old: { amount: 10e9, currency: "USD" } } },
  { name: "Giant Leap Fund", countryCode: "AU", change: { field: "city", old: "Sydney", new: "Melbourne" } },
  { name: "Brightspark Ventures", countryCode: "CA", change: { field: "city", old: "Toronto", new: "Montréal" } },
  // Closed in 2023 (its portfolio moved to Prosus Ventures). Saved copies go with it, as with any
  // deleted fund: a closed firm is no lead for a founder.
  { name: "Naspers Foundry", countryCode: "ZA", change: { field: "removed" } },
];

/** One line of enrichment.csv. */
export type EnrichmentLine = {
  name: string;
  countryCode: string;
  field: string;
  value: string;
  currency: string;
  kind: string;
  asOf: string;
  sourceUrl: string;
  /** The day the source was read (YYYY-MM-DD); empty in the file of 2026-11-27, which had no such column. */
  retrieved: string;
};

/** The file's field names, as the API names the facts (a Map: the name is the file's text). */
const FILE_FIELDS: ReadonlyMap<string, FactField> = new Map([
  ["fund_size", "fundSize"],
  ["check_size_min", "checkSizeMinUsd"],
  ["check_size_max", "checkSizeMaxUsd"],
  ["leads_rounds", "leadsRounds"],
  ["sector_agnostic", "sectorAgnostic"],
  ["website", "website"],
  ["portfolio", "portfolio"],
]);

/** Reads enrichment.csv; a line that breaks the file's rules is reported, not guessed at. */
export function parseEnrichment(text: string): { lines: EnrichmentLine[]; rejected: string[] } {
  const records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const lines: EnrichmentLine[] = [];
  const rejected: string[] = [];
  records.forEach((record, index) => {
    const line: EnrichmentLine = {
      name: record.name ?? "",
      countryCode: (record.country_code ?? "").toUpperCase(),
      field: record.field ?? "",
      value: record.value ?? "",
      currency: (record.currency ?? "").toUpperCase(),
      kind: record.kind ?? "",
      asOf: record.as_of ?? "",
      sourceUrl: record.source_url ?? "",
      retrieved: record.retrieved ?? "",
    };
    const problem = lineProblem(line);
    if (problem) rejected.push(`line ${index + 2}: ${problem}`);
    else lines.push(line);
  });
  return { lines, rejected };
}

function lineProblem(line: EnrichmentLine): string | undefined {
  if (!line.name || !line.countryCode) return "no firm";
  if (!FILE_FIELDS.has(line.field)) return `unknown field ${line.field}`;
  if (!(MONEY_FACT_KINDS as readonly string[]).includes(line.kind)) return `unknown kind ${line.kind}`;
  if (line.asOf && !AS_OF_PATTERN.test(line.asOf)) return `bad date ${line.asOf}`;
  if (!/^https?:\/\/\S+$/i.test(line.sourceUrl)) return "no http(s) source";
  // The one rule for sources (src/shared/source-address.ts): never a mirror, a staging copy or an IP.
  const sourceProblem = sourceAddressError(line.sourceUrl);
  if (sourceProblem) return sourceProblem;
  if (line.retrieved && !READING_DAY.test(line.retrieved)) return `bad reading day ${line.retrieved}`;
  const money = line.field === "fund_size" || line.field.startsWith("check_size");
  if (money && (!(Number(line.value) > 0) || toUsd(Number(line.value), line.currency) === null)) {
    return `bad amount ${line.value} ${line.currency}`;
  }
  if ((line.field === "leads_rounds" || line.field === "sector_agnostic") && !/^(true|false)$/.test(line.value)) {
    return `bad flag ${line.value}`;
  }
  if (line.field === "website" && !/^https?:\/\/\S+$/i.test(line.value)) return "bad website";
  if (line.field === "portfolio" && portfolioNames(line.value).length === 0) return "empty portfolio";
  return undefined;
}

/** A reading day: a whole date, YYYY-MM-DD. */
const READING_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function portfolioNames(value: string): string[] {
  return [
    ...new Set(
      value
        .split(";")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** A fund-size fact's rank: a final close beats a first close or a target, which beat nothing else. */
const FUND_SIZE_RANK: ReadonlyMap<string, number> = new Map([
  ["final_close", 2],
  ["first_close", 1],
  ["target", 1],
]);

/**
 * The one fact per fund and field that the file states, by the rules of its README: of several
 * fund sizes the most recent final close wins, else the most recent first close or target; `aum`
 * becomes the `aum` fact, never a fund size; otherwise the most recent line (the first of equals).
 */
export function winningFacts(lines: readonly EnrichmentLine[]): Map<string, Map<FactField, EnrichmentLine>> {
  const byFund = new Map<string, Map<FactField, EnrichmentLine>>();
  for (const line of lines) {
    const field: FactField =
      line.field === "fund_size" && line.kind === "aum" ? "aum" : (FILE_FIELDS.get(line.field) as FactField);
    const key = fundKey(line.name, line.countryCode);
    const facts = byFund.get(key) ?? new Map<FactField, EnrichmentLine>();
    byFund.set(key, facts);
    const current = facts.get(field);
    if (!current || beats(line, current, field)) facts.set(field, line);
  }
  return byFund;
}

function beats(line: EnrichmentLine, current: EnrichmentLine, field: FactField): boolean {
  if (field === "fundSize") {
    const rank = (FUND_SIZE_RANK.get(line.kind) ?? 0) - (FUND_SIZE_RANK.get(current.kind) ?? 0);
    if (rank !== 0) return rank > 0;
  }
  return asOfKey(line.asOf) > asOfKey(current.asOf);
}

function fundKey(name: string, countryCode: string | null): string {
  return `${name.trim().toLowerCase()}\u0000${(countryCode ?? "").trim().toUpperCase()}`;
}

/** The fund's stored value of a fact field, to tell whether it is known. */
function storedValue(fund: FundRow, field: FactField): unknown {
  return field === "portfolio" ? (fund.portfolio.length > 0 ? fund.portfolio : null) : fund[field];
}

/** The fund columns a fact sets. */
function columnsOf(field: FactField, line: EnrichmentLine): Omit<CuratedFundUpdate, "id"> {
  switch (field) {
    case "fundSize":
      return { fundSize: Number(line.value), currency: line.currency || "USD" };
    case "aum":
      return { aum: Number(line.value), aumCurrency: line.currency || "USD" };
    case "checkSizeMinUsd":
    case "checkSizeMaxUsd":
      // The columns hold USD (what search compares); the fact keeps the amount as stated.
      return { [field]: Math.round(toUsd(Number(line.value), line.currency || "USD") as number) };
    case "leadsRounds":
    case "sectorAgnostic":
      return { [field]: line.value === "true" };
    case "website":
      return { website: line.value };
    case "portfolio":
      return { portfolio: portfolioNames(line.value) };
    default:
      return {};
  }
}

/**
 * Whether the file's fact may replace what is stored: never an admin's or a fund team's fact (their
 * word stands until they change it); a sourced fact only when the file's is at least as recent (a
 * fact whose own date is newer is never overwritten); an undated value only when it is absent or
 * still the curated set's (an imported value stands until a newer source says otherwise).
 */
function mayReplace(fund: FundRow, field: FactField, line: EnrichmentLine, stored: FundFactRow | undefined): boolean {
  if (stored) return stored.origin === "source" && asOfKey(stored.asOf) <= asOfKey(line.asOf);
  const value = storedValue(fund, field);
  return value === null || value === undefined || fund.source === "curated";
}

/** One line of withdrawn-facts.csv: a fact an earlier file shipped whose source was not the publication's own. */
type WithdrawnLine = { name: string; countryCode: string; field: string; sourceUrl: string };

function parseWithdrawn(text: string): WithdrawnLine[] {
  if (!text.trim()) return [];
  const records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  return records.map((record) => ({
    name: record.name ?? "",
    countryCode: (record.country_code ?? "").toUpperCase(),
    field: record.field ?? "",
    sourceUrl: record.source_url ?? "",
  }));
}

/** The curated record of each firm in funds.csv, by name and country: what a withdrawn fact falls back to. */
function curatedRecords(text: string): Map<string, Record<string, string>> {
  const records = new Map<string, Record<string, string>>();
  if (!text.trim()) return records;
  const rows = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  for (const row of rows) records.set(fundKey(row.name ?? "", row.country_code ?? ""), row);
  return records;
}

/** The fund columns of a field as the curated list states them (null or an empty list where it says nothing). */
function curatedColumns(field: FactField, record: Record<string, string> | undefined): Omit<CuratedFundUpdate, "id"> {
  const amount = (text: string | undefined) => (text && Number(text) > 0 ? Math.round(Number(text)) : null);
  switch (field) {
    case "fundSize": {
      const size = amount(record?.fund_size);
      return { fundSize: size, currency: size === null ? null : record?.currency || "USD" };
    }
    case "aum":
      return { aum: null, aumCurrency: null };
    case "checkSizeMinUsd":
      return { checkSizeMinUsd: amount(record?.check_size_min_usd) };
    case "checkSizeMaxUsd":
      return { checkSizeMaxUsd: amount(record?.check_size_max_usd) };
    case "leadsRounds":
      return { leadsRounds: record?.leads_rounds === "true" ? true : record?.leads_rounds === "false" ? false : null };
    case "sectorAgnostic":
      return { sectorAgnostic: null };
    case "website":
      return { website: record?.website || null };
    case "portfolio":
      return { portfolio: [] };
    default:
      return {};
  }
}

/** Whether the fund's columns still hold what `columns` would set (nobody changed the value since). */
function holds(fund: FundRow, columns: Omit<CuratedFundUpdate, "id">): boolean {
  return Object.entries(columns).every(
    ([column, value]) => JSON.stringify(fund[column as keyof FundRow] ?? null) === JSON.stringify(value ?? null),
  );
}

export type CuratedDataOutcome = {
  corrected: number;
  removed: number;
  facts: number;
  /** Facts an earlier file shipped from a mirror, a staging copy or a bare address, taken back. */
  withdrawn: number;
  rejected: string[];
};

/** The files the data step reads besides enrichment.csv (tests give their own). */
export type CuratedDataFiles = {
  /** withdrawn-facts.csv: name, country_code, field, source_url of each fact taken back. */
  withdrawn?: string;
  /** funds.csv: the curated records a withdrawn fact falls back to, and their curated dates. */
  funds?: string;
};

/**
 * Brings the curated fund data up to the shipped files: the corrections of funds.csv on a database
 * seeded with the old file, then enrichment.csv's sourced facts with their provenance. Safe to run
 * again (the same facts give the same rows) and never replaces a fact whose own date is newer.
 */
export async function applyCuratedData(
  db: Db,
  enrichmentText: string,
  files: CuratedDataFiles = {},
): Promise<CuratedDataOutcome> {
  const { lines, rejected } = parseEnrichment(enrichmentText);
  const fundRows = await listAllFunds(db);
  // The oldest fund of each name and country, as the import's duplicate detection pairs them.
  const byKey = new Map<string, FundRow>();
  for (const fund of fundRows) {
    const key = fundKey(fund.name, fund.countryCode);
    if (!byKey.has(key)) byKey.set(key, fund);
  }

  const updates = new Map<number, CuratedFundUpdate>();
  const update = (fund: FundRow, values: Omit<CuratedFundUpdate, "id">) => {
    const existing = updates.get(fund.id) ?? { id: fund.id };
    updates.set(fund.id, { ...existing, ...values });
  };
  const removed: number[] = [];
  for (const correction of CURATED_CORRECTIONS) {
    const fund = byKey.get(fundKey(correction.name, correction.countryCode));
    if (fund?.source !== "curated") continue;
    const change = correction.change;
    if (change.field === "removed") {
      removed.push(fund.id);
      byKey.delete(fundKey(correction.name, correction.countryCode));
    } else if (change.field === "city") {
      if (fund.city === change.old) update(fund, { city: change.new });
    } else if (fund.fundSize === change.old.amount && fund.currency === change.old.currency) {
      update(fund, { fundSize: null, currency: null });
      fund.fundSize = null;
      fund.currency = null;
    }
  }
  const corrected = updates.size;

  const storedFacts = await listFundFacts(db);
  const factOf = new Map(storedFacts.map((fact) => [`${fact.fundId}\u0000${fact.field}`, fact]));
  const facts: FundFactValues[] = [];
  const winning = winningFacts(lines);
  for (const [key, fields] of winning) {
    const fund = byKey.get(key);
    if (!fund) continue;
    for (const [field, line] of fields) {
      if (!mayReplace(fund, field, line, factOf.get(`${fund.id}\u0000${field}`))) continue;
      update(fund, columnsOf(field, line));
      facts.push({
        fundId: fund.id,
        field,
        value: line.value,
        currency: line.currency || null,
        kind: line.kind as FactKind,
        sourceName: publicationName(line.sourceUrl),
        sourceUrl: line.sourceUrl,
        asOf: line.asOf || null,
        retrievedOn: line.retrieved || null,
      });
    }
  }

  // Facts an earlier file shipped from a source that was not the publication (issue 36): taken back
  // where the file now states nothing for that field and the stored fact is still that file's (same
  // field, same address, recorded from a source: an admin's or a team's fact stays). The fund's
  // column goes back to the curated list's value where nobody changed it since.
  const curated = curatedRecords(files.funds ?? "");
  const withdrawnIds: number[] = [];
  for (const line of parseWithdrawn(files.withdrawn ?? "")) {
    const key = fundKey(line.name, line.countryCode);
    const fund = byKey.get(key);
    const field = line.field === "fund_size" ? undefined : FILE_FIELDS.get(line.field);
    if (!fund) continue;
    // A withdrawn fund size may be stored as the fund size or, for kind aum, as the aum fact.
    for (const candidate of field ? [field] : (["fundSize", "aum"] as FactField[])) {
      const stored = factOf.get(`${fund.id}\u0000${candidate}`);
      if (stored?.origin !== "source" || stored.sourceUrl !== line.sourceUrl) continue;
      if (winning.get(key)?.has(candidate)) continue;
      withdrawnIds.push(stored.id);
      const statedColumns = columnsOf(candidate, {
        ...line,
        field: line.field,
        value: stored.value ?? "",
        currency: stored.currency ?? "",
        kind: stored.kind,
        asOf: stored.asOf ?? "",
        retrieved: "",
      });
      if (holds({ ...fund, ...updates.get(fund.id) } as FundRow, statedColumns)) {
        update(fund, curatedColumns(candidate, curated.get(key)));
      }
    }
  }

  // The curated list's date is when it stated the record, not a review (issue 36): "Reviewed" is
  // a person's. A curated fund whose review date is still the list's gets it as its curated date.
  for (const fund of byKey.values()) {
    const record = curated.get(fundKey(fund.name, fund.countryCode));
    const listDate = record?.last_reviewed || null;
    if (fund.source !== "curated" || !listDate || fund.curatedOn === listDate) continue;
    update(
      fund,
      fund.lastReviewed === listDate ? { curatedOn: listDate, lastReviewed: null } : { curatedOn: listDate },
    );
  }

  // The funds this step changes, as they were, for the one history (issue 36): its writer is the seed.
  const withdrawnFundIds = storedFacts.filter((fact) => withdrawnIds.includes(fact.id)).map((fact) => fact.fundId);
  const touched = [...new Set([...updates.keys(), ...facts.map((fact) => fact.fundId), ...withdrawnFundIds])];
  const snapshot = await readHistorySnapshot(db, touched);
  // Each write only when there is one: an empty statement would still move the funds' version.
  if (removed.length > 0) await deleteFundsByIds(db, removed);
  if (updates.size > 0) await applyCuratedFundUpdates(db, [...updates.values()]);
  if (facts.length > 0) await upsertFundFacts(db, facts);
  if (withdrawnIds.length > 0) await deleteFundFactsByIds(db, withdrawnIds);
  await recordChangesSince(db, snapshot, { writer: "seed", userId: null, email: null });
  return { corrected, removed: removed.length, facts: facts.length, withdrawn: withdrawnIds.length, rejected };
}

/**
 * The curated data step of this version, once per database (first start and databases seeded
 * before), under its marker's lock. Run after the seed, so that a new database gets it too.
 */
export async function applyCuratedDataOnce(db: Db, logger: Logger, file = SEED_ENRICHMENT_CSV): Promise<boolean> {
  const text = await readFile(file, "utf8");
  const files: CuratedDataFiles = {
    withdrawn: await readFile(SEED_WITHDRAWN_FACTS_CSV, "utf8"),
    funds: await readFile(SEED_FUNDS_CSV, "utf8"),
  };
  let outcome: CuratedDataOutcome | undefined;
  const ran = await runDataStepOnce(db, CURATED_DATA_STEP, CURATED_DATA_VERSION, async (tx) => {
    outcome = await applyCuratedData(tx, text, files);
  });
  if (outcome) {
    const { rejected, ...counts } = outcome;
    logger.info(counts, "applied curated fund data");
    if (rejected.length > 0) logger.warn({ rejected: rejected.slice(0, 20) }, "enrichment lines rejected");
  }
  return ran;
}
