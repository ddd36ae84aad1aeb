import type { FieldErrors, Resolver } from "react-hook-form";
import { isSearchSort, MAX_USD_AMOUNT, SEARCH_QUERY_MAX } from "../../../shared/advanced-search.js";
import { isIndustryCode } from "../../../shared/industries.js";
import { isRegionCode } from "../../../shared/regions.js";
import { EMPTY_SEARCH, parseUsdAmount, type SearchState } from "../../../shared/search-params.js";
import { isStageCode, sortStages } from "../../../shared/stages.js";

/**
 * The search form's values: the lists of countries, stages and industries (the basic selects show
 * one value, the advanced panel several), and the advanced fields as typed.
 */
export type SearchFormValues = {
  countries: string[];
  stages: string[];
  industries: string[];
  regions: string[];
  raise: string;
  sizeMin: string;
  sizeMax: string;
  leads: boolean;
  agnostic: boolean;
  /** Only funds that say they are actively investing (issue 24). */
  active: boolean;
  query: string;
  sort: string;
};

export const AMOUNT_MESSAGE = "Enter an amount in US dollars, such as 500k or 2M.";
export const RANGE_MESSAGE = "The minimum fund size is above the maximum.";
export const QUERY_MESSAGE = `Keep the keywords under ${SEARCH_QUERY_MAX} characters.`;

function amountError(text: string, allowZero: boolean): string | undefined {
  const amount = parseUsdAmount(text);
  if (amount === undefined) return undefined;
  const valid = amount !== null && amount <= MAX_USD_AMOUNT && (allowZero ? amount >= 0 : amount > 0);
  return valid ? undefined : AMOUNT_MESSAGE;
}

/**
 * The form's own rules, the server's search schema in the form's terms: amounts a founder can type,
 * a fund-size range in order, keywords within the limit. A plain function rather than a zod/mini
 * schema: the lists and the switch would bring zod's array and boolean types into the chunk the home
 * page's entry shares with every form (docs/decisions/0006). Codes outside the lists cannot be
 * chosen; stateFromFormValues drops anything else.
 */
export function validateSearchForm(values: SearchFormValues): Partial<Record<keyof SearchFormValues, string>> {
  const errors: Partial<Record<keyof SearchFormValues, string>> = {};
  const raise = amountError(values.raise, false);
  if (raise) errors.raise = raise;
  const sizeMin = amountError(values.sizeMin, true);
  if (sizeMin) errors.sizeMin = sizeMin;
  const sizeMax = amountError(values.sizeMax, true);
  if (sizeMax) errors.sizeMax = sizeMax;
  if (!sizeMin && !sizeMax) {
    const min = parseUsdAmount(values.sizeMin);
    const max = parseUsdAmount(values.sizeMax);
    if (typeof min === "number" && typeof max === "number" && min > max) errors.sizeMin = RANGE_MESSAGE;
  }
  if (values.query.trim().length > SEARCH_QUERY_MAX) errors.query = QUERY_MESSAGE;
  return errors;
}

export const searchFormResolver: Resolver<SearchFormValues> = async (values) => {
  const messages = validateSearchForm(values);
  const entries = Object.entries(messages);
  if (entries.length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    entries.map(([name, message]) => [name, { type: "validate", message }]),
  ) as FieldErrors<SearchFormValues>;
  return { values: {}, errors };
};

const amountText = (amount: number | undefined) => (amount === undefined ? "" : amount.toLocaleString("en-US"));

export function formValuesFromState(state: SearchState): SearchFormValues {
  return {
    countries: state.countries,
    stages: state.stages,
    industries: state.industries,
    regions: state.regions,
    raise: amountText(state.raiseAmountUsd),
    sizeMin: amountText(state.fundSizeMinUsd),
    sizeMax: amountText(state.fundSizeMaxUsd),
    leads: state.leadsRounds,
    agnostic: state.sectorAgnostic,
    active: state.activelyInvesting,
    query: state.query,
    sort: state.sort,
  };
}

const amountOf = (text: string) => parseUsdAmount(text) ?? undefined;

/** Validated form values to the search (the schema has already refused anything malformed). */
export function stateFromFormValues(values: SearchFormValues): SearchState {
  return {
    ...EMPTY_SEARCH,
    countries: [...new Set(values.countries.map((country) => country.trim()).filter(Boolean))],
    stages: sortStages(values.stages.filter(isStageCode)),
    industries: [...new Set(values.industries.filter(isIndustryCode))],
    regions: [...new Set(values.regions.filter(isRegionCode))],
    raiseAmountUsd: amountOf(values.raise),
    leadsRounds: values.leads,
    sectorAgnostic: values.agnostic,
    activelyInvesting: values.active,
    fundSizeMinUsd: amountOf(values.sizeMin),
    fundSizeMaxUsd: amountOf(values.sizeMax),
    query: values.query.trim(),
    sort: isSearchSort(values.sort) ? values.sort : "relevance",
  };
}
