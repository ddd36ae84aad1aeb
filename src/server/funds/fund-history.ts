import { randomUUID } from "node:crypto";
import type { FactField } from "../../shared/fund-facts.js";
import { HISTORY_FIELDS, type HistoryField, type HistoryWriter, isHistoryField } from "../../shared/fund-history.js";
import { PITCH_ROUTES_WITHOUT_TARGET, type PitchRoute } from "../../shared/fund-team.js";
import type { PortfolioCompany } from "../../shared/schemas/investor.js";
import type { Db } from "../db/client.js";
import type { FundFactRow, FundRow, NewFundRow } from "../db/types.js";
import * as fundsRepository from "./repository.js";

/**
 * The one history of a fund's facts (issue 36, docs/decisions/0061-one-fact-history.md). Every writer
 * (the curated data step, an import, an admin's edit, the fund's team, a revert) reads the funds it
 * is about to change (`readHistorySnapshot`), writes, and then records what differs
 * (`recordChangesSince`), in the same transaction: a change is recorded because it happened, not
 * because its writer remembered to say so. Each field's value is kept in one JSON shape
 * (`historyValueOf`) that a revert writes back (`historyColumnsOf`), with the provenance (the
 * fund_facts row) it had.
 */

/** A fact's provenance as the history keeps it, to put it back on a revert; null: the fact had none. */
export type FactSnapshot = Omit<fundsRepository.FundFactValues, "fundId"> | null;

/**
 * A history row's `before` and `after`: the value, and the provenance it had. `revertOf` (after):
 * the change a revert undid. `legacy`: a change moved from the old text-only record, without its
 * provenance (it cannot be reverted).
 */
export type ChangeSide = { value: unknown; fact: FactSnapshot; revertOf?: number; legacy?: boolean };

export const sideOf = (json: unknown): ChangeSide => (json ?? { value: null, fact: null }) as ChangeSide;

/** Who writes: the history's `writer`, the account (none for the curated data), the import. */
export type HistoryAuthor = {
  writer: HistoryWriter;
  userId: number | null;
  email: string | null;
  importId?: number | null;
};

/**
 * The portfolio with each company's address, in the stored order. The links are keyed by the
 * members' own company names, so they are read as a Map of the stored object's own entries: looked
 * up on the object, 'constructor' or 'toString' found Object's members and every GET failed.
 * Anything but a text address (a row written by hand, say) reads as no address.
 */
export function portfolioOf(row: Pick<FundRow, "portfolio" | "portfolioLinks">): PortfolioCompany[] {
  const stored: unknown = row.portfolioLinks;
  const links = new Map(stored !== null && typeof stored === "object" ? Object.entries(stored) : []);
  return row.portfolio.map((name) => {
    const url = links.get(name);
    return { name, url: typeof url === "string" && url !== "" ? url : null };
  });
}

/** The stored links of a portfolio: own entries only (fromEntries defines '__proto__' as a plain key). */
export function portfolioLinksOf(companies: readonly PortfolioCompany[]): Record<string, string> {
  return Object.fromEntries(companies.flatMap((company) => (company.url ? [[company.name, company.url]] : [])));
}

/** A fund size's close date: the date of its fact when that fact is a final close. */
export function closeDateOf(facts: readonly FundFactRow[]): string | null {
  const fact = facts.find((item) => item.field === "fundSize");
  return fact?.kind === "final_close" && fact.asOf && /^\d{4}-\d{2}-\d{2}$/.test(fact.asOf) ? fact.asOf : null;
}

/** The current value of one field, in the history's shape (a fund size is `{amount, currency, closeDate}`). */
export function historyValueOf(field: HistoryField, row: FundRow, facts: readonly FundFactRow[]): unknown {
  switch (field) {
    case "fundSize":
      return row.fundSize === null || row.currency === null
        ? null
        : { amount: row.fundSize, currency: row.currency, closeDate: closeDateOf(facts) };
    case "aum":
      return row.aum === null || row.aumCurrency === null ? null : { amount: row.aum, currency: row.aumCurrency };
    case "portfolio":
      return portfolioOf(row);
    case "investingStatus":
      return row.investingStatus === null ? null : { status: row.investingStatus, pausedUntil: row.pausedUntil };
    case "pitchRoute":
      return row.pitchRoute === null ? null : { route: row.pitchRoute, target: row.pitchTarget };
    case "fundingStages":
      return [...row.fundingStages];
    case "industryFocus":
      return [...row.industryFocus];
    case "country":
      return { name: row.country, code: row.countryCode };
    default:
      return row[field] ?? null;
  }
}

/** The fund columns that hold one field's value. */
export function historyColumnsOf(field: HistoryField, value: unknown): Partial<NewFundRow> {
  switch (field) {
    case "fundSize": {
      const size = value as { amount: number; currency: string } | null;
      return { fundSize: size?.amount ?? null, currency: size?.currency ?? null };
    }
    case "aum": {
      const aum = value as { amount: number; currency: string } | null;
      return { aum: aum?.amount ?? null, aumCurrency: aum?.currency ?? null };
    }
    case "portfolio": {
      const companies = (value ?? []) as PortfolioCompany[];
      return { portfolio: companies.map((company) => company.name), portfolioLinks: portfolioLinksOf(companies) };
    }
    case "investingStatus": {
      const status = value as { status: "active" | "paused"; pausedUntil: string | null } | null;
      return {
        investingStatus: status?.status ?? null,
        pausedUntil: status?.status === "paused" ? status.pausedUntil : null,
      };
    }
    case "pitchRoute": {
      const pitch = value as { route: PitchRoute; target: string | null } | null;
      return {
        pitchRoute: pitch?.route ?? null,
        pitchTarget: pitch && PITCH_ROUTES_WITHOUT_TARGET.includes(pitch.route) ? null : (pitch?.target ?? null),
      };
    }
    case "fundingStages":
      return { fundingStages: (value ?? []) as string[] };
    case "industryFocus":
      return { industryFocus: (value ?? []) as string[] };
    case "country": {
      const country = value as { name: string; code: string | null };
      return { country: country.name, countryCode: country.code };
    }
    default:
      return { [field]: value } as Partial<NewFundRow>;
  }
}

/** Deep equality of two JSON values (the history's values: plain objects, arrays, scalars). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, item]) => [key, normalised(item)]),
    );
  }
  return value ?? null;
}

/**
 * A field's provenance as the history keeps it: the fund_facts row without its ids and time, every
 * other column as it is (a column added to fund_facts is kept, and put back by a revert, without a
 * change here).
 */
export function snapshotOf(facts: readonly FundFactRow[], field: string): FactSnapshot {
  const fact = facts.find((item) => item.field === field);
  if (!fact) return null;
  const { id: _id, fundId: _fundId, updatedAt: _updatedAt, ...provenance } = fact;
  return provenance;
}

/** The funds a write is about to change, as they were: read before the write, inside its transaction. */
export type HistorySnapshot = { rows: FundRow[]; facts: FundFactRow[] };

/**
 * Reads the funds with these ids (every fund when not given) and their facts, before a write, and
 * locks them to the end of the transaction (in id order, so two writers never wait on each other
 * in a circle): what is recorded afterwards is this writer's change and nobody else's.
 */
export async function readHistorySnapshot(db: Db, fundIds?: readonly number[]): Promise<HistorySnapshot> {
  const rows = await fundsRepository.lockFunds(db, fundIds);
  const facts = await fundsRepository.listFundFacts(db, fundIds ?? undefined);
  return { rows, facts };
}

function factsByFund(facts: readonly FundFactRow[]): Map<number, FundFactRow[]> {
  const byFund = new Map<number, FundFactRow[]>();
  for (const fact of facts) {
    const list = byFund.get(fact.fundId);
    if (list) list.push(fact);
    else byFund.set(fact.fundId, [fact]);
  }
  return byFund;
}

/** What differs between a fund before and after a write: per field, the value or its provenance. */
export function diffFund(
  before: FundRow,
  beforeFacts: readonly FundFactRow[],
  after: FundRow,
  afterFacts: readonly FundFactRow[],
): Array<{ field: HistoryField; before: ChangeSide; after: ChangeSide }> {
  const changes: Array<{ field: HistoryField; before: ChangeSide; after: ChangeSide }> = [];
  for (const field of HISTORY_FIELDS) {
    const valueBefore = historyValueOf(field, before, beforeFacts);
    const valueAfter = historyValueOf(field, after, afterFacts);
    const factBefore = snapshotOf(beforeFacts, field);
    const factAfter = snapshotOf(afterFacts, field);
    if (sameValue(valueBefore, valueAfter) && sameValue(factBefore, factAfter)) continue;
    changes.push({
      field,
      before: { value: valueBefore, fact: factBefore },
      after: { value: valueAfter, fact: factAfter },
    });
  }
  return changes;
}

/**
 * Records, as one batch per fund, what the write since `snapshot` changed in those funds (a fund
 * the write deleted has nothing left to record). `revertOf` names, per fund and field, the change
 * a revert undid. Returns the rows recorded.
 */
export async function recordChangesSince(
  db: Db,
  snapshot: HistorySnapshot,
  author: HistoryAuthor,
  options: { revertOf?: ReadonlyMap<string, number>; now?: Date } = {},
): Promise<fundsRepository.FundFactChangeValues[]> {
  if (snapshot.rows.length === 0) return [];
  const ids = snapshot.rows.map((row) => row.id);
  const afterRows = new Map((await fundsRepository.findFundsByIds(db, ids)).map((row) => [row.id, row]));
  const afterFacts = factsByFund(await fundsRepository.listFundFacts(db, ids));
  const beforeFacts = factsByFund(snapshot.facts);
  const recorded: fundsRepository.FundFactChangeValues[] = [];
  for (const before of snapshot.rows) {
    const after = afterRows.get(before.id);
    if (!after) continue;
    const changes = diffFund(before, beforeFacts.get(before.id) ?? [], after, afterFacts.get(before.id) ?? []);
    if (changes.length === 0) continue;
    const batchId = randomUUID();
    for (const change of changes) {
      const revertOf = options.revertOf?.get(`${before.id}\u0000${change.field}`);
      recorded.push({
        fundId: before.id,
        writer: author.writer,
        userId: author.userId,
        authorEmail: author.email,
        importId: author.importId ?? null,
        batchId,
        field: change.field,
        before: change.before,
        after: revertOf === undefined ? change.after : { ...change.after, revertOf },
        ...(options.now ? { changedAt: options.now } : {}),
      });
    }
  }
  await fundsRepository.insertFactChanges(db, recorded);
  return recorded;
}

/**
 * A change of one fact as the saved-search alerts compare it: the value as fund_facts keeps it
 * (a list joined by ';', money as a number in its currency), null when not stated.
 */
export function factText(field: string, value: unknown): { value: string | null; currency: string | null } {
  const none = { value: null, currency: null };
  if (value === null || value === undefined) return none;
  switch (field as FactField) {
    case "fundSize":
    case "aum": {
      const money = value as { amount: number; currency: string };
      return { value: String(money.amount), currency: money.currency };
    }
    case "checkSizeMinUsd":
    case "checkSizeMaxUsd":
      return { value: String(value), currency: "USD" };
    case "portfolio":
      return { value: (value as PortfolioCompany[]).map((company) => company.name).join(";") || null, currency: null };
    case "fundingStages":
    case "industryFocus":
      return { value: (value as string[]).join(";"), currency: null };
    case "investingStatus":
      return { value: (value as { status: string }).status, currency: null };
    case "pitchRoute":
      return { value: (value as { route: string }).route, currency: null };
    default:
      return { value: String(value), currency: null };
  }
}

export { isHistoryField };
