import { toUsd } from "../../shared/currency-rates.js";
import {
  type FactField,
  INFORMATIVE_FACTS,
  PREMIUM_FACT_FIELDS,
  type PremiumFactFlags,
} from "../../shared/fund-facts.js";
import { INDUSTRY_CODES, industryLabel } from "../../shared/industries.js";
import { stagesForRaise } from "../../shared/raise-stages.js";
import { REGION_CODES, type RegionCode, regionLabel } from "../../shared/regions.js";
import {
  type FundProvenance,
  type FundResult,
  type FundSearchQuery,
  type ListedTeamMember,
  type PREMIUM_FUND_FIELDS,
  SIMILAR_FUNDS_LIMIT,
} from "../../shared/schemas/funds.js";
import type { FundMatchRequest } from "../../shared/schemas/match.js";
import { isStageCode, STAGE_CODES, sortStages, stageLabel } from "../../shared/stages.js";
import type { FundFactRow, FundRow } from "../db/types.js";
import { regionOfFund } from "./country-regions.js";
import { fundTeamPremiumView, fundTeamPublicView, type ListedTeams } from "./fund-team-view.js";
import { FundMatcher, type MatchRanking, normaliseProfile, profileKey } from "./match/matcher.js";
import { askedStages, baseScore, chequeGroup, matchReasons, type ReasonQuery, relevanceScore } from "./scoring.js";
import { knownFacts } from "./stats.js";
import { type TextTokens, textFit, wordsOf } from "./text-match.js";

type PremiumField = (typeof PREMIUM_FUND_FIELDS)[number];
type PublicView = Omit<FundResult, "matchReasons" | "isPremium" | "premiumFacts" | PremiumField>;
type ProvenanceItem = FundProvenance[number];
type PremiumView = Pick<FundResult, PremiumField>;

type Entry = {
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
  /** The review date as a number for sorting (YYYYMMDD). */
  reviewedKey: number;
  base: number;
  /** Folded words of the name and the description, for the text query. */
  tokens: TextTokens;
  /** The result's JSON members without braces, serialised once: a search only concatenates them. */
  publicJson: string;
  premiumJson: string;
  /** `"premiumFacts":{…}`: which premium facts exist, for the viewers the values are withheld from. */
  premiumFactsJson: string;
  /** The provenance of the fund's facts as JSON array members: everyone's, and the premium facts'. */
  publicProvenanceJson: string;
  premiumProvenanceJson: string;
};

const STAGE_BIT = new Map<string, number>(STAGE_CODES.map((code, index) => [code, 1 << index]));
const INDUSTRY_INDEX = new Map<string, number>(INDUSTRY_CODES.map((code, index) => [code, index]));
const REGION_BIT = new Map<string, number>(REGION_CODES.map((code, index) => [code, 1 << index]));

const MAX_CACHED_KEYS = 5_000;
const MAX_CACHED_IDS = 4_000_000;
/** Serialised pages kept, in bytes of UTF-8. */
const MAX_CACHED_PAGE_BYTES = 64_000_000;
/** Fund answers (the fund and its similar funds) kept per viewer kind. */
const MAX_CACHED_FUNDS = 10_000;
/** Match rankings kept (each holds an id list and a fit per fund). */
const MAX_CACHED_MATCHES = 200;

export type PageRequest = { offset: number; limit: number; includePremium: boolean };

/**
 * A search's matches, ranked. With a raise, the first `covers` are the funds whose known cheque
 * range covers it; the rest have an unknown cheque range and fitting stages (ADR 0016).
 */
type Ranked = { ids: Int32Array; covers: number };

/**
 * The whole fund table in memory, with posting lists per stage, industry, country and word, bit
 * masks per fund and a cache of ranked matches per filter combination. A search is then a slice of
 * a cached list instead of a query; the index is rebuilt when the fund data version moves (see
 * FundsIndexProvider).
 */
export class FundSearchIndex {
  readonly version: number;
  readonly size: number;
  readonly countries: readonly string[];
  private readonly entries: Entry[];
  private readonly nameRank: Int32Array;
  private readonly all: Int32Array;
  private readonly byStage = new Map<string, Int32Array>();
  private readonly byIndustry = new Map<string, Int32Array>();
  private readonly byCountry = new Map<string, Int32Array>();
  /** The sector-agnostic funds: in every industry's candidates. */
  private readonly agnostic: Int32Array;
  /** Funds per folded word of their name or description, and every such word (for in-word matches). */
  private readonly byWord = new Map<string, Int32Array>();
  private readonly vocabulary: string[];
  private readonly positionById = new Map<number, number>();
  private readonly ranked = new Map<string, Ranked>();
  private cachedIds = 0;
  private readonly pages = new Map<string, Buffer>();
  private cachedPageBytes = 0;
  private readonly fundAnswers = new Map<string, string>();
  /** The match's BM25 index and rules over these funds: built on the first match, once per data version. */
  private matcher: FundMatcher | undefined;
  private readonly matchRankings = new Map<string, MatchRanking>();

  constructor(
    rows: readonly FundRow[],
    version: number,
    facts: readonly FundFactRow[] = [],
    teams: ListedTeams = new Map(),
  ) {
    this.version = version;
    this.size = rows.length;
    const factsByFund = new Map<number, FundFactRow[]>();
    for (const fact of facts) {
      const list = factsByFund.get(fact.fundId);
      if (list) list.push(fact);
      else factsByFund.set(fact.fundId, [fact]);
    }
    this.entries = rows.map((row) => toEntry(row, factsByFund.get(row.id) ?? [], teams.get(row.id) ?? []));

    const order = this.entries.map((_, index) => index);
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    order.sort(
      (a, b) =>
        collator.compare(this.entry(a).row.name, this.entry(b).row.name) || this.entry(a).row.id - this.entry(b).row.id,
    );
    this.nameRank = new Int32Array(this.entries.length);
    order.forEach((entryIndex, rank) => {
      this.nameRank[entryIndex] = rank;
    });
    this.all = Int32Array.from(this.entries.keys());

    const stageLists = new Map<string, number[]>();
    const industryLists = new Map<string, number[]>();
    const countryLists = new Map<string, number[]>();
    const wordLists = new Map<string, number[]>();
    const countryNames = new Map<string, string>();
    this.entries.forEach((entry, index) => {
      this.positionById.set(entry.row.id, index);
      for (const stage of entry.row.fundingStages) push(stageLists, stage, index);
      for (const industry of entry.row.industryFocus) push(industryLists, industry, index);
      push(countryLists, entry.countryKey, index);
      for (const word of new Set([...entry.tokens.name, ...entry.tokens.description])) push(wordLists, word, index);
      if (!countryNames.has(entry.countryKey)) countryNames.set(entry.countryKey, entry.row.country);
    });
    for (const [key, list] of stageLists) this.byStage.set(key, Int32Array.from(new Set(list)));
    for (const [key, list] of industryLists) this.byIndustry.set(key, Int32Array.from(new Set(list)));
    for (const [key, list] of countryLists) this.byCountry.set(key, Int32Array.from(list));
    for (const [key, list] of wordLists) this.byWord.set(key, Int32Array.from(list));
    this.vocabulary = [...wordLists.keys()];
    this.agnostic = Int32Array.from(this.all.filter((index) => this.entry(index).agnostic));
    this.countries = [...countryNames.values()].sort(collator.compare);
  }

  /**
   * The response body of a search: `{results, totalCount}` as UTF-8 JSON, for the filters, the
   * page and the viewer's gate. Nothing in it can change until the data does (a new index), so each
   * page is serialised and encoded once, then the same bytes are sent every time (a subscriber's
   * page of 24 results is some 20 KB: encoding it per request cost more than finding it).
   */
  searchBody(query: FundSearchQuery, page: PageRequest): Buffer {
    const key = filterKey(query);
    const pageKey = `${key}\u0002${page.offset}\u0002${page.limit}\u0002${page.includePremium ? 1 : 0}`;
    const cached = this.pages.get(pageKey);
    if (cached !== undefined) return cached;
    const filters = normaliseFilters(query, key);
    const ranked = this.rankedMatches(filters);
    const { ids, covers } = ranked;
    const withRaise = filters.raise !== undefined;
    const end = Math.min(ids.length, page.offset + page.limit);
    const results: string[] = [];
    for (let position = page.offset; position < end; position++) {
      const entry = this.entry(ids[position] as number);
      const reasons = JSON.stringify(matchReasons(entry.row, reasonQuery(filters, entry), page.includePremium));
      // A raise is a subscriber's filter (a 402 for anyone else), so its groups are never a gated answer.
      const fit = withRaise ? (position < covers ? CHEQUE_COVERS_JSON : CHEQUE_UNKNOWN_JSON) : "";
      results.push(this.resultJson(entry, reasons, page.includePremium, fit));
    }
    const counts = withRaise ? `,"chequeFitCounts":{"covers":${covers},"unknown":${ids.length - covers}}` : "";
    const body = Buffer.from(`{"results":[${results.join(",")}],"totalCount":${ids.length}${counts}}`, "utf8");
    this.rememberPage(pageKey, body);
    return body;
  }

  /**
   * The answer of a match (ADR 0021): `{results, totalCount}` as UTF-8 JSON, each result the fund as
   * search gives it plus `fit`, `reasons` and `concerns`. The ranking is computed once per profile
   * and kept; only the page's explanations are built per call.
   */
  matchBody(body: FundMatchRequest, page: PageRequest): Buffer {
    const { matcher, profile, key, ranking } = this.matchRanking(body);
    // Kept with the search's pages (one byte budget): a founder's repeat asks cost a lookup.
    const pageKey = `\u0004match\u0002${key}\u0002${page.offset}\u0002${page.limit}\u0002${page.includePremium ? 1 : 0}`;
    const cached = this.pages.get(pageKey);
    if (cached !== undefined) return cached;
    const end = Math.min(ranking.ids.length, page.offset + page.limit);
    const results: string[] = [];
    for (let position = page.offset; position < end; position++) {
      const index = ranking.ids[position] as number;
      const { reasons, concerns } = matcher.explain(index, profile, ranking, page.includePremium);
      const reasonsJson = JSON.stringify(reasons);
      const extra = `,"fit":${ranking.fit[index]},"reasons":${reasonsJson},"concerns":${JSON.stringify(concerns)}`;
      const json = this.resultJson(this.entry(index), reasonsJson, page.includePremium);
      results.push(`${json.slice(0, -1)}${extra}}`);
    }
    const answer = Buffer.from(`{"results":[${results.join(",")}],"totalCount":${ranking.ids.length}}`, "utf8");
    this.rememberPage(pageKey, answer);
    return answer;
  }

  /** The fund ids of the page `matchBody` answers (the founder's shortlist, counted for the funds: issue 24). */
  matchPageIds(body: FundMatchRequest, page: PageRequest): number[] {
    const { ranking } = this.matchRanking(body);
    const end = Math.min(ranking.ids.length, page.offset + page.limit);
    const ids: number[] = [];
    for (let position = page.offset; position < end; position++) {
      ids.push(this.entry(ranking.ids[position] as number).row.id);
    }
    return ids;
  }

  /**
   * A profile's ranking, computed once and kept. With `activelyInvesting` (issue 24) it is the
   * profile's own ranking without the funds that do not say they are actively investing, kept under
   * its own key.
   */
  private matchRanking(body: FundMatchRequest): {
    matcher: FundMatcher;
    profile: ReturnType<typeof normaliseProfile>;
    key: string;
    ranking: MatchRanking;
  } {
    const matcher = this.prepareMatch();
    const profile = normaliseProfile(body);
    const profileOnly = profileKey(profile);
    const activeOnly = body.activelyInvesting === true;
    const key = activeOnly ? `${profileOnly}\u0001active` : profileOnly;
    let ranking = this.matchRankings.get(key);
    if (ranking === undefined) {
      ranking = this.matchRankings.get(profileOnly) ?? matcher.rank(profile);
      if (activeOnly) {
        const all = ranking;
        ranking = { ...all, ids: all.ids.filter((index) => this.entry(index).row.investingStatus === "active") };
      }
      if (this.matchRankings.size >= MAX_CACHED_MATCHES) {
        const oldest = this.matchRankings.keys().next().value;
        if (oldest !== undefined) this.matchRankings.delete(oldest);
      }
      this.matchRankings.set(key, ranking);
    }
    return { matcher, profile, key, ranking };
  }

  /**
   * The match's fit (0 to 100) of each of these funds against the profile, for the pipeline export:
   * the ranking is the match's own (computed once per profile and kept); a fund the profile
   * excludes, or one no longer in the data, has no fit.
   */
  matchFits(body: FundMatchRequest, fundIds: readonly number[]): Map<number, number> {
    const matcher = this.prepareMatch();
    const profile = normaliseProfile(body);
    const key = profileKey(profile);
    let ranking = this.matchRankings.get(key);
    if (ranking === undefined) {
      ranking = matcher.rank(profile);
      if (this.matchRankings.size >= MAX_CACHED_MATCHES) {
        const oldest = this.matchRankings.keys().next().value;
        if (oldest !== undefined) this.matchRankings.delete(oldest);
      }
      this.matchRankings.set(key, ranking);
    }
    const wanted = new Map<number, number>();
    for (const id of fundIds) {
      const position = this.positionById.get(id);
      if (position !== undefined) wanted.set(position, id);
    }
    const fits = new Map<number, number>();
    for (const position of ranking.ids) {
      const id = wanted.get(position);
      if (id !== undefined) fits.set(id, ranking.fit[position] as number);
    }
    return fits;
  }

  /**
   * The match's BM25 index and rules over these funds, built once per index (the provider builds it
   * with the index, so no request waits for it).
   */
  prepareMatch(): FundMatcher {
    this.matcher ??= new FundMatcher(this.entries, this.nameRank);
    return this.matcher;
  }

  /** The same body as a string (the account's saved funds and tests read it). */
  searchJson(query: FundSearchQuery, page: PageRequest): string {
    return this.searchBody(query, page).toString("utf8");
  }

  /** Every match's full row, ranked as the search ranks them (the Excel export). */
  matchingRows(query: FundSearchQuery): FundRow[] {
    return Array.from(this.rankedMatches(normaliseFilters(query)).ids, (index) => this.entry(index).row);
  }

  /** Every fund's full row, by name as the ranking's tie-break orders them (the unfiltered Excel export). */
  rowsByName(): FundRow[] {
    const rows = new Array<FundRow>(this.entries.length);
    this.entries.forEach((entry, index) => {
      rows[this.nameRank[index] as number] = entry.row;
    });
    return rows;
  }

  /** Every fund's row, in id order (the sitemap). */
  rows(): readonly FundRow[] {
    return this.entries.map((entry) => entry.row);
  }

  has(fundId: number): boolean {
    return this.positionById.has(fundId);
  }

  row(fundId: number): FundRow | undefined {
    const position = this.positionById.get(fundId);
    return position === undefined ? undefined : this.entry(position).row;
  }

  /** The given funds as a JSON array of results, in the given order; unknown ids are left out. */
  fundsJson(fundIds: readonly number[], includePremium: boolean): string {
    const results: string[] = [];
    for (const id of fundIds) {
      const position = this.positionById.get(id);
      if (position === undefined) continue;
      results.push(this.resultJson(this.entry(position), "[]", includePremium));
    }
    return `[${results.join(",")}]`;
  }

  /**
   * `{fund, similar}` as JSON for a fund page, through the viewer's gate; undefined for an unknown
   * id. The similar funds are the same three for everyone; only their premium fields are gated.
   */
  fundJson(fundId: number, includePremium: boolean): string | undefined {
    const position = this.positionById.get(fundId);
    if (position === undefined) return undefined;
    const key = `${fundId}\u0002${includePremium ? 1 : 0}`;
    const cached = this.fundAnswers.get(key);
    if (cached !== undefined) return cached;
    const entry = this.entry(position);
    const similar = this.similarTo(position).map((index) => {
      const other = this.entry(index);
      return this.resultJson(other, JSON.stringify(similarityReasons(entry, other)), includePremium);
    });
    const provenance = [entry.publicProvenanceJson, includePremium ? entry.premiumProvenanceJson : ""]
      .filter(Boolean)
      .join(",");
    const json = `{"fund":${this.resultJson(entry, "[]", includePremium)},"similar":[${similar.join(",")}],"provenance":[${provenance}]}`;
    if (this.fundAnswers.size >= MAX_CACHED_FUNDS) this.fundAnswers.clear();
    this.fundAnswers.set(key, json);
    return json;
  }

  /**
   * The funds most like this one: sharing stages and industries (both, when enough funds do),
   * then nearby (same country, then same region), then the better record; ties by name. Investing
   * across sectors counts as an industry two funds share. A fund whose stages and industries are
   * both unknown shares neither with anyone: its similar funds are the nearby ones.
   */
  private similarTo(position: number): number[] {
    const target = this.entry(position);
    const knowsNothing =
      target.stageMask === 0 && target.industryMaskLow === 0 && target.industryMaskHigh === 0 && !target.agnostic;
    const scored: Array<{ index: number; tier: number; score: number }> = [];
    this.entries.forEach((entry, index) => {
      if (index === position) return;
      const stages = overlap(entry.stageMask, target.stageMask, 0, 0);
      const industries = overlap(
        entry.industryMaskLow,
        target.industryMaskLow,
        entry.industryMaskHigh,
        target.industryMaskHigh,
        entry.agnostic,
        target.agnostic,
      );
      if (stages === 0 && industries === 0 && !knowsNothing) return;
      // Funds sharing both come first; then those sharing an industry; then a stage only.
      const tier = stages > 0 && industries > 0 ? 2 : industries > 0 ? 1 : 0;
      const nearby =
        entry.countryKey === target.countryKey
          ? 1
          : entry.region !== undefined && entry.region === target.region
            ? 0.5
            : 0;
      scored.push({ index, tier, score: 40 * industries + 30 * stages + 20 * nearby + entry.base / 10 });
    });
    scored.sort(
      (a, b) =>
        b.tier - a.tier || b.score - a.score || (this.nameRank[a.index] as number) - (this.nameRank[b.index] as number),
    );
    return scored.slice(0, SIMILAR_FUNDS_LIMIT).map((item) => item.index);
  }

  /** `chequeFitJson` is empty or a `,"chequeFit":…` member (a search with a raise). */
  private resultJson(entry: Entry, reasonsJson: string, includePremium: boolean, chequeFitJson = ""): string {
    return includePremium
      ? `{${entry.publicJson},${entry.premiumJson}${chequeFitJson},"matchReasons":${reasonsJson},"isPremium":false}`
      : `{${entry.publicJson},${entry.premiumFactsJson}${chequeFitJson},"matchReasons":${reasonsJson},"isPremium":true}`;
  }

  private entry(index: number): Entry {
    return this.entries[index] as Entry;
  }

  private rankedMatches(filters: Filters): Ranked {
    const cached = this.ranked.get(filters.key);
    if (cached) {
      // Re-insert: Map order doubles as least-recently-used order.
      this.ranked.delete(filters.key);
      this.ranked.set(filters.key, cached);
      return cached;
    }
    const computed = this.computeMatches(filters);
    this.remember(filters.key, computed);
    return computed;
  }

  /** The funds with a word containing `word` (the text query matches inside words). */
  private fundsWithWord(word: string): Int32Array[] {
    const lists: Int32Array[] = [];
    const exact = this.byWord.get(word);
    if (exact) lists.push(exact);
    for (const candidate of this.vocabulary) {
      if (candidate !== word && candidate.includes(word)) lists.push(this.byWord.get(candidate) as Int32Array);
    }
    return lists;
  }

  /** Marks (1) the funds that have every word of the query; returns how many. */
  private textMatches(words: readonly string[]): { marks: Uint8Array; count: number } {
    const hits = new Uint8Array(this.entries.length);
    const seen = new Int32Array(this.entries.length).fill(-1);
    words.forEach((word, wordIndex) => {
      for (const list of this.fundsWithWord(word)) {
        for (const index of list) {
          if (seen[index] === wordIndex) continue;
          seen[index] = wordIndex;
          hits[index] = (hits[index] as number) + 1;
        }
      }
    });
    let count = 0;
    for (let index = 0; index < hits.length; index++) {
      if (hits[index] === words.length) {
        hits[index] = 1;
        count += 1;
      } else hits[index] = 0;
    }
    return { marks: hits, count };
  }

  /** The smallest list every match must be in: one of the exact posting lists, a union, or all funds. */
  private candidates(filters: Filters, text: { marks: Uint8Array; count: number } | undefined): Int32Array {
    const sources: Array<{ size: number; list: () => Int32Array }> = [];
    const exact = (list: Int32Array | undefined) => {
      const found = list ?? new Int32Array();
      sources.push({ size: found.length, list: () => found });
    };
    const union = (lists: Int32Array[]) => {
      sources.push({ size: lists.reduce((sum, list) => sum + list.length, 0), list: () => unionOf(lists) });
    };
    if (filters.countryKey) exact(this.byCountry.get(filters.countryKey));
    if (filters.countryKeys.length > 0)
      union(filters.countryKeys.map((key) => this.byCountry.get(key) ?? new Int32Array()));
    if (filters.stage) exact(this.byStage.get(filters.stage));
    if (filters.stages.length > 0) union(filters.stages.map((stage) => this.byStage.get(stage) ?? new Int32Array()));
    if (filters.industries.length > 0) {
      // Sector-agnostic funds match every industry (left out when there are none: one industry's list
      // is then used as it is, without building a union).
      const lists = filters.industries.map((industry) => this.byIndustry.get(industry) ?? new Int32Array());
      union(this.agnostic.length > 0 ? [...lists, this.agnostic] : lists);
    }
    if (filters.sectorAgnostic) exact(this.agnostic);
    if (text) {
      sources.push({
        size: text.count,
        list: () => {
          const list = new Int32Array(text.count);
          let next = 0;
          for (let index = 0; index < text.marks.length; index++) if (text.marks[index]) list[next++] = index;
          return list;
        },
      });
    }
    let best: { size: number; list: () => Int32Array } = { size: this.all.length, list: () => this.all };
    for (const source of sources) if (source.size < best.size) best = source;
    return best.list();
  }

  private computeMatches(filters: Filters): Ranked {
    const text = filters.words.length > 0 ? this.textMatches(filters.words) : undefined;
    const candidates = this.candidates(filters, text);
    const stageBit = filters.stage ? (STAGE_BIT.get(filters.stage) ?? 0) : 0;
    const stagesMask = filters.stages.reduce((mask, stage) => mask | (STAGE_BIT.get(stage) ?? 0), 0);
    let industryLow = 0;
    let industryHigh = 0;
    for (const industry of filters.industries) {
      const index = INDUSTRY_INDEX.get(industry) ?? -1;
      if (index >= 32) industryHigh |= 1 << (index - 32);
      else if (index >= 0) industryLow |= 1 << index;
    }
    const regionsMask = filters.regions.reduce((mask, region) => mask | (REGION_BIT.get(region) ?? 0), 0);
    const countryKeys = filters.countryKeys.length > 0 ? new Set(filters.countryKeys) : undefined;
    const { raise, sizeMin, sizeMax } = filters;
    // Without a stage filter, a fund of unknown cheque size is kept when it invests at a stage the
    // raise plausibly is (or its stages are unknown too); with one, the stage filter decides.
    const raiseStageMask =
      raise !== undefined && !stageBit && !stagesMask
        ? stagesForRaise(raise).reduce((mask, stage) => mask | (STAGE_BIT.get(stage) ?? 0), 0)
        : 0;
    let coversMarks: Uint8Array | undefined;

    const matches: number[] = [];
    for (const index of candidates) {
      const entry = this.entry(index);
      if (filters.countryKey && entry.countryKey !== filters.countryKey) continue;
      if (countryKeys && !countryKeys.has(entry.countryKey)) continue;
      if (stageBit && (entry.stageMask & stageBit) === 0) continue;
      if (stagesMask && (entry.stageMask & stagesMask) === 0) continue;
      if (filters.industries.length > 0) {
        // Codes outside the 54 never reach here (the schema refuses them), so an empty mask matches nothing.
        // A fund whose industries are unknown (empty masks) matches no industry filter.
        if (
          !entry.agnostic &&
          (entry.industryMaskLow & industryLow) === 0 &&
          (entry.industryMaskHigh & industryHigh) === 0
        )
          continue;
      }
      if (filters.sectorAgnostic && !entry.agnostic) continue;
      // A fund that has not stated a status is left out here only: the founder asked for stated ones.
      if (filters.activeOnly && entry.row.investingStatus !== "active") continue;
      if (regionsMask && (entry.regionBit & regionsMask) === 0) continue;
      if (raise !== undefined) {
        const group = chequeGroup(entry.row, raise);
        if (group === "excluded") continue;
        if (group === "unknown" && raiseStageMask && entry.stageMask !== 0 && (entry.stageMask & raiseStageMask) === 0)
          continue;
        if (group === "covers") {
          coversMarks ??= new Uint8Array(this.entries.length);
          coversMarks[index] = 1;
        }
      }
      if (filters.leadsOnly && entry.row.leadsRounds !== true) continue;
      if (sizeMin !== undefined && !(entry.fundSizeUsd >= sizeMin)) continue;
      if (sizeMax !== undefined && !(entry.fundSizeUsd <= sizeMax)) continue;
      if (text && text.marks[index] === 0) continue;
      matches.push(index);
    }

    const scoringQuery = {
      fundingStage: filters.stage,
      fundingStages: filters.stages,
      industryFocus: filters.industries,
      raiseAmountUsd: raise,
    };
    const scores = new Float64Array(this.entries.length);
    for (const index of matches) {
      const entry = this.entry(index);
      const fit = filters.words.length > 0 ? textFit(entry.tokens, filters.words) : undefined;
      scores[index] = relevanceScore(entry.row, scoringQuery, entry.base, fit);
    }
    const byRelevance = (a: number, b: number) =>
      (scores[b] as number) - (scores[a] as number) || (this.nameRank[a] as number) - (this.nameRank[b] as number);
    const ranked = Int32Array.from(matches);
    let covers = 0;
    if (coversMarks) {
      // With a raise, the covering funds come first whatever the sort; each group keeps the sort's order.
      const marks = coversMarks;
      for (const index of matches) covers += marks[index] as number;
      const order = this.sortedBy(filters, byRelevance);
      ranked.sort((a, b) => (marks[b] as number) - (marks[a] as number) || order(a, b));
    } else {
      ranked.sort(this.sortedBy(filters, byRelevance));
    }
    return { ids: ranked, covers };
  }

  /** The comparator of the search's sort, relevance breaking its ties. */
  private sortedBy(filters: Filters, byRelevance: (a: number, b: number) => number): (a: number, b: number) => number {
    if (filters.sort === "fund_size") {
      // Largest first; undisclosed sizes (NaN) last, in relevance order.
      const size = (index: number) => {
        const value = this.entry(index).fundSizeUsd;
        return Number.isNaN(value) ? -1 : value;
      };
      return (a, b) => size(b) - size(a) || byRelevance(a, b);
    }
    if (filters.sort === "recently_reviewed") {
      return (a, b) => this.entry(b).reviewedKey - this.entry(a).reviewedKey || byRelevance(a, b);
    }
    return byRelevance;
  }

  private rememberPage(key: string, body: Buffer): void {
    this.pages.set(key, body);
    this.cachedPageBytes += body.length;
    for (const [oldKey, oldBody] of this.pages) {
      if (this.cachedPageBytes <= MAX_CACHED_PAGE_BYTES || oldKey === key) break;
      this.pages.delete(oldKey);
      this.cachedPageBytes -= oldBody.length;
    }
  }

  private remember(key: string, ranked: Ranked): void {
    this.ranked.set(key, ranked);
    this.cachedIds += ranked.ids.length;
    for (const [oldKey, oldList] of this.ranked) {
      if (this.ranked.size <= MAX_CACHED_KEYS && this.cachedIds <= MAX_CACHED_IDS) break;
      if (oldKey === key) break;
      this.ranked.delete(oldKey);
      this.cachedIds -= oldList.ids.length;
    }
  }
}

type Filters = {
  key: string;
  countryKey: string;
  countryKeys: string[];
  stage: string | undefined;
  stages: string[];
  industries: string[];
  regions: string[];
  raise: number | undefined;
  /** Only the funds stated to invest across sectors. */
  sectorAgnostic: boolean;
  /** Only the funds whose team says they are actively investing (issue 24). */
  activeOnly: boolean;
  leadsOnly: boolean;
  sizeMin: number | undefined;
  sizeMax: number | undefined;
  /** The text query's folded words, sorted (the order of words does not change a match). */
  words: string[];
  sort: "relevance" | "fund_size" | "recently_reviewed";
};

const NONE: readonly string[] = Object.freeze([]);

/** A result's cheque-fit member, written once (ADR 0016). */
const CHEQUE_COVERS_JSON = ',"chequeFit":"covers"';
const CHEQUE_UNKNOWN_JSON = ',"chequeFit":"unknown"';

/** A list as the key and the filters read it: each value once, sorted; the shared empty list when absent. */
function sortedUnique(values: readonly string[] | undefined): readonly string[] {
  if (!values || values.length === 0) return NONE;
  if (values.length === 1) return values;
  return [...new Set(values)].sort();
}

/**
 * The cache key of a search: every filter that changes the result, lists sorted, the country
 * lower-cased. Built on every request before anything else, so it is kept cheap; the query is
 * keyed as typed (trimmed, lower-cased), which may keep two spellings of one text apart but
 * never merges different ones. The basic part is written as before the advanced filters existed.
 */
function filterKey(query: FundSearchQuery): string {
  let key = `${query.country ? query.country.trim().toLowerCase() : ""}\u0001${query.fundingStage ?? ""}\u0001${sortedUnique(query.industryFocus).join(",")}`;
  if (query.countries && query.countries.length > 0) {
    key += `\u0001c=${sortedUnique(query.countries.map((country) => country.trim().toLowerCase())).join("\u0003")}`;
  }
  if (query.fundingStages && query.fundingStages.length > 0)
    key += `\u0001s=${sortedUnique(query.fundingStages).join(",")}`;
  if (query.regions && query.regions.length > 0) key += `\u0001r=${sortedUnique(query.regions).join(",")}`;
  if (query.raiseAmountUsd !== undefined) key += `\u0001a=${query.raiseAmountUsd}`;
  if (query.leadsRounds === true) key += "\u0001l=1";
  if (query.sectorAgnostic === true) key += "\u0001g=1";
  if (query.activelyInvesting === true) key += "\u0001i=1";
  if (query.fundSizeMinUsd !== undefined) key += `\u0001min=${query.fundSizeMinUsd}`;
  if (query.fundSizeMaxUsd !== undefined) key += `\u0001max=${query.fundSizeMaxUsd}`;
  if (query.query) key += `\u0001q=${query.query.trim().toLowerCase()}`;
  if (query.sort && query.sort !== "relevance") key += `\u0001o=${query.sort}`;
  return key;
}

/** The filters as the index compares them, for a search whose key is `key`. */
function normaliseFilters(query: FundSearchQuery, key = filterKey(query)): Filters {
  return {
    key,
    countryKey: query.country?.trim().toLowerCase() ?? "",
    countryKeys: [...sortedUnique(query.countries?.map((country) => country.trim().toLowerCase()))],
    stage: query.fundingStage,
    stages: [...sortedUnique(query.fundingStages)],
    industries: [...sortedUnique(query.industryFocus)],
    regions: [...sortedUnique(query.regions)],
    raise: query.raiseAmountUsd,
    sectorAgnostic: query.sectorAgnostic === true,
    activeOnly: query.activelyInvesting === true,
    leadsOnly: query.leadsRounds === true,
    sizeMin: query.fundSizeMinUsd,
    sizeMax: query.fundSizeMaxUsd,
    words: query.query ? wordsOf(query.query).sort() : [],
    sort: query.sort ?? "relevance",
  };
}

/** The search as the match reasons read it, with the fund's words for a text query. */
function reasonQuery(filters: Filters, entry: Entry): ReasonQuery {
  return {
    country: filters.countryKey || undefined,
    countries: filters.countryKeys,
    regions: filters.regions,
    fundingStage: filters.stage,
    fundingStages: filters.stages,
    industryFocus: filters.industries,
    raiseAmountUsd: filters.raise,
    text: filters.words.length > 0 ? { words: filters.words, tokens: entry.tokens } : undefined,
  };
}

/** Why a fund is listed as similar: what it shares with the fund on the page. */
function similarityReasons(target: Entry, other: Entry): string[] {
  const reasons: string[] = [];
  const stages = askedStages({
    fundingStages: other.row.fundingStages.filter((stage) => target.row.fundingStages.includes(stage)),
  });
  if (stages.length > 0) reasons.push(`Also invests at ${stages.slice(0, 2).map(stageLabel).join(", ")}`);
  const industry = other.row.industryFocus.find((code) => target.row.industryFocus.includes(code));
  if (industry) reasons.push(`Also in ${industryLabel(industry)}`);
  else if (target.agnostic && other.agnostic) reasons.push("Also invests across sectors");
  if (other.countryKey === target.countryKey) reasons.push(`Also based in ${other.row.country}`);
  else if (other.region !== undefined && other.region === target.region)
    reasons.push(`Also in ${regionLabel(other.region)}`);
  return reasons;
}

/** Share of the two masks' set bits that both have (Jaccard), 0–1; the flags count as one more bit. */
function overlap(aLow: number, bLow: number, aHigh: number, bHigh: number, aFlag = false, bFlag = false): number {
  const shared = bitCount(aLow & bLow) + bitCount(aHigh & bHigh) + (aFlag && bFlag ? 1 : 0);
  if (shared === 0) return 0;
  return shared / (bitCount(aLow | bLow) + bitCount(aHigh | bHigh) + (aFlag || bFlag ? 1 : 0));
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The sorted union of ascending posting lists. */
function unionOf(lists: Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0] as Int32Array;
  const merged = new Set<number>();
  for (const list of lists) for (const index of list) merged.add(index);
  return Int32Array.from(merged).sort();
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The review date a result carries: the fund's own, else (an import without one) the day its record last changed. */
function reviewedDate(row: FundRow): string {
  return row.lastReviewed ?? row.updatedAt.toISOString().slice(0, 10);
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
    portfolioCount: row.portfolio.length,
    hasPitchRoute: row.pitchRoute !== null,
  };
}

/** A fact's provenance as the API gives it; money facts keep the amount and currency their source stated. */
function provenanceItem(fact: FundFactRow): ProvenanceItem {
  const amount = fact.currency !== null && fact.value !== null ? Number(fact.value) : Number.NaN;
  return {
    field: fact.field as FactField,
    sourceName: fact.sourceName,
    sourceUrl: fact.sourceUrl,
    asOf: fact.asOf,
    kind: fact.kind as ProvenanceItem["kind"],
    amount: Number.isFinite(amount) ? amount : null,
    currency: Number.isFinite(amount) ? fact.currency : null,
  };
}

function toEntry(row: FundRow, facts: readonly FundFactRow[], team: readonly ListedTeamMember[]): Entry {
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
  // Rows written outside the import may hold stages out of order; responses show them earliest first.
  const stages = sortStages(row.fundingStages.filter(isStageCode));
  const region = regionOfFund(row);
  const lastReviewed = reviewedDate(row);
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
    reviewedKey: Number(lastReviewed.replaceAll("-", "")) || 0,
    base: baseScore(row),
    // The portfolio's names count as description words: the text query finds a fund by a company it
    // backed. The text query is a subscriber's filter, so this never reveals the premium portfolio.
    tokens: { name: wordsOf(row.name), description: wordsOf([row.description ?? "", ...row.portfolio].join(" ")) },
    publicJson: membersJson<PublicView>({
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
      lastReviewed,
      source: row.source,
      fundSizeKind:
        row.fundSize === null
          ? null
          : ((facts.find((fact) => fact.field === "fundSize")?.kind ?? null) as PublicView["fundSizeKind"]),
      aum: row.aum,
      aumCurrency: row.aumCurrency,
      sectorAgnostic: row.sectorAgnostic,
      factsKnown: countFactsKnown(row),
      ...fundTeamPublicView(row, facts, team),
    }),
    premiumJson: membersJson<PremiumView>({
      website: row.website,
      linkedin: row.linkedin,
      fundManager: row.fundManager,
      checkSizeMinUsd: row.checkSizeMinUsd,
      checkSizeMaxUsd: row.checkSizeMaxUsd,
      leadsRounds: row.leadsRounds,
      portfolio: row.portfolio,
      ...fundTeamPremiumView(row),
    }),
    premiumFactsJson: `"premiumFacts":${JSON.stringify(premiumFactsOf(row))}`,
    publicProvenanceJson: facts
      .filter((fact) => !PREMIUM_FACT_FIELDS.has(fact.field as FactField))
      .map((fact) => JSON.stringify(provenanceItem(fact)))
      .join(","),
    premiumProvenanceJson: facts
      .filter((fact) => PREMIUM_FACT_FIELDS.has(fact.field as FactField))
      .map((fact) => JSON.stringify(provenanceItem(fact)))
      .join(","),
  };
}

/** `{"a":1,"b":2}` → `"a":1,"b":2`, ready to be spliced into a larger object. */
function membersJson<T extends object>(value: T): string {
  return JSON.stringify(value).slice(1, -1);
}
