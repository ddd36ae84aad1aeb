import { okJson, type PageQuery } from "./page-data.js";

/**
 * The countries the funds are in (GET /_api/countries): the search form and the match's profile
 * form both offer them. Hook-free on purpose: the entry imports it to fill the cache before
 * hydrating (docs/decisions/0006 on the entry's weight); the hook is in use-countries.ts.
 */
export const countriesQueryKey = ["countries"] as const;
export const COUNTRIES_URL = "/_api/countries";

export const countriesPageQuery: PageQuery = { queryKey: countriesQueryKey, url: COUNTRIES_URL, toData: okJson };
