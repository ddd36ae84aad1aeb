import { describe, expect, expectTypeOf, it } from "vitest";
import { coverageText, type DataCounts, fundsCountText, premiumCoverageText } from "./data-claims.js";
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
      "Of our 1,204 funds, Premium shows the website of 1,010, the cheque range of 402 and the portfolio of 96.",
    );
    const none = { ...counts, withFact: { ...counts.withFact, website: 0, chequeRange: 0, portfolio: 0 } };
    expect(premiumCoverageText(none)).toBe("Premium shows every match of our 1,204 funds.");
  });
});
