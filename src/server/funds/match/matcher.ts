import MiniSearch from "minisearch";
import { factYear, isOldFundSize } from "../../../shared/fact-age.js";
import { type IndustryCode, industryLabel } from "../../../shared/industries.js";
import { familiesOf, industryRelation } from "../../../shared/industry-families.js";
import { roundRole, usualFirstCheque } from "../../../shared/lead-rule.js";
import { chequeRangeText, GOOD_MATCH_FIT, MATCH_TEXTS, type MatchEvidence } from "../../../shared/match-texts.js";
import { type RegionCode, regionLabel } from "../../../shared/regions.js";
import type { FundMatchRequest } from "../../../shared/schemas/match.js";
import { STAGE_CODES, stageLabel } from "../../../shared/stages.js";
import { placeNoun, readStatedGeography, type StatedGeography } from "../../../shared/stated-geography.js";
import { breadthCovers, readSectorBreadth, type SectorBreadth } from "../../../shared/stated-sector-breadth.js";
import { SUB_REGION_LABELS, type SubRegionCode, subRegionOfCountryCode } from "../../../shared/sub-regions.js";
import type { FundRow } from "../../db/types.js";
import { countryCodeOfName } from "../country-regions.js";
import { foldText } from "../text-match.js";
import * as W from "./weights.js";

/** What the matcher reads of a fund (the search index's entry has it all). */
export type MatchFund = {
  row: FundRow;
  agnostic: boolean;
  countryKey: string;
  region: RegionCode | undefined;
  /** NaN when undisclosed or in an unknown currency. */
  fundSizeUsd: number;
  /** The fund size's own date; a size more than 6 years old is weak evidence (src/shared/fact-age.ts). */
  fundSizeAsOf?: string | null;
  /** The review date as YYYYMMDD. */
  reviewedKey: number;
  /** A source reports the firm winding down or not raising (issue 36): ranked after every other fund. */
  demoted: boolean;
  /** The concern naming a sourced status and its source; null without one. */
  statusConcern: string | null;
};

/** The profile as the match compares it. */
export type MatchProfile = {
  stage: string | undefined;
  sectors: readonly string[];
  countryKey: string;
  raise: number | undefined;
  needsLead: boolean;
  description: string;
};

/** A match's ranked funds (positions in the fund list) with their fit, cached per profile. */
export type MatchRanking = {
  ids: Int32Array;
  fit: Uint8Array;
  /** How many of `ids`, from the first, are good matches (fit at least GOOD_MATCH_FIT, never a demoted fund). */
  goodCount: number;
  /** Per position in the fund list: the thesis similarity 0–1; per thesis document, the query terms it matched. */
  thesis: Float64Array;
  terms: Map<number, string[]>;
};

/**
 * Common words of fund descriptions and startup one-liners: they say nothing of a thesis, and
 * leaving them out keeps a query's posting lists short (100,000 funds).
 */
const STOP_WORDS = new Set(
  // English function words.
  (
    "a an and are as at be been but by can do for from has have how in into is it its more most no not of " +
    "on one or our out over so than that the their them they this those through to two up us using was we " +
    "what when where which while who will with within without you your " +
    // Words every fund and every one-liner uses: they say nothing of a thesis.
    "invest invests investing investor investors investment investments fund funds venture ventures capital vc " +
    "startup startups company companies early stage stages seed pre series founder founders back backs backing " +
    "based focus focused focusing across sector sectors platform platforms firm firms partner partners global " +
    "team teams new help helps build builds building business businesses round rounds led lead leads raise " +
    "raising working work works make makes making small large big unit units product products solution solutions " +
    "service services customer customers user users market markets world first best next leading modern " +
    "technology technologies tech software app apps tool tools system systems data digital online smart " +
    "growth grow growing scale scaling stage-agnostic check cheque cheques million billion " +
    // Places are the geography's part, not the thesis's.
    "indian american european african asian chinese japanese korean british german french israeli " +
    "india america europe africa asia china japan korea uk us usa"
  ).split(" "),
);

/** Folded, stop words dropped, a plural's s taken off so 'payments' meets 'payment'. */
function processTerm(term: string): string | null {
  const folded = foldText(term);
  if (folded.length < 2 || STOP_WORDS.has(folded)) return null;
  return folded.length > 4 && folded.endsWith("s") && !folded.endsWith("ss") ? folded.slice(0, -1) : folded;
}

/** late_stage and growth are one band: a growth fund is one step from Series C, as late stage is. */
/**
 * Each stage's band, as a range: late stage and growth share a band (as before), and "late stage"
 * also covers Series C, as PitchBook's Venture Monitor counts it (early-stage VC: Series A and B;
 * late-stage VC: Series C and later). So a Series C startup and a late-stage fund are at the same
 * stage, not a step apart.
 */
const STAGE_BAND = new Map<string, readonly [number, number]>(
  STAGE_CODES.map((code, index) => [code, code === "late_stage" ? [4, 5] : [Math.min(index, 5), Math.min(index, 5)]]),
);

/** Steps between two stage bands: 0 where they overlap. */
function bandDistance(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.max(0, b[0] - a[1], a[0] - b[1]);
}

const DAY_MS = 86_400_000;
/** The fit is compared in millionths: float noise never decides an order, the name does. */
const FIT_STEPS = 1_000_000;

function keyDate(key: number): number {
  const year = Math.floor(key / 10000);
  const month = Math.floor(key / 100) % 100;
  return Date.UTC(year, month - 1, key % 100);
}

export function normaliseProfile(body: FundMatchRequest): MatchProfile {
  return {
    stage: body.stage,
    sectors: [...new Set(body.sectors ?? [])].sort(),
    countryKey: body.country?.trim().toLowerCase() ?? "",
    raise: body.raiseAmountUsd,
    needsLead: body.needsLead === true,
    description: body.description?.trim() ?? "",
  };
}

/** Everything that changes a ranking; two spellings of one description may differ, different ones never merge. */
export function profileKey(profile: MatchProfile): string {
  return [
    profile.stage ?? "",
    profile.sectors.join(","),
    profile.countryKey,
    profile.raise ?? "",
    profile.needsLead ? 1 : 0,
    profile.description.toLowerCase(),
  ].join("\u0001");
}

/**
 * The match over one version of the fund data (ADR 0021): the funds, a BM25 index (minisearch) of
 * each fund's description and portfolio names built once with it, and the rules that turn a profile
 * into a fit, reasons and concerns. Built lazily by the search index, so a data version that nobody
 * matches against never pays for it.
 */
export class FundMatcher {
  private readonly thesisIndex: MiniSearch;
  private readonly regionByCountry = new Map<string, RegionCode>();
  private readonly today: number;
  private readonly todayDate: Date;
  /** The fund at each name rank (the inverse of nameRank). */
  private readonly byNameRank: Int32Array;
  /** The thesis document of each fund (-1: neither description nor portfolio), and each document's funds. */
  private readonly textOf: Int32Array;
  private readonly fundsOfText: number[][] = [];
  private readonly freshness: Float64Array;
  /** Each fund's country code, sub-region, and the geography its own words state (its home country included). */
  private readonly countryCodes: Array<string | undefined>;
  private readonly subRegions: Array<SubRegionCode | undefined>;
  private readonly stated: StatedGeography[];
  /** Each fund's own words on the breadth of its sectors ("technology startups", "across sectors"). */
  private readonly breadth: Array<SectorBreadth | undefined>;
  /** The country code of each country name the funds use (lower case), for the profile's country. */
  private readonly codeByCountry = new Map<string, string>();

  constructor(
    private readonly funds: readonly MatchFund[],
    private readonly nameRank: Int32Array,
    now = new Date(),
  ) {
    this.today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    this.todayDate = new Date(this.today);
    this.byNameRank = new Int32Array(funds.length);
    nameRank.forEach((rank, index) => {
      this.byNameRank[rank] = index;
    });
    for (const fund of funds) {
      if (fund.region && !this.regionByCountry.has(fund.countryKey))
        this.regionByCountry.set(fund.countryKey, fund.region);
      const code = fund.row.countryCode?.toUpperCase();
      if (code && !this.codeByCountry.has(fund.countryKey)) this.codeByCountry.set(fund.countryKey, code);
    }
    this.countryCodes = funds.map((fund) => fund.row.countryCode?.toUpperCase() ?? undefined);
    this.subRegions = this.countryCodes.map((code) => subRegionOfCountryCode(code));
    // One reading of each distinct description (a family of funds shares one): where it says the
    // fund invests, and how broad it says its sectors are.
    const readings = new Map<string, { geography: StatedGeography; breadth: SectorBreadth | undefined }>();
    const readingOf = (description: string) => {
      let reading = readings.get(description);
      if (!reading) {
        reading = { geography: readStatedGeography(description), breadth: readSectorBreadth(description) };
        readings.set(description, reading);
      }
      return reading;
    };
    this.breadth = funds.map((fund) => readingOf(fund.row.description ?? "").breadth);
    this.stated = funds.map((fund, index) => {
      const reading = readingOf(fund.row.description ?? "").geography;
      const home = this.countryCodes[index];
      // The fund's own country is always part of where it invests, stated or not.
      if (reading.countries.size === 0 || !home || reading.countries.has(home)) return reading;
      return { ...reading, countries: new Set([...reading.countries, home]) };
    });
    this.thesisIndex = new MiniSearch({
      idField: "id",
      fields: ["description", "portfolio"],
      storeFields: [],
      processTerm,
    });
    // One document per distinct text: funds sharing a description and portfolio (a family of
    // funds, an import's copies) are scored once, and count once in the words' rarity.
    this.textOf = new Int32Array(funds.length).fill(-1);
    const textIds = new Map<string, number>();
    const docs: Array<{ id: number; description: string; portfolio: string }> = [];
    funds.forEach((fund, index) => {
      const description = fund.row.description ?? "";
      const portfolio = fund.row.portfolio.join(" ");
      if (description === "" && portfolio === "") return;
      const key = `${description}\u0001${portfolio}`;
      let id = textIds.get(key);
      if (id === undefined) {
        id = docs.length;
        textIds.set(key, id);
        docs.push({ id, description, portfolio });
        this.fundsOfText.push([]);
      }
      this.textOf[index] = id;
      (this.fundsOfText[id] as number[]).push(index);
    });
    this.thesisIndex.addAll(docs);
    // Freshness does not depend on the profile: once per fund.
    this.freshness = Float64Array.from(funds, (fund) => this.freshnessValue(fund));
  }

  /** Ranks every fund the profile does not exclude: fit, then the exact score, then name, then id. */
  rank(profile: MatchProfile): MatchRanking {
    const thesis = new Float64Array(this.funds.length);
    const terms = new Map<number, string[]>();
    if (profile.description) {
      const hits = this.thesisIndex.search(profile.description, {
        boost: { description: 1, portfolio: 0.5 },
        combineWith: "OR",
      });
      const best = hits[0]?.score ?? 0;
      for (const hit of hits) {
        const value = best > 0 ? hit.score / best : 0;
        for (const index of this.fundsOfText[hit.id as number] ?? []) thesis[index] = value;
        terms.set(hit.id as number, hit.terms);
      }
    }
    // One number per fund sorts by fit (descending), then name rank, natively: the fit in millionths
    // above the name rank's bits. 1e6 fits × 2^k ranks stays below 2^53 for up to 2^33 funds.
    const rankBits = 2 ** Math.ceil(Math.log2(Math.max(2, this.funds.length)));
    const keys: number[] = [];
    const fit = new Uint8Array(this.funds.length);
    this.funds.forEach((fund, index) => {
      const score = this.score(fund, index, profile, thesis[index] as number);
      if (score === undefined) return;
      fit[index] = Math.round(score * 100);
      keys.push((FIT_STEPS - Math.round(score * FIT_STEPS)) * rankBits + (this.nameRank[index] as number));
    });
    const sorted = Float64Array.from(keys).sort();
    const ids = new Int32Array(sorted.length);
    // A fund a source reports winding down or not raising goes after every other one, in its own
    // order (issue 36): it never takes a place in a top 10 that another fund could have.
    let front = 0;
    const demoted: number[] = [];
    for (const key of sorted) {
      const index = this.byNameRank[key % rankBits] as number;
      if ((this.funds[index] as MatchFund).demoted) demoted.push(index);
      else ids[front++] = index;
    }
    let goodCount = 0;
    while (goodCount < front && (fit[ids[goodCount] as number] as number) >= GOOD_MATCH_FIT) goodCount++;
    for (const index of demoted) ids[front++] = index;
    return { ids, fit, goodCount, thesis, terms };
  }

  /** The fit 0–1 (rounded to 1e-6 so float noise never decides an order), or undefined when excluded. */
  private score(fund: MatchFund, index: number, profile: MatchProfile, thesisValue: number): number | undefined {
    let weighed = W.MATCH_WEIGHTS.freshness * (this.freshness[index] as number);
    let total: number = W.MATCH_WEIGHTS.freshness;
    let penalty = 1;
    if (profile.stage !== undefined) {
      const value = stageValue(fund.row.fundingStages, profile.stage);
      if (value === undefined) return undefined;
      weighed += W.MATCH_WEIGHTS.stage * value;
      total += W.MATCH_WEIGHTS.stage;
    }
    if (profile.sectors.length > 0) {
      const value = sectorValue(fund, profile.sectors, this.breadth[index]);
      if (value === 0) penalty = W.SECTOR_MISMATCH_PENALTY;
      weighed += W.MATCH_WEIGHTS.sectors * value;
      total += W.MATCH_WEIGHTS.sectors;
    }
    if (profile.countryKey) {
      weighed += W.MATCH_WEIGHTS.geography * this.geography(index, profile.countryKey).value;
      total += W.MATCH_WEIGHTS.geography;
    }
    if (profile.raise !== undefined) {
      weighed += W.MATCH_WEIGHTS.raise * raiseJudgement(fund, profile.raise, profile.needsLead, this.todayDate).value;
      total += W.MATCH_WEIGHTS.raise;
    }
    if (profile.needsLead) {
      const leads = fund.row.leadsRounds;
      weighed += W.MATCH_WEIGHTS.lead * (leads === true ? 1 : leads === false ? W.FOLLOWS_VALUE : W.LEAD_UNKNOWN_VALUE);
      total += W.MATCH_WEIGHTS.lead;
    }
    if (profile.description) {
      const known = this.hasThesisText(index);
      // Shared words are evidence for a fund; none shared is no evidence either way, not a mismatch.
      weighed +=
        W.MATCH_WEIGHTS.thesis *
        (known ? W.THESIS_UNKNOWN_VALUE + (1 - W.THESIS_UNKNOWN_VALUE) * thesisValue : W.THESIS_UNKNOWN_VALUE);
      total += W.MATCH_WEIGHTS.thesis;
    }
    return Math.round((weighed / total) * penalty * FIT_STEPS) / FIT_STEPS;
  }

  private hasThesisText(index: number): boolean {
    return (this.textOf[index] as number) !== -1;
  }

  /**
   * Where the fund invests against the startup's country (issue 37): the same country; its own
   * words covering the country (or saying it invests globally); the same sub-region; the same
   * region; elsewhere; its own words naming only places elsewhere. Each with the reason or concern
   * that says so.
   */
  private geography(
    index: number,
    countryKey: string,
  ): { value: number; reason?: string; concern?: string; stated?: boolean } {
    const fund = this.funds[index] as MatchFund;
    if (fund.countryKey === countryKey) return { value: 1, reason: MATCH_TEXTS.sameCountry(fund.row.country) };
    const code = this.codeByCountry.get(countryKey) ?? countryCodeOfName(countryKey);
    const stated = this.stated[index] as StatedGeography;
    if (code && stated.countries.has(code)) {
      const covering = stated.phrases
        .filter((phrase) => phrase.countries.includes(code))
        .map((phrase) => placeNoun(phrase.text, phrase.countries));
      return {
        value: W.STATED_GEOGRAPHY_VALUE,
        reason: MATCH_TEXTS.statedGeography(placesText(covering)),
        stated: true,
      };
    }
    if (stated.global) return { value: W.GLOBAL_GEOGRAPHY_VALUE, reason: MATCH_TEXTS.investsGlobally, stated: true };
    const statedPlaces = () => placesText(stated.phrases.map((phrase) => placeNoun(phrase.text, phrase.countries)));
    // Named only as an exception ("selective deals elsewhere in Africa"): a region's chance at best.
    if (code && stated.occasional.has(code)) {
      return { value: W.SAME_REGION_VALUE, concern: MATCH_TEXTS.statedElsewhere(statedPlaces()), stated: true };
    }
    if (code && stated.countries.size > 0) {
      return { value: W.STATED_ELSEWHERE_VALUE, concern: MATCH_TEXTS.statedElsewhere(statedPlaces()), stated: true };
    }
    const subRegion = subRegionOfCountryCode(code);
    if (subRegion !== undefined && this.subRegions[index] === subRegion) {
      return { value: W.SAME_SUB_REGION_VALUE, reason: MATCH_TEXTS.sameRegion(SUB_REGION_LABELS[subRegion]) };
    }
    const region = this.regionByCountry.get(countryKey);
    if (region !== undefined && fund.region === region) {
      return { value: W.SAME_REGION_VALUE, reason: MATCH_TEXTS.sameRegion(regionLabel(region)) };
    }
    return { value: W.ELSEWHERE_VALUE, concern: MATCH_TEXTS.elsewhere(fund.row.country) };
  }

  private freshnessValue(fund: MatchFund): number {
    const age = (this.today - keyDate(fund.reviewedKey)) / DAY_MS;
    if (!(age <= W.FRESHNESS_AGING_DAYS)) return W.FRESHNESS_OLD_VALUE;
    return age <= W.FRESHNESS_RECENT_DAYS ? 1 : W.FRESHNESS_AGING_VALUE;
  }

  /**
   * What fits and what may not, for one ranked fund. `includePremium` is false for a viewer who
   * does not see the premium fields: the texts built on them (cheque range, leading, portfolio)
   * are left out, as the search's reasons leave them out (ADR 0005).
   */
  explain(index: number, profile: MatchProfile, ranking: MatchRanking, includePremium: boolean): MatchExplanation {
    const fund = this.funds[index] as MatchFund;
    const row = fund.row;
    const out: MatchExplanation = { reasons: [], concerns: [], reasonFacts: [], concernFacts: [] };
    // Each text with the fact it rests on (issue 36: the card shows that fact's source and date).
    const reason = (text: string, fact: MatchEvidence) => {
      out.reasons.push(text);
      out.reasonFacts.push(fact);
    };
    const concern = (text: string, fact: MatchEvidence) => {
      out.concerns.push(text);
      out.concernFacts.push(fact);
    };
    // A source's report that the firm winds down, is not raising or paused comes first: it outweighs any fit.
    if (fund.statusConcern) concern(fund.statusConcern, "status");
    if (profile.stage !== undefined) {
      const label = stageLabel(profile.stage);
      if (row.fundingStages.length === 0) concern(MATCH_TEXTS.stagesUnknown, null);
      else if (row.fundingStages.includes(profile.stage))
        reason(
          row.fundingStages.length === 1 ? MATCH_TEXTS.stageSpecialist(label) : MATCH_TEXTS.investsAtStage(label),
          "fundingStages",
        );
      else concern(MATCH_TEXTS.nearbyStage(row.fundingStages.slice(0, 2).map(stageLabel).join(", ")), "fundingStages");
    }
    if (profile.sectors.length > 0) {
      const shared = row.industryFocus.find((code) => profile.sectors.includes(code));
      const related = shared === undefined ? relatedSector(row.industryFocus, profile.sectors) : undefined;
      if (shared)
        reason(
          row.industryFocus.length === 1
            ? MATCH_TEXTS.sectorSpecialist(industryLabel(shared))
            : MATCH_TEXTS.sectorFocus(industryLabel(shared)),
          "industryFocus",
        );
      else if (related)
        reason(MATCH_TEXTS.sectorRelated(industryLabel(related.via), industryLabel(related.sector)), "industryFocus");
      else if (fund.agnostic) reason(MATCH_TEXTS.sectorAgnostic, "sectorAgnostic");
      else if (coversSectors(this.breadth[index], profile.sectors))
        reason(
          this.breadth[index] === "all" ? MATCH_TEXTS.sectorAgnostic : MATCH_TEXTS.sectorTechnology,
          "description",
        );
      else if (row.industryFocus.length === 0) concern(MATCH_TEXTS.sectorsUnknown, null);
      else
        concern(MATCH_TEXTS.otherSectors(row.industryFocus.slice(0, 2).map(industryLabel).join(", ")), "industryFocus");
    }
    if (profile.countryKey) {
      const place = this.geography(index, profile.countryKey);
      // A stated geography is read from the fund's description; the rest from the record's country.
      const fact: MatchEvidence = place.stated ? "description" : "country";
      if (place.reason) reason(place.reason, fact);
      if (place.concern) concern(place.concern, fact);
    }
    if (profile.raise !== undefined) {
      const judgement = raiseJudgement(fund, profile.raise, profile.needsLead, this.todayDate);
      if (judgement.text && (includePremium || !judgement.premium)) {
        (judgement.fits ? reason : concern)(judgement.text, judgement.fact);
      } else if (!judgement.text) {
        concern(MATCH_TEXTS.fundSizeUnknown, null);
      }
    }
    if (profile.needsLead && includePremium) {
      if (row.leadsRounds === true) reason(MATCH_TEXTS.leadsRounds, "leadsRounds");
      else if (row.leadsRounds === false) concern(MATCH_TEXTS.usuallyFollows, "leadsRounds");
      else concern(MATCH_TEXTS.leadUnknown, null);
    }
    if (profile.description && (ranking.thesis[index] as number) >= 0.25) {
      const matched = ranking.terms.get(this.textOf[index] as number) ?? [];
      const described = new Set((row.description ? foldText(row.description) : "").split(/[^\p{L}\p{N}]+/u));
      const inDescription = matched.filter((term) => described.has(term) || described.has(`${term}s`));
      if (inDescription.length > 0)
        reason(MATCH_TEXTS.thesisClose(inDescription.slice(0, 3).join(", ")), "description");
      else if (includePremium && matched.length > 0)
        reason(MATCH_TEXTS.portfolioClose(matched.slice(0, 3).join(", ")), "portfolio");
    }
    if ((this.freshness[index] as number) < 1) {
      const key = String(fund.reviewedKey);
      concern(MATCH_TEXTS.reviewedLongAgo(`${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`), null);
    }
    return out;
  }
}

/** What fits and what may not, each text with the fact it rests on (the same order). */
export type MatchExplanation = {
  reasons: string[];
  concerns: string[];
  reasonFacts: MatchEvidence[];
  concernFacts: MatchEvidence[];
};

/** 0–1 for the startup's stage against the fund's known stages; undefined: known and far apart (excluded). */
export function stageValue(fundStages: readonly string[], stage: string): number | undefined {
  if (fundStages.length === 0) return W.UNKNOWN_VALUE;
  // A multi-stage fund invests at each of its stages; a fund of one or two stages is a little surer.
  if (fundStages.includes(stage)) return fundStages.length <= 2 ? 1 : fundStages.length <= 4 ? 0.95 : 0.9;
  const band = STAGE_BAND.get(stage) ?? ([0, 0] as const);
  let nearest = Number.POSITIVE_INFINITY;
  for (const fundStage of fundStages) {
    const other = STAGE_BAND.get(fundStage);
    if (other !== undefined) nearest = Math.min(nearest, bandDistance(band, other));
  }
  if (nearest === 0) return 0.9;
  return nearest < W.EXCLUDING_STAGE_DISTANCE ? W.NEARBY_STAGE_VALUE : undefined;
}

/**
 * 0–1 for the startup's sectors (issue 37): an exact specialist 0.75–1 (first-listed, fewer listed
 * and more of the startup's sectors covered: higher); a fund listing a neighbour of a sector
 * (src/shared/industry-families.ts) 0.65; sector-agnostic 0.55; unknown 0.4; a known list of other
 * sectors 0 (and the fit halved by the caller).
 */
export function sectorValue(
  fund: Pick<MatchFund, "agnostic" | "row">,
  sectors: readonly string[],
  breadth?: SectorBreadth,
): number {
  const focus = fund.row.industryFocus;
  let first = false;
  let covered = 0;
  for (const sector of sectors) {
    const position = focus.indexOf(sector);
    if (position === -1) continue;
    covered += 1;
    if (position === 0) first = true;
  }
  const share = focusShare(focus, sectors);
  if (covered > 0) {
    // How much of what the fund lists is the startup's sector or its neighbours: a consumer fund
    // listing consumer, e-commerce and wellness is more of a consumer specialist than a generalist
    // listing consumer among enterprise, fintech and health.
    const coverage = sectors.length <= 1 ? 1 : (1 + covered / sectors.length) / 2;
    const focused = (first ? 0.2 : 0.1) + 0.8 * share;
    return W.SECTOR_SPECIALIST_FLOOR + (1 - W.SECTOR_SPECIALIST_FLOOR) * Math.min(1, focused) * coverage;
  }
  if (relatedSector(focus, sectors)) return W.SECTOR_RELATED_VALUE + 0.05 * share;
  if (fund.agnostic) return W.SECTOR_AGNOSTIC_VALUE;
  // Its own words say the list is examples ("backing technology startups across Africa"): a generalist.
  if (coversSectors(breadth, sectors)) return W.SECTOR_AGNOSTIC_VALUE;
  if (focus.length === 0) return W.SECTORS_UNKNOWN_VALUE;
  // A list that spans several families reads as a generalist's examples, not an exclusion: it
  // weighs like a weak fit, without the mismatch's halving. A focused list elsewhere is a mismatch.
  return isBroadFocus(focus) ? W.BROAD_ELSEWHERE_VALUE : 0;
}

/** Whether a fund whose words state this breadth backs one of the startup's sectors. */
function coversSectors(breadth: SectorBreadth | undefined, sectors: readonly string[]): boolean {
  return breadth !== undefined && sectors.some((sector) => breadthCovers(breadth, sector as IndustryCode));
}

/** Sectors from at least BROAD_FAMILIES families of related codes: a generalist's list. */
export function isBroadFocus(focus: readonly string[]): boolean {
  const families = new Set<string>();
  for (const code of focus) for (const family of familiesOf(code as IndustryCode)) families.add(family);
  return focus.length >= 3 && families.size >= W.BROAD_FAMILIES;
}

/** The share of a fund's listed sectors that are one of the startup's or a neighbour of one. */
function focusShare(focus: readonly string[], sectors: readonly string[]): number {
  if (focus.length === 0) return 0;
  let near = 0;
  for (const code of focus) {
    if (
      sectors.includes(code) ||
      sectors.some((sector) => industryRelation([code as IndustryCode], sector as IndustryCode))
    )
      near += 1;
  }
  return near / focus.length;
}

/** The first of the startup's sectors the fund lists a neighbour of, with that neighbour. */
function relatedSector(
  focus: readonly string[],
  sectors: readonly string[],
): { sector: IndustryCode; via: IndustryCode } | undefined {
  for (const sector of sectors) {
    const relation = industryRelation(focus as readonly IndustryCode[], sector as IndustryCode);
    if (relation?.relation === "related") return { sector: sector as IndustryCode, via: relation.via };
  }
  return undefined;
}

/** Places as a concern or a reason names them: "Israeli", "Kenya and Nigeria", "Europe, Israel and India". */
export function placesText(places: readonly string[]): string {
  // Two phrases may name one place ("European founders … across Europe"): named once.
  const shown = [...new Set(places)].slice(0, 3);
  return shown.length <= 1 ? (shown[0] ?? "") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

type RaiseJudgement = {
  value: number;
  fits: boolean;
  text: string | undefined;
  premium: boolean;
  /** The fact the text rests on: an end of the cheque range, or the fund size. */
  fact: MatchEvidence;
};

/**
 * The raise against the fund's known cheque range, else its size by the lead rule
 * (src/shared/lead-rule.ts), else unknown (issue 37: knowing more never loses to not knowing). A
 * range whose top is below the raise is a participation, never worth less than an unknown range; a
 * known minimum above the whole raise is a mismatch. A half-known range that does not settle it
 * falls through to the size.
 */
export function raiseJudgement(
  fund: Pick<MatchFund, "row" | "fundSizeUsd" | "fundSizeAsOf">,
  raise: number,
  needsLead = false,
  today: Date = new Date(),
): RaiseJudgement {
  const { checkSizeMinUsd: min, checkSizeMaxUsd: max } = fund.row;
  if (min !== null || max !== null) {
    const range = chequeRangeText(min, max);
    if (min !== null && raise < min) {
      return {
        value: W.CHEQUE_OUTSIDE_MAX_VALUE * Math.max(0, 1 - Math.log10(min / raise)),
        fits: false,
        text: MATCH_TEXTS.chequeAbove(range, raise),
        premium: true,
        fact: "checkSizeMinUsd",
      };
    }
    if (max !== null && raise > max) {
      if (!needsLead)
        return {
          value: W.CHEQUE_JOINS_VALUE,
          fits: true,
          text: MATCH_TEXTS.chequeJoins(max, raise),
          premium: true,
          fact: "checkSizeMaxUsd",
        };
      // A lead writes at least 30% of the round: a cheque that size leads it.
      const leads = max >= raise * 0.3;
      return leads
        ? {
            value: W.CHEQUE_LEADS_VALUE,
            fits: true,
            text: MATCH_TEXTS.chequeCanLead(max, raise),
            premium: true,
            fact: "checkSizeMaxUsd",
          }
        : {
            value: W.RAISE_UNKNOWN_VALUE,
            fits: false,
            text: MATCH_TEXTS.chequeCannotLead(max, raise),
            premium: true,
            fact: "checkSizeMaxUsd",
          };
    }
    if (min !== null && max !== null) {
      return {
        value: 1,
        fits: true,
        text: MATCH_TEXTS.chequeCovers(min, max, raise),
        premium: true,
        fact: "checkSizeMaxUsd",
      };
    }
  }
  const size = fund.fundSizeUsd;
  if (Number.isNaN(size) || size <= 0)
    return { value: W.RAISE_UNKNOWN_VALUE, fits: false, text: undefined, premium: false, fact: null };
  const judgement = sizeJudgement(size, raise, needsLead, null);
  if (!isOldFundSize(fund.fundSizeAsOf, today)) return judgement;
  // An older fund (more than 6 years) is weak evidence of today's capacity: its value moves halfway
  // to an unknown size's, and its words say which fund it was.
  const year = factYear(fund.fundSizeAsOf);
  return {
    ...sizeJudgement(size, raise, needsLead, year),
    value: (judgement.value + W.RAISE_UNKNOWN_VALUE) / 2,
  };
}

/** The raise against a fund size by the lead rule (src/shared/lead-rule.ts). */
function sizeJudgement(size: number, raise: number, needsLead: boolean, olderYear: number | null): RaiseJudgement {
  const role = roundRole(size, raise);
  if (role.role === "too_small") {
    return {
      value: W.ROUND_TOO_SMALL_VALUE,
      fits: false,
      text: MATCH_TEXTS.sizeTooLarge(size, raise, olderYear),
      premium: false,
      fact: "fundSize",
    };
  }
  if (role.role === "can_lead") {
    return {
      value: role.comfortably ? W.SIZE_LEADS_COMFORTABLY_VALUE : W.SIZE_CAN_LEAD_VALUE,
      fits: true,
      text: MATCH_TEXTS.sizeFits(size, raise, olderYear),
      premium: false,
      fact: "fundSize",
    };
  }
  const cheque = usualFirstCheque(size).high;
  return needsLead
    ? {
        value: W.RAISE_UNKNOWN_VALUE,
        fits: false,
        text: MATCH_TEXTS.sizeTooSmall(size, raise, olderYear),
        premium: false,
        fact: "fundSize",
      }
    : {
        value: W.SIZE_JOINS_VALUE,
        fits: true,
        text: MATCH_TEXTS.sizeJoins(size, cheque, raise, olderYear),
        premium: false,
        fact: "fundSize",
      };
}
