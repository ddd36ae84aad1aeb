import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageCutoff, factDay, factYear, isOldFundSize, OLD_FUND_SIZE_YEARS, olderFundText } from "./fact-age.js";

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

describe("a fact's age on the data page", () => {
  it("dates a fact by its own date from the period's first day, else by the day its source was read", () => {
    expect(factDay({ asOf: "2019", retrievedOn: "2026-12-07" })).toBe("2019-01-01");
    expect(factDay({ asOf: "2019-03", retrievedOn: null })).toBe("2019-03-01");
    expect(factDay({ asOf: "2019-03-15", retrievedOn: null })).toBe("2019-03-15");
    expect(factDay({ asOf: null, retrievedOn: "2026-11-27" })).toBe("2026-11-27");
    expect(factDay({ asOf: null, retrievedOn: null })).toBeNull();
  });

  it("counts years back from the first of today's month", () => {
    expect(ageCutoff(new Date("2026-12-07T12:00:00Z"), 6)).toBe("2020-12-01");
    expect(ageCutoff(new Date("2024-02-29T00:00:00Z"), 1)).toBe("2023-02-01");
  });

  it("calls a fund size old exactly when its day is before the six-year cutoff, as the SQL counts it", () => {
    const asOf = fc.oneof(
      fc.integer({ min: 1990, max: 2035 }).map(String),
      fc
        .tuple(fc.integer({ min: 1990, max: 2035 }), fc.integer({ min: 1, max: 12 }))
        .map(([year, month]) => `${year}-${String(month).padStart(2, "0")}`),
      fc
        .tuple(fc.integer({ min: 1990, max: 2035 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
        .map(([year, month, day]) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`),
    );
    const today = fc.date({ min: new Date("2000-01-01"), max: new Date("2040-01-01"), noInvalidDate: true });
    fc.assert(
      fc.property(asOf, today, (date, now) => {
        const day = factDay({ asOf: date, retrievedOn: null }) as string;
        expect(isOldFundSize(date, now), `${date} on ${now.toISOString()}`).toBe(
          day < ageCutoff(now, OLD_FUND_SIZE_YEARS),
        );
      }),
    );
  });
});
