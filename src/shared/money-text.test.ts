import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { USD_PER_UNIT } from "./currency-rates.js";
import { parseAmountText, parseMoney, toUsd } from "./money-text.js";

describe("cheque ranges as investor lists write them", () => {
  it.each([
    ["$5,000,000 - $15M", 5_000_000, 15_000_000, "USD"],
    ["€500k–€2m", 500_000, 2_000_000, "EUR"],
    ["up to $1M", null, 1_000_000, "USD"],
    ["1-3 Mio. €", 1_000_000, 3_000_000, "EUR"],
    ["$500K-$2M", 500_000, 2_000_000, "USD"],
    ["USD 1–3M", 1_000_000, 3_000_000, "USD"],
    ["€1.5m", 1_500_000, 1_500_000, "EUR"],
    ["£250k to £1m", 250_000, 1_000_000, "GBP"],
    ["from $100k", 100_000, null, "USD"],
    ["$1M+", 1_000_000, null, "USD"],
    ["2 Mrd", 2_000_000_000, 2_000_000_000, null],
    ["₹5 Cr", 50_000_000, 50_000_000, "INR"],
    ["50 lakh INR", 5_000_000, 5_000_000, "INR"],
    ["1-3M", 1_000_000, 3_000_000, null],
    ["500-2M", 500_000, 2_000_000, null],
    ["CHF 2 Mio.", 2_000_000, 2_000_000, "CHF"],
    ["€ 250.000 - 1 Mio.", 250_000, 1_000_000, "EUR"],
    ["$25K–$100K", 25_000, 100_000, "USD"],
    ["2.5 million USD", 2_500_000, 2_500_000, "USD"],
    ["SEK 5-20 mln", 5_000_000, 20_000_000, "SEK"],
  ])("reads '%s' as %o to %o in %s", (text, min, max, currency) => {
    expect(parseMoney(text)).toEqual({ min, max, currency });
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "n/a", "varies", "$1M - $2M - $3M", "€5M in $"]) expect(parseMoney(text)).toBeNull();
  });

  it("reads a word that names one of an object's members as no unit, not as a multiplier", () => {
    for (const text of ["5 constructor", "5 tostring", "5 valueof", "5 hasownproperty", "1-3 constructor"]) {
      expect(parseMoney(text)).toBeNull();
    }
  });

  it("never puts the minimum above the maximum by a unit slip, whatever units the two ends give", () => {
    const units = ["", "K", "k", "M", "m", "MM", "Mio.", "B", "bn"];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom(...units),
        fc.constantFrom(...units),
        fc.constantFrom("$", "€", "£", ""),
        fc.constantFrom("-", "–", " to ", " - "),
        (low, high, lowUnit, highUnit, symbol, dash) => {
          const parsed = parseMoney(`${symbol}${low}${lowUnit}${dash}${symbol}${high}${highUnit}`);
          expect(parsed).not.toBeNull();
          const { min, max } = parsed as { min: number; max: number };
          // A range whose ends both carry a unit is read as written; one whose left end has none
          // never comes out in the wrong order because of the right end's unit.
          if (lowUnit === "" && min > max) expect(min).toBe(low);
        },
      ),
    );
  });

  it("reads a range with one unit on the right as that unit on both ends ('1-3M' is 1M to 3M)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(["K", 1e3], ["M", 1e6], ["bn", 1e9]),
        (a, b, [unit, multiplier]) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(parseMoney(`${low}-${high}${unit}`)).toEqual({
            min: low * (multiplier as number),
            max: high * (multiplier as number),
            currency: null,
          });
        },
      ),
    );
  });

  it("reads a whole amount and a thousands-separated one alike", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 999_999_999 }), (amount) => {
        const grouped = amount.toLocaleString("en-US");
        expect(parseMoney(`$${grouped}`)).toEqual({ min: amount, max: amount, currency: "USD" });
        expect(parseMoney(`${amount} USD`)).toEqual({ min: amount, max: amount, currency: "USD" });
      }),
    );
  });

  it("converts other currencies to USD at the product's reference rates", () => {
    expect(toUsd(1_000_000, "EUR")).toBe(Math.round(1_000_000 * (USD_PER_UNIT.EUR as number)));
    expect(toUsd(1_000_000, null)).toBe(1_000_000);
    expect(toUsd(50_000_000, "INR")).toBe(Math.round(50_000_000 * (USD_PER_UNIT.INR as number)));
    expect(toUsd(1, "XYZ")).toBeNull();
  });
});

describe("one amount as a founder types it", () => {
  it("reads the usual forms, with the currency when the text names one", () => {
    expect(parseAmountText("1.5M")).toEqual({ amount: 1_500_000, currency: null });
    expect(parseAmountText("250k")).toEqual({ amount: 250_000, currency: null });
    expect(parseAmountText("€3m")).toEqual({ amount: 3_000_000, currency: "EUR" });
    expect(parseAmountText("250k GBP")).toEqual({ amount: 250_000, currency: "GBP" });
    expect(parseAmountText("$2,500,000")).toEqual({ amount: 2_500_000, currency: "USD" });
    expect(parseAmountText("₹5 Cr")).toEqual({ amount: 50_000_000, currency: "INR" });
  });

  it("says nothing for an empty field and refuses what is not one amount", () => {
    expect(parseAmountText("   ")).toBeUndefined();
    for (const text of ["lots", "-5", "+5", "1-3M", "up to 2M", "€1M-$2M", "5M+"]) {
      expect(parseAmountText(text), text).toBeNull();
    }
  });

  it("reads an amount with a unit in every currency the product converts, by its code or sign", () => {
    const signs: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", INR: "₹" };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom(["k", 1e3], ["K", 1e3], ["m", 1e6], ["M", 1e6], ["bn", 1e9], ["", 1]),
        fc.constantFrom(...Object.keys(USD_PER_UNIT)),
        fc.boolean(),
        (whole, tenth, [unit, multiplier], code, bySign) => {
          const number = tenth === 0 ? `${whole}` : `${whole}.${tenth}`;
          const sign = signs[code];
          const text = bySign && sign ? `${sign}${number}${unit}` : `${number}${unit} ${code}`;
          const read = parseAmountText(text);
          expect(read?.currency, text).toBe(code);
          expect(read?.amount, text).toBeCloseTo((whole + tenth / 10) * (multiplier as number), 3);
        },
      ),
    );
  });

  it("never throws, and what it reads is a finite amount of zero or more", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = parseAmountText(text);
        if (read) expect(Number.isFinite(read.amount) && read.amount >= 0).toBe(true);
      }),
    );
  });
});
