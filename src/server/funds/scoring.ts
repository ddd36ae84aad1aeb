import { SECTOR_AGNOSTIC_LABEL } from "../../shared/fund-facts.js";
import { formatCompactAmount } from "../../shared/fund-size.js";
import { industryLabel } from "../../shared/industries.js";
import { sortStages, stageLabel } from "../../shared/stages.js";
import { nameHasAll, type TextTokens } from "./text-match.js";

/**
 * Relevance of a fund to a search (see docs/decisions/0003-search-ranking.md). Free users only
 * ever see the top 3, so the order is the product: it must be deterministic and explainable.
 *
 *   35 × industry fit  – asked industry is the fund's first-listed focus (1) or a later one (0.75),
 *                        times specificity min(1, 3 / number of industries); with several asked,
 *                        the best of them, times (1 + share of the asked ones the fund covers) / 2
 *   25 × stage fit     – specificity min(1, 2 / number of stages); with several asked stages,
 *                        times (1 + share of the asked ones the fund invests at) / 2
 *   15 × lead fit      – leads rounds 1, unknown 0.4, follows 0
 *   25 × completeness  – share of the 9 informative fields the record has
 *
 * A sector-agnostic fund (sectorAgnostic true) matches every industry; for an asked industry it does
 * not list, its industry fit is SECTOR_AGNOSTIC_FIT (0.3), below a fund listing that industry first
 * among up to nine or anywhere among up to seven: it ranks below a specialist of otherwise equal fit.
 *
 * A component without a filter scores 0.5 for every fund, so it does not reorder anything: the
 * basic search's score is 0–100. Two components exist only when their (Premium) filter is given:
 *
 *   15 × cheque fit    – how centrally the founder's raise sits in the fund's first-cheque range,
 *                        on a log scale: 1 at the geometric middle, 0 at either end
 *   60 × text fit      – the query's words in the name (1 at a word's start, 0.9 inside a word)
 *                        or only in the description (0.2), averaged over the words: a name
 *                        match outranks a description match whatever the record's lead and
 *                        completeness (worth 40 together)
 *
 * Ties are broken by name, then id.
 */
export const WEIGHTS = { industry: 35, stage: 25, lead: 15, completeness: 25, cheque: 15, text: 60 } as const;

/** The industry fit of a sector-agnostic fund for an asked industry it does not list (ADR 0003). */
export const SECTOR_AGNOSTIC_FIT = 0.3;

/** The reason a sector-agnostic fund gives for an industry search it matches without listing the industry. */
export const SECTOR_AGNOSTIC_REASON = SECTOR_AGNOSTIC_LABEL;

export type ScoringFund = {
  sectorAgnostic?: boolean | null | undefined;
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

/**
 * What a score looks at. `fundingStage` and `fundingStages` are both asked stages (the basic and
 * the advanced field; a fund must match both, and its fit counts every asked stage).
 */
export type ScoringQuery = {
  fundingStage?: string | undefined;
  fundingStages?: readonly string[] | undefined;
  industryFocus?: readonly string[] | undefined;
  raiseAmountUsd?: number | undefined;
};

/** The asked stages, each once, earliest first. */
export function askedStages(query: ScoringQuery): string[] {
  const asked = new Set(query.fundingStages ?? []);
  if (query.fundingStage) asked.add(query.fundingStage);
  return sortStages([...asked] as Parameters<typeof sortStages>[0]);
}

/** (1 + covered share) / 2 with several asked values; exactly 1 with one, so basic searches score as before. */
function coverage(covered: number, asked: number): number {
  return asked <= 1 ? 1 : (1 + covered / asked) / 2;
}

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
  let covered = 0;
  for (const industry of asked) {
    const position = fund.industryFocus.indexOf(industry);
    if (position === -1) continue;
    covered += 1;
    best = Math.max(best, (position === 0 ? 1 : 0.75) * specificity);
  }
  const listed = best * coverage(covered, asked.length);
  // A sector-agnostic fund covers every asked industry, at a generalist's fit.
  return fund.sectorAgnostic === true ? Math.max(listed, SECTOR_AGNOSTIC_FIT) : listed;
}

export function stageFit(fund: ScoringFund, asked: string | readonly string[] | undefined): number {
  const stages = typeof asked === "string" ? [asked] : (asked ?? []);
  if (stages.length === 0) return 0.5;
  const covered = stages.filter((stage) => fund.fundingStages.includes(stage)).length;
  if (covered === 0) return 0;
  return Math.min(1, 2 / Math.max(1, fund.fundingStages.length)) * coverage(covered, stages.length);
}

/**
 * Which raise group a fund falls in (ADR 0016): its known first-cheque range covers the raise, the
 * range is unknown (or only half known and not excluding it), or a known end excludes the raise.
 */
export function chequeGroup(
  fund: Pick<ScoringFund, "checkSizeMinUsd" | "checkSizeMaxUsd">,
  raiseUsd: number,
): "covers" | "unknown" | "excluded" {
  const { checkSizeMinUsd: min, checkSizeMaxUsd: max } = fund;
  if ((min !== null && raiseUsd < min) || (max !== null && raiseUsd > max)) return "excluded";
  return min !== null && max !== null ? "covers" : "unknown";
}

/**
 * How centrally a raise sits in the fund's first-cheque range, 0–1 on a log scale; 0 when the
 * range is unknown or does not contain it (such a fund does not match the raise filter).
 */
export function chequeFit(fund: ScoringFund, raiseUsd: number): number {
  const { checkSizeMinUsd: min, checkSizeMaxUsd: max } = fund;
  if (min === null || max === null || raiseUsd < min || raiseUsd > max || raiseUsd <= 0) return 0;
  if (min <= 0 || max <= min) return 1;
  const low = Math.log(min);
  const high = Math.log(max);
  const middle = (low + high) / 2;
  return Math.max(0, 1 - Math.abs(Math.log(raiseUsd) - middle) / ((high - low) / 2));
}

/** The query-independent part, precomputed once per fund by the index. */
export function baseScore(fund: ScoringFund): number {
  return WEIGHTS.lead * leadFit(fund) + WEIGHTS.completeness * completeness(fund);
}

/**
 * The score; `textFitValue` is the text query's fit, computed by the index, which holds the
 * fund's words (undefined without a query).
 */
export function relevanceScore(
  fund: ScoringFund,
  query: ScoringQuery,
  base = baseScore(fund),
  textFitValue?: number,
): number {
  let raw =
    WEIGHTS.industry * industryFit(fund, query.industryFocus) +
    WEIGHTS.stage * stageFit(fund, askedStages(query)) +
    base;
  if (query.raiseAmountUsd !== undefined) raw += WEIGHTS.cheque * chequeFit(fund, query.raiseAmountUsd);
  if (textFitValue !== undefined) raw += WEIGHTS.text * textFitValue;
  // Rounded so that float noise never decides an order; the name does.
  return Math.round(raw * 1000) / 1000;
}

/** What the reasons look at: the search, plus the text query's words when there is one. */
export type ReasonQuery = ScoringQuery & {
  country?: string | undefined;
  countries?: readonly string[] | undefined;
  regions?: readonly string[] | undefined;
  /** The text query's folded words, and the fund's words they were matched against. */
  text?: { words: readonly string[]; tokens: TextTokens } | undefined;
};

function checkRangeText(min: number, max: number): string {
  return min === max ? `$${formatCompactAmount(min)}` : `$${formatCompactAmount(min)} – $${formatCompactAmount(max)}`;
}

/**
 * Short reasons the card shows. `includePremium` is false for non-subscribers: a reason built on a
 * premium field ('Leads rounds', the cheque range) would give that field away.
 */
export function matchReasons(
  fund: ScoringFund & { country: string },
  query: ReasonQuery,
  includePremium: boolean,
): string[] {
  const reasons: string[] = [];
  const stages = askedStages(query);
  const askedStage = stages.find((stage) => fund.fundingStages.includes(stage));
  if (askedStage) {
    reasons.push(
      // A specialist is a fund whose stated focus is that one stage (issue 37: a two-stage fund is not).
      fund.fundingStages.length === 1 ? `${stageLabel(askedStage)} specialist` : `Invests at ${stageLabel(askedStage)}`,
    );
  } else if (fund.fundingStages[0]) {
    reasons.push(`Invests from ${stageLabel(fund.fundingStages[0])}`);
  }
  // With several asked industries, the one the fund lists first.
  const asked = new Set(query.industryFocus ?? []);
  const askedIndustry = fund.industryFocus.find((industry) => asked.has(industry));
  if (askedIndustry) {
    reasons.push(
      fund.industryFocus[0] === askedIndustry
        ? `Primary focus: ${industryLabel(askedIndustry)}`
        : `Focus: ${industryLabel(askedIndustry)}`,
    );
  } else if (fund.sectorAgnostic === true) {
    reasons.push(SECTOR_AGNOSTIC_REASON);
  } else if (fund.industryFocus[0]) {
    reasons.push(`Focus: ${industryLabel(fund.industryFocus[0])}`);
  }
  if (query.country || (query.countries?.length ?? 0) > 0 || (query.regions?.length ?? 0) > 0) {
    reasons.push(`Based in ${fund.country}`);
  }
  if (query.text && query.text.words.length > 0) {
    const { words, tokens } = query.text;
    if (nameHasAll(tokens, words)) reasons.push(`Name matches “${words.join(" ")}”`);
    else {
      const inDescription = words.find((word) => !tokens.name.some((token) => token.includes(word))) ?? words[0];
      reasons.push(`Mentions “${inDescription}”`);
    }
  }
  if (
    includePremium &&
    query.raiseAmountUsd !== undefined &&
    fund.checkSizeMinUsd !== null &&
    fund.checkSizeMaxUsd !== null &&
    chequeGroup(fund, query.raiseAmountUsd) === "covers"
  ) {
    reasons.push(`First cheque ${checkRangeText(fund.checkSizeMinUsd, fund.checkSizeMaxUsd)} fits your raise`);
  }
  if (includePremium && fund.leadsRounds === true) reasons.push("Leads rounds");
  return reasons;
}
