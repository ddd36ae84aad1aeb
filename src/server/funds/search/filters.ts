import type { FundSearchQuery } from "../../../shared/schemas/funds.js";
import type { ReasonQuery } from "../scoring.js";
import { wordsOf } from "../text-match.js";
import type { Entry } from "./entry.js";

export type Filters = {
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
export function filterKey(query: FundSearchQuery): string {
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
export function normaliseFilters(query: FundSearchQuery, key = filterKey(query)): Filters {
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
export function reasonQuery(filters: Filters, entry: Entry): ReasonQuery {
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
