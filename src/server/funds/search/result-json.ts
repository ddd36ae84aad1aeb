import {
  type FactField,
  INFORMATIVE_FACTS,
  PREMIUM_FACT_FIELDS,
  type PremiumFactFlags,
} from "../../../shared/fund-facts.js";
import type {
  FundProvenance,
  FundResult,
  ListedTeamMember,
  PitchStats,
  PREMIUM_FUND_FIELDS,
} from "../../../shared/schemas/funds.js";
import { isStageCode, sortStages } from "../../../shared/stages.js";
import type { FundFactRow, FundRow } from "../../db/types.js";
import { reportedStatusOf } from "../fund-status.js";
import { fundTeamPremiumView, fundTeamPublicView } from "../fund-team-view.js";
import { knownFacts } from "../stats.js";

/*
 * The premium-gated serialisation: a fund's result is written as JSON members once, when the index
 * is built, in two halves (everyone's, and the premium fields); a response only splices the halves
 * its viewer may see.
 */

type PremiumField = (typeof PREMIUM_FUND_FIELDS)[number];
type PublicView = Omit<FundResult, "matchReasons" | "isPremium" | "premiumFacts" | PremiumField>;
type ProvenanceItem = FundProvenance[number];
type PremiumView = Pick<FundResult, PremiumField>;

/** A fund's result members, serialised once when the index is built (see publicMembersJson and below). */
export type SerialisedResult = {
  /** The result's JSON members without braces: a search only concatenates them. */
  publicJson: string;
  premiumJson: string;
  /** `"premiumFacts":{…}`: which premium facts exist, for the viewers the values are withheld from. */
  premiumFactsJson: string;
};

/** A result's cheque-fit member, written once (ADR 0016). */
export const CHEQUE_COVERS_JSON = ',"chequeFit":"covers"';
export const CHEQUE_UNKNOWN_JSON = ',"chequeFit":"unknown"';

/** A fund's result through the viewer's gate. `chequeFitJson` is empty or a `,"chequeFit":…` member (a search with a raise). */
export function resultJson(
  entry: SerialisedResult,
  reasonsJson: string,
  includePremium: boolean,
  chequeFitJson = "",
): string {
  return includePremium
    ? `{${entry.publicJson},${entry.premiumJson}${chequeFitJson},"matchReasons":${reasonsJson},"isPremium":false}`
    : `{${entry.publicJson},${entry.premiumFactsJson}${chequeFitJson},"matchReasons":${reasonsJson},"isPremium":true}`;
}

/**
 * How fresh the fund's record is, for the "recently reviewed" sort and the match's freshness: a
 * person's review, else the day the curated list stated it, else the day it was listed. Never shown
 * as a review (the answer's `lastReviewed` is null until a person reviews).
 */
export function recordDate(row: FundRow): string {
  return row.lastReviewed ?? row.curatedOn ?? row.createdAt.toISOString().slice(0, 10);
}

/** How many of the informative facts (INFORMATIVE_FACTS) the fund has. */
export function countFactsKnown(row: FundRow): number {
  const known = knownFacts(row);
  return INFORMATIVE_FACTS.filter((fact) => known[fact]).length;
}

/** Which premium facts the fund has, without their values (the portfolio's size, not its names). */
export function premiumFactsOf(row: FundRow): PremiumFactFlags {
  return {
    hasWebsite: Boolean(row.website),
    hasLinkedin: Boolean(row.linkedin),
    hasFundManager: Boolean(row.fundManager),
    hasCheckSize: row.checkSizeMinUsd !== null || row.checkSizeMaxUsd !== null,
    hasRoundRole: row.leadsRounds !== null,
    hasPitchRoute: row.pitchRoute !== null,
    portfolioCount: row.portfolio.length,
  };
}

/** Everyone's members of the fund's result. */
export function publicMembersJson(
  row: FundRow,
  facts: readonly FundFactRow[],
  team: readonly ListedTeamMember[] = [],
  pitchStats: PitchStats = null,
): string {
  // Rows written outside the import may hold stages out of order; responses show them earliest first.
  const stages = sortStages(row.fundingStages.filter(isStageCode));
  const fundSizeFact = row.fundSize === null ? undefined : facts.find((fact) => fact.field === "fundSize");
  return membersJson<PublicView>({
    id: row.id,
    name: row.name,
    fundSize: row.fundSize,
    currency: row.currency,
    country: row.country,
    countryCode: row.countryCode,
    city: row.city,
    // Null when the fund's stages are not disclosed: never a guessed stage.
    fundingStage: stages[0] ?? null,
    fundingStages: stages,
    industryFocus: row.industryFocus as PublicView["industryFocus"],
    foundedYear: row.foundedYear,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastReviewed: row.lastReviewed,
    listedOn: row.createdAt.toISOString().slice(0, 10),
    curatedOn: row.curatedOn,
    source: row.source,
    fundSizeKind: (fundSizeFact?.kind ?? null) as PublicView["fundSizeKind"],
    fundSizeSource: fundSizeFact ? provenanceItem(fundSizeFact) : null,
    factSources: factSources(facts, false),
    aum: row.aum,
    aumCurrency: row.aumCurrency,
    sectorAgnostic: row.sectorAgnostic,
    status: reportedStatusOf(row, facts),
    factsKnown: countFactsKnown(row),
    ...fundTeamPublicView(row, facts, team, pitchStats),
  });
}

/** The premium members of the fund's result, for the viewers who see all results. */
export function premiumMembersJson(row: FundRow, facts: readonly FundFactRow[]): string {
  return membersJson<PremiumView>({
    website: row.website,
    linkedin: row.linkedin,
    fundManager: row.fundManager,
    checkSizeMinUsd: row.checkSizeMinUsd,
    checkSizeMaxUsd: row.checkSizeMaxUsd,
    leadsRounds: row.leadsRounds,
    portfolio: row.portfolio,
    ...fundTeamPremiumView(row),
    premiumFactSources: factSources(facts, true),
  });
}

/** `"premiumFacts":{…}` for the viewers the premium values are withheld from. */
export function premiumFactsJson(row: FundRow): string {
  return `"premiumFacts":${JSON.stringify(premiumFactsOf(row))}`;
}

/** The provenance of the fund's premium facts, or of its other facts, as JSON array members. */
export function provenanceJson(facts: readonly FundFactRow[], premium: boolean): string {
  return factSources(facts, premium)
    .map((item) => JSON.stringify(item))
    .join(",");
}

/** The provenance of the fund's premium facts, or of its other facts. */
function factSources(facts: readonly FundFactRow[], premium: boolean): ProvenanceItem[] {
  return facts.filter((fact) => PREMIUM_FACT_FIELDS.has(fact.field as FactField) === premium).map(provenanceItem);
}

/** A fact's provenance as the API gives it; money facts keep the amount and currency their source stated. */
function provenanceItem(fact: FundFactRow): ProvenanceItem {
  const amount = fact.currency !== null && fact.value !== null ? Number(fact.value) : Number.NaN;
  return {
    field: fact.field as FactField,
    sourceName: fact.sourceName,
    sourceUrl: fact.sourceUrl,
    asOf: fact.asOf,
    retrievedOn: fact.retrievedOn,
    kind: fact.kind as ProvenanceItem["kind"],
    amount: Number.isFinite(amount) ? amount : null,
    currency: Number.isFinite(amount) ? fact.currency : null,
    origin: fact.origin,
    recordedOn: fact.updatedAt.toISOString().slice(0, 10),
  };
}

/** `{"a":1,"b":2}` → `"a":1,"b":2`, ready to be spliced into a larger object. */
function membersJson<T extends object>(value: T): string {
  return JSON.stringify(value).slice(1, -1);
}
