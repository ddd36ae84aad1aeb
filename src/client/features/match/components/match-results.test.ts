import { describe, expect, it } from "vitest";
import { TOP_PICKS, topPicksToSave } from "./match-results.js";

describe("adding the top picks to the pipeline", () => {
  it("saves the picks not saved yet, the last first, so the newest-first board reads in the shortlist's order", () => {
    const results = Array.from({ length: 14 }, (_, index) => ({ id: index + 1 }));
    const order = topPicksToSave(results, new Set([3, 12]));
    expect(order.map((fund) => fund.id)).toEqual([10, 9, 8, 7, 6, 5, 4, 2, 1]);
    // The board lists the most recently saved first: saved in this order, it reads 1, 2, 4, … 10.
    expect([...order].reverse().map((fund) => fund.id)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
    expect(order.length).toBeLessThanOrEqual(TOP_PICKS);
  });
});
