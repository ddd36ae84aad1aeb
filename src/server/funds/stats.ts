import { INFORMATIVE_FACTS, type InformativeFact } from "../../shared/fund-facts.js";
import type { FundStats } from "../../shared/schemas/admin-data.js";
import type { FundFactRow, FundRow } from "../db/types.js";

/** Which informative facts a fund has: the one definition `factsKnown`, the public counts and the admin's coverage share. */
export function knownFacts(row: FundRow): Record<InformativeFact, boolean> {
  return {
    fundSize: row.fundSize !== null,
    chequeRange: row.checkSizeMinUsd !== null || row.checkSizeMaxUsd !== null,
    leadsRounds: row.leadsRounds !== null,
    website: Boolean(row.website),
    portfolio: row.portfolio.length > 0,
    sectorAgnostic: row.sectorAgnostic !== null,
    linkedin: Boolean(row.linkedin),
    fundManager: Boolean(row.fundManager),
  };
}

/** The fund_facts fields whose provenance an informative fact carries (a cheque range: either end's). */
const PROVENANCE_FIELDS: Readonly<Record<InformativeFact, readonly string[]>> = {
  fundSize: ["fundSize"],
  chequeRange: ["checkSizeMinUsd", "checkSizeMaxUsd"],
  leadsRounds: ["leadsRounds"],
  website: ["website"],
  portfolio: ["portfolio"],
  sectorAgnostic: ["sectorAgnostic"],
  // Never stated with a source today: these two have no provenance field.
  linkedin: [],
  fundManager: [],
};

/** A fact a founder can check: it names a public address and a date (its own, or the day its source was read). */
function isSourcedAndDated(fact: FundFactRow): boolean {
  return fact.sourceUrl !== null && (fact.asOf !== null || fact.retrievedOn !== null);
}

/**
 * How many of the informative facts the funds show are there, how many of them name a public
 * source with a date, and how many have a date of their own: what the home page and About our data
 * say of the data (issue 36), counted, never written.
 */
export function countFactSources(rows: readonly FundRow[], facts: readonly FundFactRow[]): FundStats["facts"] {
  const byFund = new Map<number, Map<string, FundFactRow>>();
  for (const fact of facts) {
    let fields = byFund.get(fact.fundId);
    if (!fields) {
      fields = new Map();
      byFund.set(fact.fundId, fields);
    }
    fields.set(fact.field, fact);
  }
  let known = 0;
  let sourcedAndDated = 0;
  let withOwnDate = 0;
  for (const row of rows) {
    const has = knownFacts(row);
    const fields = byFund.get(row.id);
    for (const fact of INFORMATIVE_FACTS) {
      if (!has[fact]) continue;
      known += 1;
      const stated = PROVENANCE_FIELDS[fact].flatMap((field) => fields?.get(field) ?? []);
      if (stated.some(isSourcedAndDated)) sourcedAndDated += 1;
      if (stated.some((item) => item.sourceUrl !== null && item.asOf !== null)) withOwnDate += 1;
    }
  }
  return { known, sourcedAndDated, withOwnDate };
}

/**
 * Whether anyone said if the fund invests now: its team ("active", "paused") or a source's report
 * (winding down, not raising, paused). What the "only funds actively investing" filter can go by
 * (issue 37: the switch says how many funds have stated a status).
 */
export function hasStatedStatus(row: FundRow): boolean {
  return row.investingStatus !== null || row.status !== null;
}

/**
 * How many funds there are, how many have each informative fact, how many stated a status, and how
 * many of the facts shown are sourced and dated.
 */
export function countFundStats(rows: readonly FundRow[], facts: readonly FundFactRow[] = []): FundStats {
  const countries = new Set(rows.map((row) => row.country.trim().toLowerCase()));
  const withFact = Object.fromEntries(INFORMATIVE_FACTS.map((fact) => [fact, 0])) as Record<InformativeFact, number>;
  let statedStatus = 0;
  for (const row of rows) {
    const known = knownFacts(row);
    for (const fact of INFORMATIVE_FACTS) if (known[fact]) withFact[fact] += 1;
    if (hasStatedStatus(row)) statedStatus += 1;
  }
  return {
    totalFunds: rows.length,
    countries: countries.size,
    withFact,
    statedStatus,
    facts: countFactSources(rows, facts),
  };
}

const statsByIndex = new WeakMap<object, FundStats>();

/**
 * The counts of one index (one data version), counted once: a new index comes with the next data
 * version, and with it new counts.
 */
export function fundStatsOf(index: { rows(): readonly FundRow[]; facts?(): readonly FundFactRow[] }): FundStats {
  let stats = statsByIndex.get(index);
  if (!stats) {
    stats = countFundStats(index.rows(), index.facts?.() ?? []);
    statsByIndex.set(index, stats);
  }
  return stats;
}
