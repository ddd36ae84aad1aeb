import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count.js";

describe("formatCount", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    const values = [
      0,
      7,
      42,
      999,
      1000,
      1001,
      12_345,
      100_000,
      999_999,
      1_000_000,
      123_456_789,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const value of values) expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
  });

  it("leaves fractions and negative numbers to Intl", () => {
    for (const value of [-1234, 1234.5, 0.25]) expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
  });
});
