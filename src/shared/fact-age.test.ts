import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { factDay, isOldFundSize, OLD_FACT_YEARS, yearsBefore } from "./fact-age.js";

describe("a fact's age", () => {
  it("dates a fact by its own date from the period's first day, else by the day its source was read", () => {
    expect(factDay({ asOf: "2019", retrievedOn: "2026-12-07" })).toBe("2019-01-01");
    expect(factDay({ asOf: "2019-03", retrievedOn: null })).toBe("2019-03-01");
    expect(factDay({ asOf: "2019-03-15", retrievedOn: null })).toBe("2019-03-15");
    expect(factDay({ asOf: null, retrievedOn: "2026-11-27" })).toBe("2026-11-27");
    expect(factDay({ asOf: null, retrievedOn: null })).toBeNull();
  });

  it("calls a fund size old only when its own date is more than six years before today", () => {
    expect(OLD_FACT_YEARS).toBe(6);
    expect(isOldFundSize("2020-12-07", "2026-12-07")).toBe(false);
    expect(isOldFundSize("2020-12-06", "2026-12-07")).toBe(true);
    expect(isOldFundSize("2020-12", "2026-12-07")).toBe(true);
    expect(isOldFundSize("2021", "2026-12-07")).toBe(false);
    expect(isOldFundSize("2011", "2026-12-07")).toBe(true);
    expect(isOldFundSize(null, "2026-12-07")).toBe(false);
  });

  it("counts years back by the calendar, the 29th of February to the 1st of March", () => {
    expect(yearsBefore("2026-12-07", 6)).toBe("2020-12-07");
    expect(yearsBefore("2024-02-29", 1)).toBe("2023-03-01");
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2090-01-01"), noInvalidDate: true }),
        (date) => {
          const today = date.toISOString().slice(0, 10);
          const back = yearsBefore(today, OLD_FACT_YEARS);
          expect(back < today).toBe(true);
          expect(Number(today.slice(0, 4)) - Number(back.slice(0, 4))).toBe(OLD_FACT_YEARS);
        },
      ),
    );
  });
});
