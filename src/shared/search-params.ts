import {
  isAdvancedSearch,
  isSearchSort,
  MAX_USD_AMOUNT,
  SEARCH_QUERY_MAX,
  type SearchSort,
  SORT_LABELS,
} from "./advanced-search.js";
import { toUsd } from "./currency-rates.js";
import { ACTIVELY_INVESTING_CHIP } from "./fund-signals.js";
import { formatCompactAmount } from "./fund-size.js";
import { type IndustryCode, industryLabel, isIndustryCode } from "./industries.js";
import { parseAmountText } from "./money-text.js";
import { isRegionCode, type RegionCode, regionLabel } from "./regions.js";
import type { FundSearchRequest } from "./schemas/funds.js";
import { isStageCode, type StageCode, sortStages, stageLabel } from "./stages.js";
import { graphemePrefix } from "./text-cut.js";

// The select value that means "no filter" lives with the search's other shared constants, which the
// request schema reads too (importing it from here made the two modules import each other).
export { ANY_VALUE } from "./advanced-search.js";

/**
 * A search as the page holds it, in the URL and in the form. Countries, stages and industries are
 * lists: one value is the basic filter everyone has, several are the Premium "any of" filter; the
 * request (toSearchRequest) sends one value in the basic field and several in the advanced one.
 */
export type SearchState = {
  countries: string[];
  stages: StageCode[];
  industries: IndustryCode[];
  regions: RegionCode[];
  raiseAmountUsd: number | undefined;
  leadsRounds: boolean;
  /** Only funds stated to invest across sectors. */
  sectorAgnostic: boolean;
  /** Only funds whose team says they are actively investing (issue 24). */
  activelyInvesting: boolean;
  fundSizeMinUsd: number | undefined;
  fundSizeMaxUsd: number | undefined;
  query: string;
  sort: SearchSort;
};

export const EMPTY_SEARCH: SearchState = {
  countries: [],
  stages: [],
  industries: [],
  regions: [],
  raiseAmountUsd: undefined,
  leadsRounds: false,
  sectorAgnostic: false,
  activelyInvesting: false,
  fundSizeMinUsd: undefined,
  fundSizeMaxUsd: undefined,
  query: "",
  sort: "relevance",
};

/** The URL's parameter names: short, readable, and the basic three as they always were. */
const PARAM = {
  country: "country",
  stage: "stage",
  industry: "industry",
  region: "region",
  raise: "raise",
  leads: "leads",
  agnostic: "agnostic",
  active: "active",
  sizeMin: "sizeMin",
  sizeMax: "sizeMax",
  query: "q",
  sort: "sort",
} as const;

/** Every query key a search page reads (`search` marks that a search was run), for the page cache's key. */
export const SEARCH_QUERY_KEYS: readonly string[] = ["search", ...Object.values(PARAM)];

/** Most countries a URL may name; the API takes no more. */
const MAX_COUNTRIES = 100;

const unique = <T>(values: readonly T[]) => [...new Set(values)];

function amountParam(params: URLSearchParams, name: string, allowZero: boolean): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value > MAX_USD_AMOUNT || value < 0 || (!allowZero && value === 0)) return undefined;
  return value;
}

/**
 * Whether the query holds a search: `search` (the app's own links and the home form), or one of
 * the basic three filters, as a hand-written `/?country=…&stage=…&industry=…` has (issue 38).
 */
export function isSearchQuery(params: URLSearchParams): boolean {
  return params.has("search") || params.has(PARAM.country) || params.has(PARAM.stage) || params.has(PARAM.industry);
}

/**
 * URL query to a search; null without a search (isSearchQuery). Unknown codes, bad amounts and an
 * unknown sort are dropped rather than refused: a hand-edited link still opens a search, and
 * searchQueryProblems says what was left out.
 */
export function searchStateFromQuery(params: URLSearchParams): SearchState | null {
  if (!isSearchQuery(params)) return null;
  const countries = unique(
    params
      .getAll(PARAM.country)
      .map((country) => graphemePrefix(country.trim(), 100))
      .filter(Boolean),
  ).slice(0, MAX_COUNTRIES);
  let fundSizeMinUsd = amountParam(params, PARAM.sizeMin, true);
  let fundSizeMaxUsd = amountParam(params, PARAM.sizeMax, true);
  if (fundSizeMinUsd !== undefined && fundSizeMaxUsd !== undefined && fundSizeMinUsd > fundSizeMaxUsd) {
    [fundSizeMinUsd, fundSizeMaxUsd] = [fundSizeMaxUsd, fundSizeMinUsd];
  }
  const sort = params.get(PARAM.sort) ?? "";
  return {
    countries,
    stages: sortStages(params.getAll(PARAM.stage).filter(isStageCode)),
    industries: unique(params.getAll(PARAM.industry).filter(isIndustryCode)),
    regions: unique(params.getAll(PARAM.region).filter(isRegionCode)),
    raiseAmountUsd: amountParam(params, PARAM.raise, false),
    leadsRounds: params.get(PARAM.leads) === "1",
    sectorAgnostic: params.get(PARAM.agnostic) === "1",
    activelyInvesting: params.get(PARAM.active) === "1",
    fundSizeMinUsd,
    fundSizeMaxUsd,
    query: graphemePrefix((params.get(PARAM.query) ?? "").trim(), SEARCH_QUERY_MAX),
    sort: isSearchSort(sort) ? sort : "relevance",
  };
}

/**
 * What searchStateFromQuery left out of a search, in words a visitor can act on: a stage, an
 * industry or a region that is not one of the lists, an amount that is not one, an unknown sort.
 * An empty value is the form's "Any" and no problem. Countries are not checked here: the list is
 * the data's, and a country without funds is an empty search, not a mistake.
 */
export function searchQueryProblems(params: URLSearchParams): string[] {
  if (!isSearchQuery(params)) return [];
  const problems: string[] = [];
  const quote = (value: string) => `“${graphemePrefix(value, 40)}”`;
  const listed = (name: string, known: (value: string) => boolean, what: string) => {
    for (const value of params.getAll(name)) {
      if (value.trim() !== "" && !known(value))
        problems.push(`${quote(value)} is not ${what}; it was left out of the search.`);
    }
  };
  listed(PARAM.stage, isStageCode, "a funding stage FundMatch knows");
  listed(PARAM.industry, isIndustryCode, "an industry FundMatch knows");
  listed(PARAM.region, isRegionCode, "a region FundMatch knows");
  for (const [name, allowZero] of [
    [PARAM.raise, false],
    [PARAM.sizeMin, true],
    [PARAM.sizeMax, true],
  ] as const) {
    const raw = params.get(name);
    if (raw !== null && raw.trim() !== "" && amountParam(params, name, allowZero) === undefined) {
      problems.push(`${quote(raw)} is not an amount in US dollars; it was left out of the search.`);
    }
  }
  const sort = params.get(PARAM.sort);
  if (sort !== null && sort !== "" && !isSearchSort(sort)) {
    problems.push(`${quote(sort)} is not a way to sort the results; they are sorted by relevance.`);
  }
  return problems;
}

/** A search to a shareable URL query; `search=1` marks that a search was run. */
export function searchStateToQuery(state: SearchState): URLSearchParams {
  const params = new URLSearchParams({ search: "1" });
  for (const country of state.countries) params.append(PARAM.country, country);
  for (const stage of state.stages) params.append(PARAM.stage, stage);
  for (const industry of state.industries) params.append(PARAM.industry, industry);
  for (const region of state.regions) params.append(PARAM.region, region);
  if (state.raiseAmountUsd !== undefined) params.set(PARAM.raise, String(state.raiseAmountUsd));
  if (state.leadsRounds) params.set(PARAM.leads, "1");
  if (state.sectorAgnostic) params.set(PARAM.agnostic, "1");
  if (state.activelyInvesting) params.set(PARAM.active, "1");
  if (state.fundSizeMinUsd !== undefined) params.set(PARAM.sizeMin, String(state.fundSizeMinUsd));
  if (state.fundSizeMaxUsd !== undefined) params.set(PARAM.sizeMax, String(state.fundSizeMaxUsd));
  if (state.query.trim()) params.set(PARAM.query, state.query.trim());
  if (state.sort !== "relevance") params.set(PARAM.sort, state.sort);
  return params;
}

/** The search to the API's payload: one value in a basic field, several in the advanced one. */
export function toSearchRequest(state: SearchState): FundSearchRequest {
  const request: FundSearchRequest = {};
  if (state.countries.length === 1) request.country = state.countries[0];
  else if (state.countries.length > 1) request.countries = [...state.countries];
  if (state.stages.length === 1) request.fundingStage = state.stages[0];
  else if (state.stages.length > 1) request.fundingStages = [...state.stages];
  if (state.industries.length > 0) request.industryFocus = [...state.industries];
  if (state.regions.length > 0) request.regions = [...state.regions];
  if (state.raiseAmountUsd !== undefined) request.raiseAmountUsd = state.raiseAmountUsd;
  if (state.leadsRounds) request.leadsRounds = true;
  if (state.sectorAgnostic) request.sectorAgnostic = true;
  if (state.activelyInvesting) request.activelyInvesting = true;
  if (state.fundSizeMinUsd !== undefined) request.fundSizeMinUsd = state.fundSizeMinUsd;
  if (state.fundSizeMaxUsd !== undefined) request.fundSizeMaxUsd = state.fundSizeMaxUsd;
  if (state.query.trim()) request.query = state.query.trim();
  if (state.sort !== "relevance") request.sort = state.sort;
  return request;
}

/** Whether the search uses a Premium filter (the server answers 402 to anyone else). */
export function usesAdvancedFilters(state: SearchState): boolean {
  return isAdvancedSearch(toSearchRequest(state));
}

/** The search with only what everyone may use: a single country, stage and industry stay; the rest goes. */
export function basicPart(state: SearchState): SearchState {
  return {
    ...EMPTY_SEARCH,
    countries: state.countries.length === 1 ? state.countries : [],
    stages: state.stages.length === 1 ? state.stages : [],
    industries: state.industries.length === 1 ? state.industries : [],
  };
}

/** '$1.5M': a USD amount as chips and inputs show it. */
export function formatUsdAmount(amount: number): string {
  return `$${formatCompactAmount(amount)}`;
}

/**
 * What a founder types as an amount, in US dollars: '500000', '500,000', '$500k', '1.5M', '2 bn',
 * and in another currency the product converts ('€3m', '250k GBP', '₹5 Cr'), at the fixed rates of
 * src/shared/currency-rates.ts. The one reader of typed amounts (src/shared/money-text.ts).
 * undefined for an empty field, null for text that is not an amount (or a currency without a rate).
 */
export function parseUsdAmount(text: string): number | undefined | null {
  const read = parseAmountText(text);
  if (read === undefined || read === null) return read;
  const usd = toUsd(read.amount, read.currency ?? "USD");
  return usd === null ? null : Math.round(usd * 100) / 100;
}

/** One removable chip of the active filters: its text and the search without it. */
export type FilterChip = { key: string; label: string; without: SearchState };

export function filterChips(state: SearchState): FilterChip[] {
  const chips: FilterChip[] = [];
  const remove = <K extends keyof SearchState>(key: K, value: SearchState[K]) => ({ ...state, [key]: value });
  for (const country of state.countries) {
    chips.push({
      key: `country:${country}`,
      label: country,
      without: remove(
        "countries",
        state.countries.filter((item) => item !== country),
      ),
    });
  }
  for (const region of state.regions) {
    chips.push({
      key: `region:${region}`,
      label: regionLabel(region),
      without: remove(
        "regions",
        state.regions.filter((item) => item !== region),
      ),
    });
  }
  for (const stage of state.stages) {
    chips.push({
      key: `stage:${stage}`,
      label: stageLabel(stage),
      without: remove(
        "stages",
        state.stages.filter((item) => item !== stage),
      ),
    });
  }
  for (const industry of state.industries) {
    chips.push({
      key: `industry:${industry}`,
      label: industryLabel(industry),
      without: remove(
        "industries",
        state.industries.filter((item) => item !== industry),
      ),
    });
  }
  if (state.raiseAmountUsd !== undefined) {
    chips.push({
      key: "raise",
      label: `Raising ${formatUsdAmount(state.raiseAmountUsd)}`,
      without: remove("raiseAmountUsd", undefined),
    });
  }
  if (state.leadsRounds) chips.push({ key: "leads", label: "Leads rounds", without: remove("leadsRounds", false) });
  if (state.sectorAgnostic) {
    chips.push({ key: "agnostic", label: "Sector agnostic", without: remove("sectorAgnostic", false) });
  }
  if (state.activelyInvesting) {
    chips.push({ key: "active", label: ACTIVELY_INVESTING_CHIP, without: remove("activelyInvesting", false) });
  }
  if (state.fundSizeMinUsd !== undefined) {
    chips.push({
      key: "sizeMin",
      label: `Fund size ≥ ${formatUsdAmount(state.fundSizeMinUsd)}`,
      without: remove("fundSizeMinUsd", undefined),
    });
  }
  if (state.fundSizeMaxUsd !== undefined) {
    chips.push({
      key: "sizeMax",
      label: `Fund size ≤ ${formatUsdAmount(state.fundSizeMaxUsd)}`,
      without: remove("fundSizeMaxUsd", undefined),
    });
  }
  if (state.query.trim()) {
    chips.push({ key: "query", label: `“${state.query.trim()}”`, without: remove("query", "") });
  }
  if (state.sort !== "relevance") {
    chips.push({
      key: "sort",
      label: `Sorted by ${SORT_LABELS[state.sort].toLowerCase()}`,
      without: remove("sort", "relevance"),
    });
  }
  return chips;
}

/**
 * A search request (a saved search's `search`, as POST /_api/funds/search takes it) back to the page's
 * search: the inverse of toSearchRequest, through the URL's own reading so that anything the URL
 * would drop is dropped here too.
 */
export function searchStateFromRequest(request: FundSearchRequest): SearchState {
  const params = new URLSearchParams({ search: "1" });
  const countries = [...(request.country?.trim() ? [request.country.trim()] : []), ...(request.countries ?? [])];
  for (const country of countries) params.append(PARAM.country, country);
  const stages = [...(request.fundingStage ? [request.fundingStage] : []), ...(request.fundingStages ?? [])];
  for (const stage of stages) params.append(PARAM.stage, stage);
  for (const industry of request.industryFocus ?? []) params.append(PARAM.industry, industry);
  for (const region of request.regions ?? []) params.append(PARAM.region, region);
  if (request.raiseAmountUsd !== undefined) params.set(PARAM.raise, String(request.raiseAmountUsd));
  if (request.leadsRounds) params.set(PARAM.leads, "1");
  if (request.sectorAgnostic) params.set(PARAM.agnostic, "1");
  if (request.activelyInvesting) params.set(PARAM.active, "1");
  if (request.fundSizeMinUsd !== undefined) params.set(PARAM.sizeMin, String(request.fundSizeMinUsd));
  if (request.fundSizeMaxUsd !== undefined) params.set(PARAM.sizeMax, String(request.fundSizeMaxUsd));
  if (request.query?.trim()) params.set(PARAM.query, request.query.trim());
  if (request.sort) params.set(PARAM.sort, request.sort);
  return searchStateFromQuery(params) ?? EMPTY_SEARCH;
}

/** The home page's URL that runs this search (a saved search's Open). */
export function searchRequestHref(request: FundSearchRequest): string {
  return `/?${searchStateToQuery(searchStateFromRequest(request)).toString()}`;
}

/** Chip order for a name: what a founder says first (stage, industry, place), then the rest. */
const NAME_ORDER = ["stage", "industry", "country", "region"];

/** The search's filters in one line, 'Seed · Fintech · Germany'; 'All funds' without any. */
export function searchSummary(state: SearchState): string {
  const rank = (key: string) => {
    const index = NAME_ORDER.indexOf(key.split(":")[0] ?? "");
    return index === -1 ? NAME_ORDER.length : index;
  };
  const labels = filterChips(state)
    .map((chip, index) => ({ chip, index }))
    .sort((a, b) => rank(a.chip.key) - rank(b.chip.key) || a.index - b.index)
    .map(({ chip }) => chip.label);
  return labels.length > 0 ? labels.join(" · ") : "All funds";
}

/** A name to prefill for saving the search: its summary, cut to fit the name's limit. */
export function suggestedSearchName(state: SearchState, max: number): string {
  const summary = searchSummary(state);
  return summary.length <= max ? summary : `${graphemePrefix(summary, max - 1).trimEnd()}…`;
}
