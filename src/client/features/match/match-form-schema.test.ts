import { describe, expect, it } from "vitest";
import {
  AMOUNT_MESSAGE,
  amountText,
  EMPTY_MATCH_FORM,
  EMPTY_PROFILE_MESSAGE,
  formValuesFromProfile,
  matchFormResolver,
  profileFromValues,
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
