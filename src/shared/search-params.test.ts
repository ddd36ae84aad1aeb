import { describe, expect, it } from "vitest";
import { ANY_VALUE, searchValuesFromQuery, searchValuesToQuery, toSearchRequest } from "./search-params.js";

describe("search form values", () => {
  it("drops '__empty' filters and sends industry as a one-element list", () => {
    expect(toSearchRequest({ country: ANY_VALUE, fundingStage: ANY_VALUE, industry: ANY_VALUE })).toEqual({});
    expect(toSearchRequest({ country: "Germany", fundingStage: "seed", industry: "fintech" })).toEqual({
      country: "Germany",
      fundingStage: "seed",
      industryFocus: ["fintech"],
    });
  });

  it("round-trips through the URL query", () => {
    const values = { country: "South Korea", fundingStage: "series_a", industry: "ai_ml" };
    const query = searchValuesToQuery(values);
    expect(query.toString()).toBe("search=1&country=South+Korea&stage=series_a&industry=ai_ml");
    expect(searchValuesFromQuery(new URLSearchParams(query.toString()))).toEqual(values);
  });

  it("ignores a query without a search and unknown codes", () => {
    expect(searchValuesFromQuery(new URLSearchParams("country=France"))).toBeNull();
    expect(searchValuesFromQuery(new URLSearchParams("search=1&stage=nope&industry=alchemy"))).toEqual({
      country: ANY_VALUE,
      fundingStage: ANY_VALUE,
      industry: ANY_VALUE,
    });
  });
});
