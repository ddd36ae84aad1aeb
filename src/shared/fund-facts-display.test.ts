import { describe, expect, it } from "vitest";
import { isOldFundSize } from "./fact-age.js";
import {
  factDateText,
  factPublication,
  factSourceText,
  NOT_DISCLOSED,
  oldFundSizeLabel,
  unsourcedFactText,
} from "./fund-facts.js";
import { formatFundSize } from "./fund-size.js";

const fact = {
  sourceName: "techcrunch.com",
  sourceUrl: "https://www.techcrunch.com/2024/03/01/fund-iii",
  asOf: "2024-03",
  retrievedOn: "2026-12-07",
  kind: "stated",
};

describe("how a fact's source reads", () => {
  it("names the publication by its host, never a bare 'source'", () => {
    expect(factPublication(fact)).toBe("techcrunch.com");
    expect(factPublication({ sourceName: "www.Sifted.eu", sourceUrl: null })).toBe("Sifted.eu");
    expect(factPublication({ sourceName: "Annual report", sourceUrl: "not a url" })).toBe("Annual report");
  });

  it("dates a fact by its own date, with its kind and vehicle when known", () => {
    expect(factSourceText(fact)).toBe("techcrunch.com · Mar 2024");
    expect(factDateText({ ...fact, kind: "final_close" })).toBe("final close Mar 2024");
    expect(factDateText({ ...fact, kind: "final_close" }, "Fund III")).toBe("Fund III, final close Mar 2024");
    expect(factDateText({ ...fact, kind: "typical" })).toBe("Mar 2024");
  });

  it("falls back to the day the source was read, then to the day it was recorded", () => {
    expect(factSourceText({ ...fact, asOf: null })).toBe("techcrunch.com · source read 7 Dec 2026");
    expect(factDateText({ ...fact, asOf: null, retrievedOn: null, recordedOn: "2026-11-02" })).toBe(
      "recorded 2 Nov 2026",
    );
    expect(factSourceText({ ...fact, asOf: null, retrievedOn: null })).toBe("techcrunch.com");
  });

  it("says a curated fact has no public source, with the month the list stated it", () => {
    expect(unsourcedFactText({ source: "curated", curatedOn: "2026-11-21" })).toBe(
      "from FundMatch's curated list, Nov 2026; no public source yet",
    );
    expect(unsourcedFactText({ source: "curated", curatedOn: null })).toBe(
      "from FundMatch's curated list; no public source yet",
    );
    expect(unsourcedFactText({ source: "walk-update.csv", curatedOn: null })).toBe("no public source yet");
  });

  it("has one wording for an unknown fact", () => {
    expect(NOT_DISCLOSED).toBe("Not disclosed");
    expect(formatFundSize(null, "EUR")).toBe(NOT_DISCLOSED);
  });
});

describe("old fund sizes", () => {
  const today = new Date("2026-12-07T12:00:00Z");

  it("labels a size more than six years old as an older fund's, by the rule the match counts by", () => {
    expect(oldFundSizeLabel("2011", today)).toBe("older fund (2011)");
    expect(oldFundSizeLabel("2011-05", today)).toBe("older fund (2011)");
    expect(oldFundSizeLabel("2020-11", today)).toBe("older fund (2020)");
    expect(oldFundSizeLabel("2020-12", today)).toBeUndefined();
    expect(oldFundSizeLabel("2024-03", today)).toBeUndefined();
    // The same answer as fact-age.ts's rule, for every month of two decades.
    for (let year = 2005; year <= 2026; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        const asOf = `${year}-${String(month).padStart(2, "0")}`;
        expect(oldFundSizeLabel(asOf, today) !== undefined, asOf).toBe(isOldFundSize(asOf, today));
      }
    }
  });

  it("never calls an undated size old", () => {
    expect(oldFundSizeLabel(null, today)).toBeUndefined();
    expect(oldFundSizeLabel("soon", today)).toBeUndefined();
    expect(oldFundSizeLabel(undefined, today)).toBeUndefined();
  });
});
