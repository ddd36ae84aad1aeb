import { INDUSTRY_CODES } from "../../shared/industries.js";
import type { FundResult, FundSearchQuery, PREMIUM_FUND_FIELDS } from "../../shared/schemas/funds.js";
import { isStageCode, STAGE_CODES, type StageCode, sortStages } from "../../shared/stages.js";
import type { FundRow } from "../db/types.js";
import { baseScore, matchReasons, relevanceScore } from "./scoring.js";

type PremiumField = (typeof PREMIUM_FUND_FIELDS)[number];
type PublicView = Omit<FundResult, "matchReasons" | "isPremium" | PremiumField>;
type PremiumView = Pick<FundResult, PremiumField>;

type Entry = {
  row: FundRow;
  countryKey: string;
  stageMask: number;
  industryMaskLow: number;
  industryMaskHigh: number;
  base: number;
  /** The result's JSON members without braces, serialised once: a search only concatenates them. */
  publicJson: string;
  premiumJson: string;
};

const STAGE_BIT = new Map<string, number>(STAGE_CODES.map((code, index) => [code, 1 << index]));
const INDUSTRY_INDEX = new Map<string, number>(INDUSTRY_CODES.map((code, index) => [code, index]));

function hasIndustry(entry: Entry, code: string): boolean {
  const index = INDUSTRY_INDEX.get(code);
  if (index === undefined) return false;
  return index < 32
    ? (entry.industryMaskLow & (1 << index)) !== 0
    : (entry.industryMaskHigh & (1 << (index - 32))) !== 0;
}

const MAX_CACHED_KEYS = 5_000;
const MAX_CACHED_IDS = 4_000_000;
/** Serialised pages kept, in UTF-16 code units (about 2 bytes each). */
const MAX_CACHED_PAGE_CHARS = 32_000_000;

export type PageRequest = { offset: number; limit: number; includePremium: boolean };

/**
 * The whole fund table in memory, with posting lists per stage, industry and country and a cache of
 * ranked matches per filter combination. A search is then a slice of a cached list instead of a
 * query; the index is rebuilt when the fund data version moves (see FundsIndexProvider).
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
  private readonly positionById = new Map<number, number>();
  private readonly ranked = new Map<string, Int32Array>();
  private cachedIds = 0;
  private readonly pages = new Map<string, string>();
  private cachedPageChars = 0;

  constructor(rows: readonly FundRow[], version: number) {
    this.version = version;
    this.size = rows.length;
    this.entries = rows.map(toEntry);

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
    const countryNames = new Map<string, string>();
    this.entries.forEach((entry, index) => {
      this.positionById.set(entry.row.id, index);
      for (const stage of entry.row.fundingStages) push(stageLists, stage, index);
      for (const industry of entry.row.industryFocus) push(industryLists, industry, index);
      push(countryLists, entry.countryKey, index);
      if (!countryNames.has(entry.countryKey)) countryNames.set(entry.countryKey, entry.row.country);
    });
    for (const [key, list] of stageLists) this.byStage.set(key, Int32Array.from(new Set(list)));
    for (const [key, list] of industryLists) this.byIndustry.set(key, Int32Array.from(new Set(list)));
    for (const [key, list] of countryLists) this.byCountry.set(key, Int32Array.from(list));
    this.countries = [...countryNames.values()].sort(collator.compare);
  }

  /**
   * The response body of a search: `{results, totalCount}` as JSON, for the filters, the page and
   * the viewer's gate. Nothing in it can change until the data does (a new index), so each page is
   * serialised once and then served from memory.
   */
  searchJson(query: FundSearchQuery, page: PageRequest): string {
    const filters = normaliseFilters(query);
    const pageKey = `${filters.key}\u0002${page.offset}\u0002${page.limit}\u0002${page.includePremium ? 1 : 0}`;
    const cached = this.pages.get(pageKey);
    if (cached !== undefined) return cached;
    const ranked = this.rankedMatches(filters);
    const end = Math.min(ranked.length, page.offset + page.limit);
    const results: string[] = [];
    for (let position = page.offset; position < end; position++) {
      const entry = this.entry(ranked[position] as number);
      const reasons = JSON.stringify(matchReasons(entry.row, query, page.includePremium));
      results.push(this.resultJson(entry, reasons, page.includePremium));
    }
    const json = `{"results":[${results.join(",")}],"totalCount":${ranked.length}}`;
    this.rememberPage(pageKey, json);
    return json;
  }

  /** Every match's full row, ranked as the search ranks them (the Excel export). */
  matchingRows(query: FundSearchQuery): FundRow[] {
    return Array.from(this.rankedMatches(normaliseFilters(query)), (index) => this.entry(index).row);
  }

  /** Every fund's full row, by name as the ranking's tie-break orders them (the unfiltered Excel export). */
  rowsByName(): FundRow[] {
    const rows = new Array<FundRow>(this.entries.length);
    this.entries.forEach((entry, index) => {
      rows[this.nameRank[index] as number] = entry.row;
    });
    return rows;
  }

  has(fundId: number): boolean {
    return this.positionById.has(fundId);
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

  private resultJson(entry: Entry, reasonsJson: string, includePremium: boolean): string {
    return includePremium
      ? `{${entry.publicJson},${entry.premiumJson},"matchReasons":${reasonsJson},"isPremium":false}`
      : `{${entry.publicJson},"matchReasons":${reasonsJson},"isPremium":true}`;
  }

  private entry(index: number): Entry {
    return this.entries[index] as Entry;
  }

  private rankedMatches(filters: Filters): Int32Array {
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

  private computeMatches({ countryKey, stage, industries }: Filters): Int32Array {
    const candidateLists: Int32Array[] = [];
    if (countryKey) candidateLists.push(this.byCountry.get(countryKey) ?? new Int32Array());
    if (stage) candidateLists.push(this.byStage.get(stage) ?? new Int32Array());
    if (industries.length === 1) candidateLists.push(this.byIndustry.get(industries[0] as string) ?? new Int32Array());
    const candidates = candidateLists.reduce<Int32Array>(
      (smallest, list) => (list.length < smallest.length ? list : smallest),
      this.all,
    );
    const stageBit = stage ? (STAGE_BIT.get(stage) ?? 0) : 0;
    const matches: number[] = [];
    for (const index of candidates) {
      const entry = this.entry(index);
      if (countryKey && entry.countryKey !== countryKey) continue;
      if (stageBit && (entry.stageMask & stageBit) === 0) continue;
      if (industries.length > 0 && !industries.some((industry) => hasIndustry(entry, industry))) continue;
      matches.push(index);
    }
    const scoringQuery = { fundingStage: stage, industryFocus: industries };
    const scores = new Float64Array(this.entries.length);
    for (const index of matches) {
      const entry = this.entry(index);
      scores[index] = relevanceScore(entry.row, scoringQuery, entry.base);
    }
    const ranked = Int32Array.from(matches);
    ranked.sort(
      (a, b) =>
        (scores[b] as number) - (scores[a] as number) || (this.nameRank[a] as number) - (this.nameRank[b] as number),
    );
    return ranked;
  }

  private rememberPage(key: string, json: string): void {
    this.pages.set(key, json);
    this.cachedPageChars += json.length;
    for (const [oldKey, oldJson] of this.pages) {
      if (this.cachedPageChars <= MAX_CACHED_PAGE_CHARS || oldKey === key) break;
      this.pages.delete(oldKey);
      this.cachedPageChars -= oldJson.length;
    }
  }

  private remember(key: string, ranked: Int32Array): void {
    this.ranked.set(key, ranked);
    this.cachedIds += ranked.length;
    for (const [oldKey, oldList] of this.ranked) {
      if (this.ranked.size <= MAX_CACHED_KEYS && this.cachedIds <= MAX_CACHED_IDS) break;
      if (oldKey === key) break;
      this.ranked.delete(oldKey);
      this.cachedIds -= oldList.length;
    }
  }
}

type Filters = { key: string; countryKey: string; stage: StageCode | undefined; industries: string[] };

/** The filters as the index compares them; `key` is the same for every spelling of one search. */
function normaliseFilters(query: FundSearchQuery): Filters {
  const countryKey = query.country?.trim().toLowerCase() ?? "";
  const industries = [...new Set(query.industryFocus ?? [])].sort();
  const stage = query.fundingStage;
  return { key: `${countryKey}\u0001${stage ?? ""}\u0001${industries.join(",")}`, countryKey, stage, industries };
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function toEntry(row: FundRow): Entry {
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
  return {
    row,
    countryKey: row.country.trim().toLowerCase(),
    stageMask,
    industryMaskLow,
    industryMaskHigh,
    base: baseScore(row),
    publicJson: membersJson<PublicView>({
      id: row.id,
      name: row.name,
      fundSize: row.fundSize,
      currency: row.currency,
      country: row.country,
      countryCode: row.countryCode,
      city: row.city,
      fundingStage: stages[0] ?? "seed",
      fundingStages: stages,
      industryFocus: row.industryFocus as PublicView["industryFocus"],
      foundedYear: row.foundedYear,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }),
    premiumJson: membersJson<PremiumView>({
      website: row.website,
      linkedin: row.linkedin,
      fundManager: row.fundManager,
      checkSizeMinUsd: row.checkSizeMinUsd,
      checkSizeMaxUsd: row.checkSizeMaxUsd,
      leadsRounds: row.leadsRounds,
    }),
  };
}

/** `{"a":1,"b":2}` → `"a":1,"b":2`, ready to be spliced into a larger object. */
function membersJson<T extends object>(value: T): string {
  return JSON.stringify(value).slice(1, -1);
}
