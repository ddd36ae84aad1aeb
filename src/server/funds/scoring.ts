import { industryLabel } from "../../shared/industries.js";
import { stageLabel } from "../../shared/stages.js";

/**
 * Relevance of a fund to a search, 0–100 (see docs/decisions/0003-search-ranking.md). Free users
 * only ever see the top 3, so the order is the product: it must be deterministic and explainable.
 *
 *   35 × industry fit  – asked industry is the fund's first-listed focus (1) or a later one (0.75),
 *                        times specificity min(1, 3 / number of industries)
 *   25 × stage fit     – specificity min(1, 2 / number of stages) for the asked stage
 *   15 × lead fit      – leads rounds 1, unknown 0.4, follows 0
 *   25 × completeness  – share of the 9 informative fields the record has
 *
 * A component without a filter scores 0.5 for every fund, so it does not reorder anything.
 * Ties are broken by name, then id.
 */
export const WEIGHTS = { industry: 35, stage: 25, lead: 15, completeness: 25 } as const;

export type ScoringFund = {
  fundingStages: readonly string[];
  industryFocus: readonly string[];
  leadsRounds: boolean | null;
  website: string | null;
  fundSize: number | null;
  checkSizeMinUsd: number | null;
  checkSizeMaxUsd: number | null;
  foundedYear: number | null;
  city: string | null;
  description: string | null;
  fundManager: string | null;
  linkedin: string | null;
};

export type ScoringQuery = { fundingStage?: string; industryFocus?: readonly string[] };

export function completeness(fund: ScoringFund): number {
  const present = [
    fund.website,
    fund.fundSize,
    fund.checkSizeMinUsd ?? fund.checkSizeMaxUsd,
    fund.foundedYear,
    fund.city,
    fund.description,
    fund.leadsRounds,
    fund.fundManager,
    fund.linkedin,
  ].filter((value) => value !== null && value !== undefined && value !== "").length;
  return present / 9;
}

export function leadFit(fund: ScoringFund): number {
  if (fund.leadsRounds === true) return 1;
  if (fund.leadsRounds === null) return 0.4;
  return 0;
}

export function industryFit(fund: ScoringFund, asked: readonly string[] | undefined): number {
  if (!asked || asked.length === 0) return 0.5;
  const specificity = Math.min(1, 3 / Math.max(1, fund.industryFocus.length));
  let best = 0;
  for (const industry of asked) {
    const position = fund.industryFocus.indexOf(industry);
    if (position === -1) continue;
    best = Math.max(best, (position === 0 ? 1 : 0.75) * specificity);
  }
  return best;
}

export function stageFit(fund: ScoringFund, asked: string | undefined): number {
  if (!asked) return 0.5;
  if (!fund.fundingStages.includes(asked)) return 0;
  return Math.min(1, 2 / Math.max(1, fund.fundingStages.length));
}

/** The query-independent part, precomputed once per fund by the index. */
export function baseScore(fund: ScoringFund): number {
  return WEIGHTS.lead * leadFit(fund) + WEIGHTS.completeness * completeness(fund);
}

export function relevanceScore(fund: ScoringFund, query: ScoringQuery, base = baseScore(fund)): number {
  const raw =
    WEIGHTS.industry * industryFit(fund, query.industryFocus) +
    WEIGHTS.stage * stageFit(fund, query.fundingStage) +
    base;
  // Rounded so that float noise never decides an order; the name does.
  return Math.round(raw * 1000) / 1000;
}

/**
 * Short reasons the card shows. `includePremium` is false for non-subscribers: a reason built on a
 * premium field ('Leads rounds') would give that field away.
 */
export function matchReasons(
  fund: ScoringFund & { country: string },
  query: ScoringQuery & { country?: string },
  includePremium: boolean,
): string[] {
  const reasons: string[] = [];
  if (query.fundingStage) {
    reasons.push(
      fund.fundingStages.length <= 2
        ? `${stageLabel(query.fundingStage)} specialist`
        : `Invests at ${stageLabel(query.fundingStage)}`,
    );
  } else if (fund.fundingStages[0]) {
    reasons.push(`Invests from ${stageLabel(fund.fundingStages[0])}`);
  }
  const askedIndustry = query.industryFocus?.find((industry) => fund.industryFocus.includes(industry));
  if (askedIndustry) {
    reasons.push(
      fund.industryFocus[0] === askedIndustry
        ? `Primary focus: ${industryLabel(askedIndustry)}`
        : `Focus: ${industryLabel(askedIndustry)}`,
    );
  } else if (fund.industryFocus[0]) {
    reasons.push(`Focus: ${industryLabel(fund.industryFocus[0])}`);
  }
  if (query.country) reasons.push(`Based in ${fund.country}`);
  if (includePremium && fund.leadsRounds === true) reasons.push("Leads rounds");
  return reasons;
}
