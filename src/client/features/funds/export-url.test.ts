import { describe, expect, it } from "vitest";
import { fundExportQuerySchema, fundSearchRequestSchema } from "../../../shared/schemas/funds.js";
import { EMPTY_SEARCH, type SearchState, toSearchRequest } from "../../../shared/search-params.js";
import { exportUrl } from "./export-url.js";

/** What the server makes of the URL: the query string parsed as Fastify parses it (repeats as lists), then validated. */
function serverQuery(url: string) {
  const params = new URL(url, "http://localhost").searchParams;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length > 1 ? values : (values[0] as string);
  }
  return fundExportQuerySchema.parse(query);
}

describe("exportUrl", () => {
  it("sends no parameter for an unfiltered search", () => {
    expect(exportUrl(EMPTY_SEARCH)).toBe("/_api/funds/export");
  });

  it("sends the search's filters under the search's names", () => {
    expect(exportUrl({ ...EMPTY_SEARCH, countries: ["United Kingdom"], stages: ["seed"], industries: ["ai_ml"] })).toBe(
      "/_api/funds/export?country=United+Kingdom&fundingStage=seed&industryFocus=ai_ml",
    );
  });

  it.each<SearchState>([
    EMPTY_SEARCH,
    { ...EMPTY_SEARCH, countries: ["Germany"] },
    { ...EMPTY_SEARCH, stages: ["series_a"] },
    { ...EMPTY_SEARCH, countries: ["Côte d'Ivoire & Co"], stages: ["growth"], industries: ["fintech"] },
    {
      ...EMPTY_SEARCH,
      countries: ["Germany", "France"],
      stages: ["seed", "series_a"],
      industries: ["fintech", "saas"],
    },
    {
      ...EMPTY_SEARCH,
      regions: ["europe", "asia_pacific"],
      raiseAmountUsd: 750_000,
      leadsRounds: true,
      fundSizeMinUsd: 0,
      fundSizeMaxUsd: 5e8,
      query: "climate & energy",
      sort: "recently_reviewed",
    },
  ])("is read by the server as the same filters the search sends (%j)", (state) => {
    expect(serverQuery(exportUrl(state))).toEqual(fundSearchRequestSchema.parse(toSearchRequest(state)));
  });
});
