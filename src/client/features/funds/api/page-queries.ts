import { okJson, type PageQuery } from "../../../lib/page-data.js";

/**
 * The funds feature's queries that a server-rendered page starts with. Hook-free on purpose: the
 * entry imports this to fill the cache before hydrating (docs/decisions/0006 on the entry's weight).
 */
export const countriesQueryKey = ["countries"] as const;
export const COUNTRIES_URL = "/_api/countries";

export const countriesPageQuery: PageQuery = { queryKey: countriesQueryKey, url: COUNTRIES_URL, toData: okJson };

/** A fund page's data depends on who looks: subscribers get the premium fields. */
export const fundQueryKey = (id: number, subscriber: boolean) => ["funds", "fund", id, subscriber] as const;
export const fundUrl = (id: number) => `/_api/funds/${id}`;
