import { describe, expect, it } from "vitest";
import { ACTIVELY_INVESTING_FILTER_HINT, activelyInvestingHint } from "./fund-signals.js";

describe("the actively-investing switch's hint", () => {
  it("says how many funds stated a status, that it is off when none has, and only the hint without a count", () => {
    expect(activelyInvestingHint(undefined)).toBe(ACTIVELY_INVESTING_FILTER_HINT);
    expect(activelyInvestingHint(0)).toBe("No fund has said yet whether it is investing, so this filter is off.");
    expect(activelyInvestingHint(1)).toBe(
      "1 fund has said whether it is investing; the others are hidden while this is on.",
    );
    expect(activelyInvestingHint(1204)).toBe(
      "1,204 funds have said whether they are investing; the others are hidden while this is on.",
    );
  });
});
