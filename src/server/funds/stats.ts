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

/** How many funds there are and how many have each informative fact. */
export function countFundStats(rows: readonly FundRow[]): FundStats {
  const countries = new Set(rows.map((row) => row.country.trim().toLowerCase()));
  const withFact = Object.fromEntries(INFORMATIVE_FACTS.map((fact) => [fact, 0])) as Record<InformativeFact, number>;
  for (const row of rows) {
    const known = knownFacts(row);
    for (const fact of INFORMATIVE_FACTS) if (known[fact]) withFact[fact] += 1;
  }
  return { totalFunds: rows.length, countries: countries.size, withFact };
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
