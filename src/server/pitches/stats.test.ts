import { describe, expect, it } from "vitest";
import { pitchStatsText } from "../../shared/pitches.js";
import { computePitchStats, median, statsWindowStart } from "./stats.js";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 24 * 60 * 60 * 1000);

describe("the answer record", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });

  it("counts received and answered pitches with the median days, from 5 pitches received only", () => {
    const four = Array.from({ length: 4 }, (_, index) => ({
      fundId: 1,
      sentAt: day(index),
      answeredAt: day(index + 2),
    }));
    const five = [
      ...[2, 6, 6, 10].map((days, index) => ({ fundId: 2, sentAt: day(index), answeredAt: day(index + days) })),
      { fundId: 2, sentAt: day(9), answeredAt: null },
    ];
    expect(computePitchStats([...four, ...five])).toEqual([
      { fundId: 2, received: 5, answered: 4, medianDaysToAnswer: 6 },
    ]);
  });

  it("has no median before any answer, and rounds it to one decimal", () => {
    const unanswered = Array.from({ length: 5 }, (_, index) => ({ fundId: 3, sentAt: day(index), answeredAt: null }));
    expect(computePitchStats(unanswered)).toEqual([{ fundId: 3, received: 5, answered: 0, medianDaysToAnswer: null }]);
    const quick = Array.from({ length: 5 }, (_, index) => ({
      fundId: 4,
      sentAt: day(index),
      answeredAt: new Date(day(index).getTime() + 8 * 60 * 60 * 1000),
    }));
    expect(computePitchStats(quick)[0]?.medianDaysToAnswer).toBe(0.3);
  });

  it("reads as the issue words it", () => {
    expect(pitchStatsText({ received: 10, answered: 8, medianDaysToAnswer: 6 })).toBe(
      "Answered 8 of 10 pitches, in 6 days (median)",
    );
    expect(pitchStatsText({ received: 5, answered: 0, medianDaysToAnswer: null })).toBe("Answered 0 of 5 pitches");
    expect(pitchStatsText({ received: 6, answered: 3, medianDaysToAnswer: 1 })).toBe(
      "Answered 3 of 6 pitches, in 1 day (median)",
    );
    expect(pitchStatsText({ received: 6, answered: 3, medianDaysToAnswer: 0.3 })).toBe(
      "Answered 3 of 6 pitches, in 0.3 days (median)",
    );
  });

  it("looks back 12 months", () => {
    expect(statsWindowStart(new Date("2026-12-07T10:00:00Z")).toISOString()).toBe("2025-12-07T10:00:00.000Z");
  });
});
