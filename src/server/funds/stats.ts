import { INFORMATIVE_FACTS, type InformativeFact } from "../../shared/fund-facts.js";
import type { FundStats } from "../../shared/schemas/admin-data.js";
import type { FundRow } from "../db/types.js";

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

/**
 * Whether anyone said if the fund invests now: its team ("active", "paused") or a source's report
 * (winding down, not raising, paused). What the "only funds actively investing" filter can go by
 * (issue 37: the switch says how many funds have stated a status).
 */
export function hasStatedStatus(row: FundRow): boolean {
  return row.investingStatus !== null || row.status !== null;
}

/** How many funds there are, how many have each informative fact and how many stated a status. */
export function countFundStats(rows: readonly FundRow[]): FundStats {
  const countries = new Set(rows.map((row) => row.country.trim().toLowerCase()));
  const withFact = Object.fromEntries(INFORMATIVE_FACTS.map((fact) => [fact, 0])) as Record<InformativeFact, number>;
  let statedStatus = 0;
  for (const row of rows) {
    const known = knownFacts(row);
    for (const fact of INFORMATIVE_FACTS) if (known[fact]) withFact[fact] += 1;
    if (hasStatedStatus(row)) statedStatus += 1;
  }
  return { totalFunds: rows.length, countries: countries.size, withFact, statedStatus };
}

const statsByIndex = new WeakMap<object, FundStats>();

/**
 * The counts of one index (one data version), counted once: a new index comes with the next data
 * version, and with it new counts.
 */
export function fundStatsOf(index: { rows(): readonly FundRow[] }): FundStats {
  let stats = statsByIndex.get(index);
  if (!stats) {
    stats = countFundStats(index.rows());
    statsByIndex.set(index, stats);
  }
  return stats;
}
