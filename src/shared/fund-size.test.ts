import { describe, expect, it } from "vitest";
import { formatCompactAmount, formatFundSize } from "./fund-size.js";

describe("formatCompactAmount", () => {
  it("shows amounts under 1000 whole", () => {
    expect(formatCompactAmount(0)).toBe("0");
    expect(formatCompactAmount(7)).toBe("7");
    expect(formatCompactAmount(999)).toBe("999");
    expect(formatCompactAmount(250.4)).toBe("250");
    expect(formatCompactAmount(250.6)).toBe("251");
  });

  it("abbreviates with K, M, B and T", () => {
    expect(formatCompactAmount(1_000)).toBe("1K");
    expect(formatCompactAmount(2_000_000)).toBe("2M");
    expect(formatCompactAmount(3_000_000_000)).toBe("3B");
    expect(formatCompactAmount(4_000_000_000_000)).toBe("4T");
  });

  it("keeps one decimal below 100 of a unit", () => {
    expect(formatCompactAmount(1_500)).toBe("1.5K");
    expect(formatCompactAmount(12_340_000)).toBe("12.3M");
    expect(formatCompactAmount(99_940_000)).toBe("99.9M");
    expect(formatCompactAmount(1_050_000_000)).toBe("1.1B");
  });

  it("rounds to a whole number at 100 or more of a unit", () => {
    expect(formatCompactAmount(100_000)).toBe("100K");
    expect(formatCompactAmount(150_400_000)).toBe("150M");
    expect(formatCompactAmount(999_400)).toBe("999K");
  });

  it("moves to the next unit when rounding reaches 1000", () => {
    expect(formatCompactAmount(999_600)).toBe("1M");
    expect(formatCompactAmount(999.7)).toBe("1K");
    expect(formatCompactAmount(99_960)).toBe("100K");
  });

  it("stops at T for larger amounts", () => {
    expect(formatCompactAmount(5_000_000_000_000_000)).toBe("5000T");
  });
});

describe("formatFundSize", () => {
  it("uses the symbols of the 15 listed currencies", () => {
    const cases: Array<[string, string]> = [
      ["USD", "$1.5B"],
      ["EUR", "€1.5B"],
      ["GBP", "£1.5B"],
      ["JPY", "¥1.5B"],
      ["CAD", "C$1.5B"],
      ["AUD", "A$1.5B"],
      ["CHF", "CHF 1.5B"],
      ["CNY", "CN¥1.5B"],
      ["INR", "₹1.5B"],
      ["KRW", "₩1.5B"],
      ["SGD", "S$1.5B"],
      ["HKD", "HK$1.5B"],
      ["SEK", "SEK 1.5B"],
      ["NOK", "NOK 1.5B"],
      ["DKK", "DKK 1.5B"],
    ];
    for (const [currency, expected] of cases) expect(formatFundSize(1_500_000_000, currency)).toBe(expected);
  });

  it("puts other currency codes after the amount", () => {
    expect(formatFundSize(12_000_000_000, "ISK")).toBe("12B ISK");
    expect(formatFundSize(800_000_000, "zar")).toBe("800M ZAR");
  });

  it("shows 'Not disclosed' when the size is missing", () => {
    expect(formatFundSize(null, "USD")).toBe("Not disclosed");
    expect(formatFundSize(undefined, null)).toBe("Not disclosed");
    expect(formatFundSize(Number.NaN, "USD")).toBe("Not disclosed");
  });

  it("shows a bare amount without a currency", () => {
    expect(formatFundSize(2_500_000, null)).toBe("2.5M");
  });
});
