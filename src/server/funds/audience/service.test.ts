import { describe, expect, it } from "vitest";
import { monthOf } from "./recorder.js";
import { lastMonths } from "./service.js";

describe("the audience's months", () => {
  it("counts back twelve calendar months in UTC, across a year's turn, this month first", () => {
    const months = lastMonths(new Date("2026-02-28T23:30:00Z"), 12);
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(["2026-02", "2026-01", "2025-12"]);
    expect(months.at(-1)).toBe("2025-03");
  });

  it("keys a count by the first day of its UTC month", () => {
    expect(monthOf(new Date("2026-11-30T23:59:59Z"))).toBe("2026-11-01");
    expect(monthOf(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12-01");
  });
});
