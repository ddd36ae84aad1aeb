import { describe, expect, it } from "vitest";
import { factYear, isOldFundSize, olderFundText } from "./fact-age.js";

describe("an older fund", () => {
  const today = new Date("2026-12-07T12:00:00Z");

  it("is a fund size dated more than 6 years back", () => {
    expect(isOldFundSize("2014-07", today)).toBe(true);
    expect(isOldFundSize("2020", today)).toBe(true);
    expect(isOldFundSize("2020-11", today)).toBe(true);
    expect(isOldFundSize("2020-12", today)).toBe(false);
    expect(isOldFundSize("2021", today)).toBe(false);
    expect(isOldFundSize("2024-03", today)).toBe(false);
  });

  it("is never an undated fact", () => {
    expect(isOldFundSize(null, today)).toBe(false);
    expect(isOldFundSize("", today)).toBe(false);
    expect(factYear(null)).toBeNull();
    expect(factYear("2011-05-03")).toBe(2011);
  });

  it("reads as 'older fund (2011)'", () => {
    expect(olderFundText(2011)).toBe("older fund (2011)");
  });
});
