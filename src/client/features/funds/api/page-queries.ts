/**
 * The funds feature's queries that a server-rendered page starts with. Hook-free on purpose: the
 * entry imports this to fill the cache before hydrating (docs/decisions/0006 on the entry's weight).
 */
// The countries' query is shared with the match's form (src/client/lib/countries.ts).
export { COUNTRIES_URL, countriesPageQuery, countriesQueryKey } from "../../../lib/countries.js";

/** A fund page's data depends on who looks: subscribers get the premium fields. */
export const fundQueryKey = (id: number, subscriber: boolean) => ["funds", "fund", id, subscriber] as const;
export const fundUrl = (id: number) => `/_api/funds/${id}`;
