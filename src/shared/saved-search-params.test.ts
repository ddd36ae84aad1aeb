import { describe, expect, it } from "vitest";
import {
  EMPTY_SEARCH,
  searchRequestHref,
  searchStateFromRequest,
  searchSummary,
  suggestedSearchName,
  toSearchRequest,
} from "./search-params.js";

describe("a saved search's request back to the page's search", () => {
  it("round-trips through toSearchRequest", () => {
    const state = {
      ...EMPTY_SEARCH,
      countries: ["Germany", "France"],
      stages: ["seed" as const],
      industries: ["fintech" as const],
      raiseAmountUsd: 500_000,
      leadsRounds: true,
      query: "payments",
      sort: "fund_size" as const,
    };
    expect(searchStateFromRequest(toSearchRequest(state))).toEqual(state);
  });

  it("builds the home page's URL that runs it", () => {
    expect(searchRequestHref({ fundingStage: "seed", industryFocus: ["fintech"], country: "Germany" })).toBe(
      "/?search=1&country=Germany&stage=seed&industry=fintech",
    );
    expect(searchRequestHref({})).toBe("/?search=1");
  });

  it("names it stage first, then industry and place; 'All funds' without filters", () => {
    const state = searchStateFromRequest({ fundingStage: "seed", industryFocus: ["fintech"], country: "Germany" });
    expect(searchSummary(state)).toBe("Seed · Fintech · Germany");
    expect(searchSummary(EMPTY_SEARCH)).toBe("All funds");
    const long = searchStateFromRequest({ countries: Array.from({ length: 20 }, (_, i) => `Country ${i}`) });
    const name = suggestedSearchName(long, 80);
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name.endsWith("…")).toBe(true);
  });
});
