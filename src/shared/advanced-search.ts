/**
 * What makes a search "advanced" (a Premium feature), for the server, which refuses such a search
 * to anyone who does not see all results, and for the client, which shows the controls locked.
 * Zod-free: the search form imports it.
 *
 * The three basic filters are everyone's: `country`, `fundingStage` and an `industryFocus` of one
 * code. Everything else narrows or reorders the list and is Premium: several industries, several
 * stages (`fundingStages`), several countries or a region, a raise amount, leads rounds only, a
 * fund-size range, sector-agnostic funds only, actively investing funds only (issue 24), a text
 * query, and any order but relevance.
 */

/** The select value that means "no filter" (in the URL and the form; the request schema reads it as absent). */
export const ANY_VALUE = "__empty";

export const SEARCH_SORTS = ["relevance", "fund_size", "recently_reviewed"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SORT_LABELS: Readonly<Record<SearchSort, string>> = {
  relevance: "Relevance",
  fund_size: "Fund size (largest first)",
  recently_reviewed: "Recently reviewed",
};

export function isSearchSort(value: string): value is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value);
}

/** Longest text query, in characters. */
export const SEARCH_QUERY_MAX = 100;
/** Largest raise amount or fund-size bound a search takes, in USD. */
export const MAX_USD_AMOUNT = 1e13;

/** The search fields this module looks at, as the request or the validated query has them. */
export type AdvancedSearchFields = {
  industryFocus?: readonly string[] | undefined;
  fundingStages?: readonly string[] | undefined;
  countries?: readonly string[] | undefined;
  regions?: readonly string[] | undefined;
  raiseAmountUsd?: number | undefined;
  leadsRounds?: boolean | undefined;
  fundSizeMinUsd?: number | undefined;
  fundSizeMaxUsd?: number | undefined;
  sectorAgnostic?: boolean | undefined;
  activelyInvesting?: boolean | undefined;
  query?: string | undefined;
  sort?: string | undefined;
};

const distinct = (list: readonly string[] | undefined) => new Set(list ?? []).size;

/** The names of the advanced filters a search uses, in the request's field names. */
export function advancedFiltersOf(search: AdvancedSearchFields): string[] {
  const used: string[] = [];
  if (distinct(search.industryFocus) > 1) used.push("industryFocus");
  if (distinct(search.fundingStages) > 0) used.push("fundingStages");
  if (distinct(search.countries) > 0) used.push("countries");
  if (distinct(search.regions) > 0) used.push("regions");
  if (search.raiseAmountUsd !== undefined) used.push("raiseAmountUsd");
  if (search.leadsRounds === true) used.push("leadsRounds");
  if (search.fundSizeMinUsd !== undefined) used.push("fundSizeMinUsd");
  if (search.fundSizeMaxUsd !== undefined) used.push("fundSizeMaxUsd");
  if (search.sectorAgnostic === true) used.push("sectorAgnostic");
  if (search.activelyInvesting === true) used.push("activelyInvesting");
  if (search.query !== undefined && search.query.trim() !== "") used.push("query");
  if (search.sort !== undefined && search.sort !== "relevance") used.push("sort");
  return used;
}

export function isAdvancedSearch(search: AdvancedSearchFields): boolean {
  return advancedFiltersOf(search).length > 0;
}
