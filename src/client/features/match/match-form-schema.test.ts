import { describe, expect, it } from "vitest";
import { CONVERTED_CURRENCIES, USD_PER_UNIT } from "../../../shared/currency-rates.js";
import { fundMatchRequestSchema } from "../../../shared/schemas/match.js";
import {
  AMOUNT_MESSAGE,
  amountText,
  convertedHint,
  EMPTY_MATCH_FORM,
  EMPTY_PROFILE_MESSAGE,
  formValuesFromProfile,
  matchFormResolver,
  matchRequestFromValues,
  profileFromValues,
  queryOfValues,
  usdOfAmount,
  valuesOfQuery,
} from "./match-form-schema.js";

const resolve = (values: Partial<typeof EMPTY_MATCH_FORM>) =>
  matchFormResolver({ ...EMPTY_MATCH_FORM, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe("the match form", () => {
  it("sends only what the founder gave, amounts parsed, needsLead only when on", () => {
    expect(
      profileFromValues({
        ...EMPTY_MATCH_FORM,
        stage: "seed",
        sectors: ["fintech"],
        raise: "$2M",
        roundTarget: "",
        description: "  Payments API  ",
      }),
    ).toEqual({ stage: "seed", sectors: ["fintech"], raiseAmountUsd: 2_000_000, description: "Payments API" });
    expect(profileFromValues({ ...EMPTY_MATCH_FORM, needsLead: true, country: "France" })).toEqual({
      needsLead: true,
      country: "France",
    });
  });

  it("shows saved amounts the way a founder types them", () => {
    expect(amountText(2_000_000)).toBe("$2M");
    expect(amountText(1_500_000)).toBe("$1.5M");
    expect(amountText(750_000)).toBe("$750K");
    expect(amountText(null)).toBe("");
  });

  it("prefills from a saved profile and round-trips it", () => {
    const values = formValuesFromProfile({
      stage: "series_a",
      sectors: ["ai_ml", "fintech"],
      country: "Germany",
      raiseAmountUsd: 5_000_000,
      needsLead: true,
      description: "Fraud models for banks",
      roundTargetUsd: 8_000_000,
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(profileFromValues(values)).toEqual({
      stage: "series_a",
      sectors: ["ai_ml", "fintech"],
      country: "Germany",
      raiseAmountUsd: 5_000_000,
      needsLead: true,
      description: "Fraud models for banks",
      roundTargetUsd: 8_000_000,
    });
  });

  it("refuses an empty profile, and amounts that are not amounts, at their fields", async () => {
    expect((await resolve({})).errors.root?.message).toBe(EMPTY_PROFILE_MESSAGE);
    const result = await resolve({ stage: "seed", raise: "a lot", roundTarget: "-3" });
    expect(result.errors.raise?.message).toBe(AMOUNT_MESSAGE);
    expect(result.errors.roundTarget?.message).toBe(AMOUNT_MESSAGE);
    expect((await resolve({ stage: "seed", raise: "2m" })).errors).toEqual({});
  });
});

describe("amounts in the founder's currency", () => {
  it("reads the raise in the chosen currency, or the one its text names, and sends US dollars", () => {
    expect(usdOfAmount("3m", "EUR")).toBe(Math.round(3_000_000 * (USD_PER_UNIT.EUR as number)));
    expect(usdOfAmount("€3m", "USD")).toBe(Math.round(3_000_000 * (USD_PER_UNIT.EUR as number)));
    expect(usdOfAmount("250k", "GBP")).toBe(Math.round(250_000 * (USD_PER_UNIT.GBP as number)));
    expect(usdOfAmount("₹5 Cr", "USD")).toBe(Math.round(50_000_000 * (USD_PER_UNIT.INR as number)));
    expect(usdOfAmount("1.5M", "USD")).toBe(1_500_000);
    expect(usdOfAmount("", "EUR")).toBeUndefined();
    expect(usdOfAmount("lots", "EUR")).toBeNull();
    expect(
      profileFromValues({ ...EMPTY_MATCH_FORM, stage: "seed", raise: "3m", roundTarget: "5m", currency: "EUR" }),
    ).toEqual({
      stage: "seed",
      raiseAmountUsd: Math.round(3_000_000 * (USD_PER_UNIT.EUR as number)),
      roundTargetUsd: Math.round(5_000_000 * (USD_PER_UNIT.EUR as number)),
    });
  });

  it("shows the converted amount under the field, and the field's own hint for US dollars", () => {
    expect(convertedHint("€3m", "USD", "hint")).toBe("About $3.3M in US dollars, at our fixed rate for EUR.");
    expect(convertedHint("2M", "GBP", "hint")).toBe("About $2.6M in US dollars, at our fixed rate for GBP.");
    expect(convertedHint("2M", "USD", "hint")).toBe("hint");
    expect(convertedHint("nonsense", "EUR", "hint")).toBe("hint");
  });

  it("accepts what every currency the product converts reads to, in the server's own schema", async () => {
    for (const currency of CONVERTED_CURRENCIES) {
      const result = await resolve({ stage: "seed", raise: "2M", currency });
      expect(result.errors, currency).toEqual({});
      expect(
        fundMatchRequestSchema.safeParse(profileFromValues({ ...EMPTY_MATCH_FORM, raise: "2M", currency })).success,
      ).toBe(true);
    }
  });

  it("keeps the URL's profile through the form and back", () => {
    const values = { ...EMPTY_MATCH_FORM, stage: "seed", raise: "€3m", currency: "EUR", needsLead: true };
    expect(valuesOfQuery(queryOfValues(values, 2))).toEqual(values);
  });

  it("leaves the actively-investing filter out for a viewer who may not use it", () => {
    const values = { ...EMPTY_MATCH_FORM, stage: "seed", activelyInvesting: true };
    expect(matchRequestFromValues(values, true)).toEqual({ stage: "seed", activelyInvesting: true });
    expect(matchRequestFromValues(values, false)).toEqual({ stage: "seed" });
  });
});
