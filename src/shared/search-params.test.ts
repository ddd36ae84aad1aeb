import { describe, expect, it } from "vitest";
import {
  basicPart,
  EMPTY_SEARCH,
  filterChips,
  parseUsdAmount,
  searchStateFromQuery,
  searchStateFromRequest,
  searchStateToQuery,
  toSearchRequest,
  usesAdvancedFilters,
} from "./search-params.js";

describe("the search in the URL", () => {
  it("sends one value in the basic field and several in the advanced one", () => {
    expect(toSearchRequest(EMPTY_SEARCH)).toEqual({});
    expect(
      toSearchRequest({ ...EMPTY_SEARCH, countries: ["Germany"], stages: ["seed"], industries: ["fintech"] }),
    ).toEqual({ country: "Germany", fundingStage: "seed", industryFocus: ["fintech"] });
    expect(
      toSearchRequest({
        ...EMPTY_SEARCH,
        countries: ["Germany", "France"],
        stages: ["seed", "series_a"],
        industries: ["fintech", "saas"],
        regions: ["europe"],
        raiseAmountUsd: 500_000,
        leadsRounds: true,
        fundSizeMinUsd: 1e6,
        fundSizeMaxUsd: 1e9,
        query: " climate ",
        sort: "fund_size",
      }),
    ).toEqual({
      countries: ["Germany", "France"],
      fundingStages: ["seed", "series_a"],
      industryFocus: ["fintech", "saas"],
      regions: ["europe"],
      raiseAmountUsd: 500_000,
      leadsRounds: true,
      fundSizeMinUsd: 1e6,
      fundSizeMaxUsd: 1e9,
      query: "climate",
      sort: "fund_size",
    });
  });

  it("round-trips through the URL query, the basic three as they always were", () => {
    const basic = {
      ...EMPTY_SEARCH,
      countries: ["South Korea"],
      stages: ["series_a" as const],
      industries: ["ai_ml" as const],
    };
    const query = searchStateToQuery(basic);
    expect(query.toString()).toBe("search=1&country=South+Korea&stage=series_a&industry=ai_ml");
    expect(searchStateFromQuery(new URLSearchParams(query.toString()))).toEqual(basic);
    const advanced = {
      ...basic,
      countries: ["South Korea", "Japan"],
      regions: ["asia_pacific" as const],
      raiseAmountUsd: 250_000,
      leadsRounds: true,
      fundSizeMaxUsd: 3e8,
      query: "deep tech",
      sort: "recently_reviewed" as const,
    };
    expect(searchStateFromQuery(new URLSearchParams(searchStateToQuery(advanced).toString()))).toEqual(advanced);
  });

  it("drops what a hand-edited link gets wrong instead of refusing it", () => {
    // The basic filters alone are a search too (issue 38); a query without any is none.
    expect(searchStateFromQuery(new URLSearchParams("country=France"))?.countries).toEqual(["France"]);
    expect(searchStateFromQuery(new URLSearchParams("utm_source=mail"))).toBeNull();
    expect(
      searchStateFromQuery(
        new URLSearchParams("search=1&stage=nope&industry=alchemy&region=mars&raise=-1&sizeMin=9&sizeMax=3&sort=name"),
      ),
    ).toEqual({ ...EMPTY_SEARCH, fundSizeMinUsd: 3, fundSizeMaxUsd: 9 });
  });

  it("tells a Premium search from a basic one, and keeps only the basic part", () => {
    const basic = { ...EMPTY_SEARCH, countries: ["Germany"], industries: ["fintech" as const] };
    expect(usesAdvancedFilters(basic)).toBe(false);
    const advanced = { ...basic, industries: ["fintech" as const, "saas" as const], leadsRounds: true };
    expect(usesAdvancedFilters(advanced)).toBe(true);
    expect(basicPart(advanced)).toEqual({ ...EMPTY_SEARCH, countries: ["Germany"] });
  });

  it("lists each active filter as a chip that removes just that filter", () => {
    const state = { ...EMPTY_SEARCH, countries: ["Germany", "France"], leadsRounds: true, raiseAmountUsd: 1_500_000 };
    const chips = filterChips(state);
    expect(chips.map((chip) => chip.label)).toEqual(["Germany", "France", "Raising $1.5M", "Leads rounds"]);
    expect(chips[0]?.without.countries).toEqual(["France"]);
    expect(chips[3]?.without).toEqual({ ...state, leadsRounds: false });
  });

  it("reads amounts the way founders type them", () => {
    expect(parseUsdAmount("")).toBeUndefined();
    expect(parseUsdAmount("500000")).toBe(500_000);
    expect(parseUsdAmount("$500,000")).toBe(500_000);
    expect(parseUsdAmount("500k")).toBe(500_000);
    expect(parseUsdAmount("1.5M")).toBe(1_500_000);
    expect(parseUsdAmount("2 bn")).toBe(2e9);
    expect(parseUsdAmount("1,234,567")).toBe(1_234_567);
    expect(parseUsdAmount("lots")).toBeNull();
    expect(parseUsdAmount("-5")).toBeNull();
  });
});

describe("the sector-agnostic filter in the URL", () => {
  it("round-trips as agnostic=1, is sent as sectorAgnostic: true, is Premium and has a chip", () => {
    const state = { ...EMPTY_SEARCH, sectorAgnostic: true };
    const query = searchStateToQuery(state);
    expect(query.toString()).toBe("search=1&agnostic=1");
    expect(searchStateFromQuery(new URLSearchParams(query.toString()))).toEqual(state);
    expect(searchStateFromQuery(new URLSearchParams("search=1&agnostic=yes"))?.sectorAgnostic).toBe(false);
    expect(toSearchRequest(state)).toEqual({ sectorAgnostic: true });
    expect(usesAdvancedFilters(state)).toBe(true);
    expect(basicPart(state).sectorAgnostic).toBe(false);
    const [chip] = filterChips(state);
    expect(chip).toMatchObject({ key: "agnostic", label: "Sector agnostic", without: EMPTY_SEARCH });
  });
});

describe("the actively-investing filter in the URL (issue 24)", () => {
  it("round-trips as active=1, is sent as activelyInvesting: true, is Premium and has a chip", () => {
    const state = { ...EMPTY_SEARCH, activelyInvesting: true };
    const query = searchStateToQuery(state);
    expect(query.toString()).toBe("search=1&active=1");
    expect(searchStateFromQuery(new URLSearchParams(query.toString()))).toEqual(state);
    expect(searchStateFromQuery(new URLSearchParams("search=1&active=yes"))?.activelyInvesting).toBe(false);
    expect(toSearchRequest(state)).toEqual({ activelyInvesting: true });
    expect(usesAdvancedFilters(state)).toBe(true);
    expect(basicPart(state).activelyInvesting).toBe(false);
    const [chip] = filterChips(state);
    expect(chip).toMatchObject({ key: "active", label: "Actively investing", without: EMPTY_SEARCH });
    expect(searchStateFromRequest({ activelyInvesting: true })).toEqual(state);
  });
});

describe("a search written by hand (issue 38)", () => {
  it("is a search with the basic filters alone, without search=1", async () => {
    const { isSearchQuery, searchStateFromQuery } = await import("./search-params.js");
    expect(isSearchQuery(new URLSearchParams("country=Germany&stage=seed&industry=fintech"))).toBe(true);
    expect(isSearchQuery(new URLSearchParams("utm_source=x"))).toBe(false);
    expect(searchStateFromQuery(new URLSearchParams("stage=seed"))?.stages).toEqual(["seed"]);
  });

  it("names each value it left out, and not the form's empty 'Any'", async () => {
    const { searchQueryProblems } = await import("./search-params.js");
    expect(searchQueryProblems(new URLSearchParams("search=1&country=&stage=&industry="))).toEqual([]);
    expect(searchQueryProblems(new URLSearchParams("stage=sead&industry=crypto&raise=lots&sort=random"))).toEqual([
      "“sead” is not a funding stage FundMatch knows; it was left out of the search.",
      "“crypto” is not an industry FundMatch knows; it was left out of the search.",
      "“lots” is not an amount in US dollars; it was left out of the search.",
      "“random” is not a way to sort the results; they are sorted by relevance.",
    ]);
    expect(searchQueryProblems(new URLSearchParams("stage=sead"))).toHaveLength(1);
    expect(searchQueryProblems(new URLSearchParams("x=1&stage=sead&search"))).toHaveLength(1);
    expect(searchQueryProblems(new URLSearchParams("q=anything"))).toEqual([]);
  });
});
