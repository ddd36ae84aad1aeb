import { describe, expect, it } from "vitest";
import { chequeRangeInOneCurrency } from "./money-range.js";

describe("a cheque range in one currency", () => {
  it("shows a range stated in one currency as stated, converting nothing", () => {
    const shown = chequeRangeInOneCurrency(
      { amount: 100_000, currency: "EUR", usd: 110_000 },
      { amount: 1_000_000, currency: "EUR", usd: 1_100_000 },
      "USD",
    );
    expect(shown).toMatchObject({ text: "€100K – €1M", currency: "EUR", converted: [], title: undefined });
  });

  it("shows a range stated in two currencies in the fund's, each converted end's original on hover", () => {
    const shown = chequeRangeInOneCurrency(
      { amount: 100_000, currency: "EUR", usd: 110_000 },
      { amount: 2_200_000, currency: "USD", usd: 2_200_000 },
      "EUR",
    );
    // 2.2M USD at 1.1 USD per EUR is 2M EUR; the euro end stays as stated.
    expect(shown.text).toBe("€100K – €2M");
    expect(shown.currency).toBe("EUR");
    expect(shown.converted).toEqual(["maximum stated as $2.2M"]);
    expect(shown.title).toBe("maximum stated as $2.2M; converted to EUR at the rate of mid-2025");
  });

  it("falls back to dollars when the fund has no currency, and reads a stored dollar end as stated in dollars", () => {
    const shown = chequeRangeInOneCurrency(
      { amount: 100_000, currency: "GBP", usd: 130_000 },
      { amount: null, currency: null, usd: 500_000 },
      null,
    );
    expect(shown.text).toBe("$130K – $500K");
    expect(shown.title).toBe("minimum stated as £100K; converted to USD at the rate of mid-2025");
  });

  it("says 'From' and 'Up to' for one known end, and null for none", () => {
    expect(
      chequeRangeInOneCurrency(
        { amount: 50_000, currency: "EUR", usd: 55_000 },
        { amount: null, currency: null, usd: null },
        "EUR",
      ).text,
    ).toBe("From €50K");
    expect(
      chequeRangeInOneCurrency(
        { amount: null, currency: null, usd: null },
        { amount: null, currency: null, usd: 2e6 },
        null,
      ).text,
    ).toBe("Up to $2M");
    expect(
      chequeRangeInOneCurrency(
        { amount: null, currency: null, usd: null },
        { amount: null, currency: null, usd: undefined },
        "EUR",
      ).text,
    ).toBeNull();
  });
});
