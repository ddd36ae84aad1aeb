import { stagesForRaise } from "../../../shared/raise-stages.js";
import { chequeGroup, relevanceScore } from "../scoring.js";
import { textFit } from "../text-match.js";
import { type Entry, INDUSTRY_INDEX, REGION_BIT, STAGE_BIT } from "./entry.js";
import type { Filters } from "./filters.js";

const MAX_CACHED_KEYS = 5_000;
const MAX_CACHED_IDS = 4_000_000;

/**
 * A search's matches, ranked. With a raise, `covers` of them are the funds whose known cheque range
 * covers it (marked in `coverMarks`), first; the rest have an unknown cheque range and fitting
 * stages (ADR 0016). Funds a source reports winding down or not raising come after all of them,
 * in the same two groups (issue 36).
 */
export type Ranked = { ids: Int32Array; covers: number; coverMarks?: Uint8Array | undefined };

/**
 * Matching and ranking: posting lists per stage, industry, country and word, the funds' bit masks,
 * and a cache of ranked matches per filter combination, so that a repeated search is a lookup.
 */
export class FundMatching {
  private readonly all: Int32Array;
  private readonly byStage = new Map<string, Int32Array>();
  private readonly byIndustry = new Map<string, Int32Array>();
  private readonly byCountry = new Map<string, Int32Array>();
  /** The sector-agnostic funds: in every industry's candidates. */
  private readonly agnostic: Int32Array;
  /** Funds per folded word of their name or description, and every such word (for in-word matches). */
  private readonly byWord = new Map<string, Int32Array>();
  private readonly vocabulary: string[];
  private readonly ranked = new Map<string, Ranked>();
  private cachedIds = 0;

  constructor(
    private readonly entries: readonly Entry[],
    /** Each entry's place in name order: the ranking's tie-break. */
    private readonly nameRank: Int32Array,
  ) {
    this.all = Int32Array.from(this.entries.keys());
    const stageLists = new Map<string, number[]>();
    const industryLists = new Map<string, number[]>();
    const countryLists = new Map<string, number[]>();
    const wordLists = new Map<string, number[]>();
    this.entries.forEach((entry, index) => {
      for (const stage of entry.row.fundingStages) push(stageLists, stage, index);
      for (const industry of entry.row.industryFocus) push(industryLists, industry, index);
      push(countryLists, entry.countryKey, index);
      for (const word of new Set([...entry.tokens.name, ...entry.tokens.description])) push(wordLists, word, index);
    });
    for (const [key, list] of stageLists) this.byStage.set(key, Int32Array.from(new Set(list)));
    for (const [key, list] of industryLists) this.byIndustry.set(key, Int32Array.from(new Set(list)));
    for (const [key, list] of countryLists) this.byCountry.set(key, Int32Array.from(list));
    for (const [key, list] of wordLists) this.byWord.set(key, Int32Array.from(list));
    this.vocabulary = [...wordLists.keys()];
    this.agnostic = Int32Array.from(this.all.filter((index) => this.entry(index).agnostic));
  }

  /** The funds matching the filters, ranked (and kept for the next search with the same filters). */
  matches(filters: Filters): Ranked {
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
      // A source's newer report that it winds down or pauses is an answer too (issue 36).
      if (filters.activeOnly && !entry.activelyInvesting) continue;
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
    // A fund a source reports winding down or not raising comes after every other match, whatever
    // the sort (issue 36): it is never in a top 10 while ten others match.
    const demoted = (index: number) => (this.entry(index).demoted ? 1 : 0);
    if (coversMarks) {
      // With a raise, the covering funds come first whatever the sort; each group keeps the sort's order.
      const marks = coversMarks;
      for (const index of matches) covers += marks[index] as number;
      const order = this.sortedBy(filters, byRelevance);
      ranked.sort((a, b) => demoted(a) - demoted(b) || (marks[b] as number) - (marks[a] as number) || order(a, b));
    } else {
      const order = this.sortedBy(filters, byRelevance);
      ranked.sort((a, b) => demoted(a) - demoted(b) || order(a, b));
    }
    return { ids: ranked, covers, coverMarks: coversMarks };
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

  private entry(index: number): Entry {
    return this.entries[index] as Entry;
  }
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
