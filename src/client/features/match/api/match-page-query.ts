import type { FundMatchResponse } from "../../../../shared/schemas/match.js";
import { profileFromQuery } from "../../../../shared/startup-profile-query.js";
import { okJson, type PageQuery } from "../../../lib/page-data.js";
import { matchFormErrors, matchRequestFromValues, valuesOfQuery } from "../match-form-schema.js";
import { MATCH_PAGE_SIZE, matchQueryKey } from "./use-match.js";

/**
 * The match in this query string as a page query (issue 38): the match form is a plain GET form
 * before the app starts (and without JavaScript), so `/match?stage=…&sectors=…` is answered by the
 * server, and the shortlist (the visitor's top 3 and the Premium prompt, a subscriber's page) is in
 * the page before any script runs. The same request and key the page's own query uses
 * (match-page.tsx, use-match.ts), so the browser finds the answer in its cache. Undefined for a
 * profile the match does not take, and for the actively-investing filter, which depends on counts
 * the browser reads first. Hook-free: loaded by app/page-queries.ts only for a URL with a profile.
 */
export function matchPageQuery(search: string): PageQuery | undefined {
  const query = profileFromQuery(new URLSearchParams(search));
  if (!query || query.activelyInvesting) return undefined;
  const values = valuesOfQuery(query);
  if (Object.keys(matchFormErrors(values)).length > 0) return undefined;
  const request = matchRequestFromValues(values, false);
  const offset = ((query.page ?? 1) - 1) * MATCH_PAGE_SIZE;
  return {
    queryKey: matchQueryKey(request, offset),
    url: "/_api/funds/match",
    body: { ...request, limit: MATCH_PAGE_SIZE, ...(offset > 0 ? { offset } : {}) },
    toData: (answer) => okJson(answer) as FundMatchResponse | undefined,
  };
}
