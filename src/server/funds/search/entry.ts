import { toUsd } from "../../../shared/currency-rates.js";
import { DEMOTING_STATUSES } from "../../../shared/fund-facts.js";
import { INDUSTRY_CODES } from "../../../shared/industries.js";
import { REGION_CODES, type RegionCode } from "../../../shared/regions.js";
import type { ListedTeamMember, PitchStats } from "../../../shared/schemas/funds.js";
import { STAGE_CODES } from "../../../shared/stages.js";
import type { FundFactRow, FundRow } from "../../db/types.js";
import { regionOfFund } from "../country-regions.js";
import { investingAnswer, reportedStatusOf, statusConcern } from "../fund-status.js";
import { baseScore } from "../scoring.js";
import { type TextTokens, wordsOf } from "../text-match.js";
import {
  premiumFactsJson,
  premiumMembersJson,
  provenanceJson,
  publicMembersJson,
  recordDate,
  type SerialisedResult,
} from "./result-json.js";

/** One fund as the index holds it: what matching compares, and its result serialised once. */
export type Entry = SerialisedResult & {
  row: FundRow;
  /** The fund states it invests across sectors: it matches every industry filter. */
  agnostic: boolean;
  countryKey: string;
  stageMask: number;
  industryMaskLow: number;
  industryMaskHigh: number;
  /** The region's bit (REGION_BIT), 0 for a fund in no known region. */
  regionBit: number;
  region: RegionCode | undefined;
  /** Fund size in USD through the fixed rates; NaN when undisclosed or in an unknown currency. */
  fundSizeUsd: number;
  /** The fund size's own date (YYYY, YYYY-MM, YYYY-MM-DD); null when it has none. */
  fundSizeAsOf: string | null;
  /** The review date as a number for sorting (YYYYMMDD). */
  reviewedKey: number;
  /**
   * A source reports the firm winding down or not raising (issue 36), and no later word of its team
   * says otherwise: ranked after every other match.
   */
  demoted: boolean;
  /** The match's concern naming the sourced status and its source; null without one. */
  statusConcern: string | null;
  /** The latest word on it says the fund invests now (the "only funds actively investing" filter). */
  activelyInvesting: boolean;
  base: number;
  /** Folded words of the name and the description, for the text query. */
  tokens: TextTokens;
  /** The provenance of the fund's facts as JSON array members: everyone's, and the premium facts'. */
  publicProvenanceJson: string;
  premiumProvenanceJson: string;
};

export const STAGE_BIT = new Map<string, number>(STAGE_CODES.map((code, index) => [code, 1 << index]));
export const INDUSTRY_INDEX = new Map<string, number>(INDUSTRY_CODES.map((code, index) => [code, index]));
export const REGION_BIT = new Map<string, number>(REGION_CODES.map((code, index) => [code, 1 << index]));

export function toEntry(
  row: FundRow,
  facts: readonly FundFactRow[],
  team: readonly ListedTeamMember[] = [],
  pitchStats: PitchStats = null,
): Entry {
  let stageMask = 0;
  for (const stage of row.fundingStages) stageMask |= STAGE_BIT.get(stage) ?? 0;
  let industryMaskLow = 0;
  let industryMaskHigh = 0;
  for (const industry of row.industryFocus) {
    const index = INDUSTRY_INDEX.get(industry);
    if (index === undefined) continue;
    if (index < 32) industryMaskLow |= 1 << index;
    else industryMaskHigh |= 1 << (index - 32);
  }
  const region = regionOfFund(row);
  const lastReviewed = recordDate(row);
  const status = reportedStatusOf(row, facts);
  const answer = investingAnswer(row, facts);
  return {
    row,
    agnostic: row.sectorAgnostic === true,
    countryKey: row.country.trim().toLowerCase(),
    stageMask,
    industryMaskLow,
    industryMaskHigh,
    region,
    regionBit: region ? (REGION_BIT.get(region) ?? 0) : 0,
    fundSizeUsd: toUsd(row.fundSize, row.currency) ?? Number.NaN,
    fundSizeAsOf: row.fundSize === null ? null : (facts.find((fact) => fact.field === "fundSize")?.asOf ?? null),
    reviewedKey: Number(lastReviewed.replaceAll("-", "")) || 0,
    // Demoted while the report is the latest word: a team's later "actively investing" outranks it.
    demoted: answer !== null && DEMOTING_STATUSES.has(answer),
    statusConcern: status ? statusConcern(status) : null,
    activelyInvesting: answer === "active",
    base: baseScore(row),
    // The portfolio's names count as description words: the text query finds a fund by a company it
    // backed. The text query is a subscriber's filter, so this never reveals the premium portfolio.
    tokens: { name: wordsOf(row.name), description: wordsOf([row.description ?? "", ...row.portfolio].join(" ")) },
    publicJson: publicMembersJson(row, facts, team, pitchStats),
    premiumJson: premiumMembersJson(row, facts),
    premiumFactsJson: premiumFactsJson(row),
    publicProvenanceJson: provenanceJson(facts, false),
    premiumProvenanceJson: provenanceJson(facts, true),
  };
}
