import { olderFundText } from "./fact-age.js";
import type { FactField } from "./fund-facts.js";
import { formatCompactAmount } from "./fund-size.js";
import { industryLabel } from "./industries.js";
import { stageLabel } from "./stages.js";
import { cutText } from "./text-cut.js";

/**
 * The match's reasons (what fits) and concerns (what may not), as the answer of
 * `POST /_api/funds/match` carries them (ADR 0021). Amounts are in US dollars, written compactly
 * ("$3M"). A text built on a premium field (cheque range, leading, portfolio) only ever reaches a
 * viewer who sees that field.
 */
/**
 * The fact a reason or concern rests on (issue 36: the card shows its source and date): one of the
 * fund's facts (FACT_FIELDS), `country` for the record's place, null for none (a fact not
 * disclosed, the record's age).
 */
export type MatchEvidence = FactField | "country" | null;

const usd = (amount: number) => `$${formatCompactAmount(amount)}`;

/** "the United States", "the Netherlands": the country names English writes with an article. */
function withArticle(country: string): string {
  return /^(United |Netherlands|Philippines|Czech Republic|Dominican Republic|Bahamas|Gambia|Maldives)/.test(country)
    ? `the ${country}`
    : country;
}

export const MATCH_TEXTS = {
  // Stage. A specialist is a fund whose stated focus is that one stage (issue 37).
  stageSpecialist: (stage: string) => `${stage} specialist`,
  investsAtStage: (stage: string) => `Invests at ${stage}`,
  nearbyStage: (stages: string) => `Invests mostly at ${stages}`,
  stagesUnknown: "Stages not disclosed",
  // Sectors.
  // A specialist is a fund whose stated focus is that one sector; a neighbour is a related code.
  sectorSpecialist: (sector: string) => `Specialist in ${sector}`,
  sectorFocus: (sector: string) => `Invests in ${sector}`,
  sectorRelated: (fundSector: string, sector: string) => `Invests in ${fundSector}, next to ${sector}`,
  sectorAgnostic: "Invests across sectors",
  /** The fund's own words: it backs technology startups, its listed sectors are examples. */
  sectorTechnology: "Backs technology startups across sectors",
  otherSectors: (sectors: string) => `Focuses on ${sectors}`,
  sectorsUnknown: "Sectors not disclosed",
  // Geography.
  sameCountry: (country: string) => `Based in ${country}`,
  statedGeography: (places: string) => `Invests in ${places}`,
  investsGlobally: "Invests globally",
  sameRegion: (region: string) => `Also in ${region}`,
  elsewhere: (country: string) => `Invests mostly in ${withArticle(country)}`,
  statedElsewhere: (places: string) => `Invests mostly in ${places}`,
  // The raise against the cheque range, else the fund size.
  chequeCovers: (min: number, max: number, raise: number) =>
    `Cheque range ${usd(min)}–${usd(max)} fits your ${usd(raise)} raise`,
  chequeBelow: (range: string, raise: number) => `Cheque range ${range} is below your ${usd(raise)} raise`,
  chequeAbove: (range: string, raise: number) => `Cheque range ${range} is above your ${usd(raise)} raise`,
  chequeJoins: (max: number, raise: number) => `Can join your ${usd(raise)} round with up to ${usd(max)}`,
  chequeCanLead: (max: number, raise: number) => `Cheques up to ${usd(max)} can lead your ${usd(raise)} round`,
  chequeCannotLead: (max: number, raise: number) =>
    `Cheques up to ${usd(max)} rarely lead a ${usd(raise)} round; it can join it`,
  sizeFits: (size: number, raise: number, olderYear?: number | null) =>
    `A ${fundWords(size, olderYear)} can lead a ${usd(raise)} round`,
  sizeJoins: (size: number, cheque: number, raise: number, olderYear?: number | null) =>
    `A ${fundWords(size, olderYear)} can join your ${usd(raise)} round with up to ${usd(cheque)}`,
  sizeTooSmall: (size: number, raise: number, olderYear?: number | null) =>
    `A ${fundWords(size, olderYear)} rarely leads a ${usd(raise)} round`,
  sizeTooLarge: (size: number, raise: number, olderYear?: number | null) =>
    `A ${fundWords(size, olderYear)} rarely writes cheques for a ${usd(raise)} round`,
  fundSizeUnknown: "Fund size not disclosed",
  // Leading.
  leadsRounds: "Leads rounds",
  usuallyFollows: "Usually follows",
  leadUnknown: "Not known whether it leads rounds",
  // Thesis.
  thesisClose: (words: string) => `Describes a thesis close to yours (${words})`,
  portfolioClose: (words: string) => `Backed companies close to yours (${words})`,
  // Whether the firm still invests, as a source reports it (issue 36).
  statusReported: (status: string, source: string, date: string | null) =>
    `${status}, reported by ${source}${date ? ` (${date})` : ""}`,
  // Freshness.
  reviewedRecently: "Data reviewed in the last year",
  reviewedLongAgo: (date: string) => `Data last updated on ${date}`,
} as const;

/**
 * A good match fits at least this much (ADR 0021): on the tuning part of the outside evaluation set
 * 93% of the funds that clearly fit a profile score 70 or more, while a median profile has 86 of
 * about 720 funds there. The rest are shown below them as weaker matches, never hidden.
 */
export const GOOD_MATCH_FIT = 70;

/** "86 good matches for your startup, and 633 weaker ones": the honest count above a shortlist. */
export function matchCountText(totalCount: number, goodCount: number): string {
  const weaker = totalCount - goodCount;
  const good = goodCount === 1 ? "1 good match" : `${goodCount.toLocaleString("en-US")} good matches`;
  const rest = weaker === 1 ? "1 weaker one" : `${weaker.toLocaleString("en-US")} weaker ones`;
  if (goodCount === 0)
    return `No strong match yet; ${weaker === 1 ? "1 weaker match" : `${weaker.toLocaleString("en-US")} weaker matches`}`;
  return weaker === 0 ? `${good} for your startup` : `${good} for your startup, and ${rest}`;
}

/** The heading above the funds that fit less than GOOD_MATCH_FIT. */
export const WEAKER_MATCHES_HEADING = "Weaker matches";
export const WEAKER_MATCHES_NOTE =
  "These fit less than 70 of 100: they invest at another stage, in other sectors or elsewhere, or too little is known about them.";

/** "$110M fund", or "$60M older fund (2014)" for a fund size more than 6 years old (fact-age.ts). */
function fundWords(size: number, olderYear: number | null | undefined): string {
  return olderYear ? `${usd(size)} ${olderFundText(olderYear)}` : `${usd(size)} fund`;
}

/** A cheque range as a text: "$100K–$500K", "from $1M", "up to $500K". */
export function chequeRangeText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return min === max ? usd(min) : `${usd(min)}–${usd(max)}`;
  if (min !== null) return `from ${usd(min)}`;
  return `up to ${usd(max ?? 0)}`;
}

/** The fields of a saved startup profile the match uses. */
export type MatchProfileFields = {
  stage: string | null;
  sectors: readonly string[];
  country: string | null;
  raiseAmountUsd: number | null;
  needsLead: boolean | null;
  description: string | null;
};

/** The longest part of a profile's description a summary quotes. */
const DESCRIPTION_QUOTE_MAX = 40;

/**
 * A startup profile in one line, as far as the match reads it: "Seed · Fintech, SaaS · Germany ·
 * raising $1.5M · needs a lead · “AI for farm logistics…”". Empty when it names nothing the match uses.
 */
export function startupProfileSummary(profile: MatchProfileFields): string {
  const parts = [
    profile.stage ? stageLabel(profile.stage) : "",
    profile.sectors.map(industryLabel).join(", "),
    profile.country ?? "",
    profile.raiseAmountUsd === null ? "" : `raising ${usd(profile.raiseAmountUsd)}`,
    profile.needsLead === null ? "" : profile.needsLead ? "needs a lead" : "no lead needed",
    profile.description ? `“${cutText(profile.description.replace(/\s+/g, " ").trim(), DESCRIPTION_QUOTE_MAX)}”` : "",
  ];
  return parts.filter(Boolean).join(" · ");
}
