import { describe, expect, it } from "vitest";
import { fundExportQuerySchema, fundSearchRequestSchema } from "../../../shared/schemas/funds.js";
import { EMPTY_SEARCH, type SearchFormValues, toSearchRequest } from "../../../shared/search-params.js";
import { exportUrl } from "./export-url.js";

/** What the server makes of the URL: the query string parsed as Fastify parses it, then validated. */
function serverQuery(url: string) {
  const params = new URL(url, "http://localhost").searchParams;
  return fundExportQuerySchema.parse(Object.fromEntries(params));
}

describe("exportUrl", () => {
  it("sends no parameter for an unfiltered search", () => {
    expect(exportUrl(EMPTY_SEARCH)).toBe("/_api/funds/export");
  });

  it("sends the search's filters, industry as one code", () => {
    expect(exportUrl({ country: "United Kingdom", fundingStage: "seed", industry: "ai_ml" })).toBe(
      "/_api/funds/export?country=United+Kingdom&fundingStage=seed&industryFocus=ai_ml",
    );
  });

  it.each<SearchFormValues>([
    EMPTY_SEARCH,
    { country: "Germany", fundingStage: "__empty", industry: "__empty" },
    { country: "__empty", fundingStage: "series_a", industry: "__empty" },
    { country: "Côte d'Ivoire & Co", fundingStage: "growth", industry: "fintech" },
  ])("is read by the server as the same filters the search sends (%j)", (values) => {
    expect(serverQuery(exportUrl(values))).toEqual(fundSearchRequestSchema.parse(toSearchRequest(values)));
  });
});
