import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comfortableRoundLed, estimatedChequeText, largestRoundLed, roundRole, usualFirstCheque } from "./lead-rule.js";

describe("the lead rule", () => {
  it("matches the blog's first cheque of 1% to 3% of the fund", () => {
    expect(usualFirstCheque(50_000_000)).toEqual({ low: 500_000, high: 1_500_000 });
  });

  it("leads rounds up to 10% of the fund, comfortably up to 4%", () => {
    expect(largestRoundLed(100_000_000)).toBeCloseTo(10_000_000);
    expect(comfortableRoundLed(100_000_000)).toBeCloseTo(4_000_000);
    expect(roundRole(100_000_000, 3_000_000)).toEqual({ role: "can_lead", comfortably: true });
    expect(roundRole(100_000_000, 8_000_000)).toEqual({ role: "can_lead", comfortably: false });
  });

  it("says a €28M-sized fund joins a $3.3M round rather than leading it", () => {
    // 28M EUR is about 30M USD: its largest usual cheque (~$0.9M) is under 30% of $3.3M.
    expect(roundRole(30_000_000, 3_300_000)).toEqual({ role: "can_join", chequeUpTo: 900_000 });
  });

  it("calls a $1M round too small for a $2B fund", () => {
    expect(roundRole(2_000_000_000, 1_000_000)).toEqual({ role: "too_small" });
    expect(roundRole(2_000_000_000, 50_000_000).role).toBe("can_lead");
  });

  it("never says a fund leads a round it cannot, nor joins one it could lead", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000, max: 20_000_000_000 }),
        fc.integer({ min: 10_000, max: 2_000_000_000 }),
        (fund, raise) => {
          const role = roundRole(fund, raise);
          if (role.role === "can_lead") expect(raise).toBeLessThanOrEqual(largestRoundLed(fund));
          if (role.role === "can_join") {
            expect(raise).toBeGreaterThan(largestRoundLed(fund));
            expect(role.chequeUpTo).toBeLessThanOrEqual(raise);
          }
        },
      ),
    );
  });
});

describe("the estimate a fund page shows", () => {
  it("is 1–3% of the fund, labelled as an estimate", () => {
    expect(estimatedChequeText(60_000_000)).toBe(
      "Estimate: about $600K–$1.8M by its fund's size (a first cheque is usually 1–3% of a fund)",
    );
  });
});
