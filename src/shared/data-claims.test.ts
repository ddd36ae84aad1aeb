import { describe, expect, expectTypeOf, it } from "vitest";
import {
  anyFundHas,
  coverageText,
  type DataCounts,
  factSourcesText,
  fundsCountText,
  premiumCoverageText,
  premiumHoldings,
  sourcedFactsSignal,
} from "./data-claims.js";
import type { FundStats } from "./schemas/admin-data.js";

const counts: DataCounts = {
  totalFunds: 1204,
  countries: 38,
  withFact: {
    fundSize: 812,
    chequeRange: 402,
    portfolio: 96,
    website: 1010,
    leadsRounds: 300,
    linkedin: 0,
    fundManager: 0,
    sectorAgnostic: 12,
  },
  facts: { known: 3000, sourcedAndDated: 1345, withOwnDate: 900 },
  statedStatus: 7,
};

describe("claims about the data", () => {
  it("say the counts as they are, and nothing without them", () => {
    expect(fundsCountText(counts)).toBe("1,204 funds");
    expect(fundsCountText(undefined)).toBeUndefined();
    expect(coverageText(counts)).toBe("812 have a fund size, 402 a cheque range, 96 a portfolio and 1,010 a website");
  });

  it("read the API's counts under the same shape", () => {
    expectTypeOf<FundStats>().toEqualTypeOf<DataCounts>();
  });

  it("leave out of the Premium pitch a detail no fund has", () => {
    expect(premiumCoverageText(counts)).toBe(
      "Of our 1,204 funds, Premium shows websites for 1,010 funds, cheque ranges for 402 funds, whether they lead rounds for 300 funds and portfolios for 96 funds.",
    );
    expect(premiumHoldings(counts)).toEqual([
      "Websites for 1,010 funds",
      "Cheque ranges for 402 funds",
      "Whether they lead rounds for 300 funds",
      "Portfolios for 96 funds",
    ]);
    expect(anyFundHas(counts, "linkedin")).toBe(false);
    expect(anyFundHas(counts, "website")).toBe(true);
    expect(anyFundHas(undefined, "linkedin")).toBe(true);
    const none = {
      ...counts,
      withFact: { ...counts.withFact, website: 0, chequeRange: 0, portfolio: 0, leadsRounds: 0 },
    };
    expect(premiumCoverageText(none)).toBe("Premium shows every match of our 1,204 funds.");
  });

  it("say how many facts name a public source and a date, and that the others do not", () => {
    expect(factSourcesText(counts)).toBe(
      "Of the 3,000 facts we show, 1,345 name a public source and a date (the fact's own for 900, else the day the source was read). The other 1,655 come from FundMatch's curated list, a fund's own team or our editors, with no public source yet, and say so.",
    );
    expect(factSourcesText(undefined)).toBeUndefined();
    expect(factSourcesText({ ...counts, facts: { known: 10, sourcedAndDated: 10, withOwnDate: 4 } })).toBe(
      "Of the 10 facts we show, 10 name a public source and a date (the fact's own for 4, else the day the source was read).",
    );
  });

  it("count the hero's sourced facts, and claim nothing without them", () => {
    expect(sourcedFactsSignal(counts)).toBe("1,345 facts sourced and dated");
    expect(sourcedFactsSignal(undefined)).toBeUndefined();
    expect(sourcedFactsSignal({ ...counts, facts: { known: 5, sourcedAndDated: 0, withOwnDate: 0 } })).toBeUndefined();
  });
});
