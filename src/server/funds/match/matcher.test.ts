import { describe, expect, it } from "vitest";
import { largestRoundLed } from "../../../shared/lead-rule.js";
import type { FundRow } from "../../db/types.js";
import { placesText, raiseJudgement, sectorValue, stageValue } from "./matcher.js";
import {
  RAISE_UNKNOWN_VALUE,
  SECTOR_AGNOSTIC_VALUE,
  SECTOR_RELATED_VALUE,
  SECTORS_UNKNOWN_VALUE,
  UNKNOWN_VALUE,
} from "./weights.js";

const row = (fields: Partial<FundRow>): FundRow =>
  ({
    industryFocus: [],
    fundingStages: [],
    checkSizeMinUsd: null,
    checkSizeMaxUsd: null,
    portfolio: [],
    ...fields,
  }) as FundRow;

describe("the match's rules (ADR 0021)", () => {
  it("names each stated place once ('Invests in Europe', never 'Europe and Europe')", () => {
    expect(placesText(["Europe", "Europe"])).toBe("Europe");
    expect(placesText(["Kenya", "Nigeria", "Kenya"])).toBe("Kenya and Nigeria");
    expect(placesText(["Europe", "Israel", "India", "Egypt"])).toBe("Europe, Israel and India");
  });

  it("scores stages: a specialist, a wide fund, a neighbour, unknown, and excludes far ones", () => {
    expect(stageValue(["seed"], "seed")).toBe(1);
    // A multi-stage fund invests at each of its stages: a little below a one- or two-stage fund.
    expect(stageValue(["pre_seed", "seed", "series_a", "series_b", "series_c"], "seed")).toBe(0.9);
    expect(stageValue(["series_a"], "seed")).toBeLessThan(0.5);
    expect(stageValue([], "seed")).toBe(UNKNOWN_VALUE);
    expect(stageValue(["series_b"], "seed")).toBeUndefined();
    expect(stageValue(["growth"], "pre_seed")).toBeUndefined();
    // Late stage and growth are one band; "late stage" covers Series C too (PitchBook's split), growth does not.
    expect(stageValue(["late_stage"], "growth")).toBeGreaterThan(0.5);
    expect(stageValue(["late_stage", "growth"], "series_c")).toBe(0.9);
    expect(stageValue(["series_c"], "late_stage")).toBe(0.9);
    expect(stageValue(["growth"], "series_c")).toBeLessThan(0.5);
    expect(stageValue(["growth"], "series_a")).toBeUndefined();
  });

  it("puts a specialist above a sector-agnostic fund, above unknown industries, above none", () => {
    const specialist = sectorValue(
      { agnostic: false, row: row({ industryFocus: ["fintech", "saas", "ai_ml", "biotech", "space"] }) },
      ["fintech"],
    );
    const agnostic = sectorValue({ agnostic: true, row: row({ industryFocus: [] }) }, ["fintech"]);
    const unknown = sectorValue({ agnostic: false, row: row({ industryFocus: [] }) }, ["fintech"]);
    const elsewhere = sectorValue({ agnostic: false, row: row({ industryFocus: ["biotech"] }) }, ["fintech"]);
    expect(specialist).toBeGreaterThan(agnostic);
    expect(agnostic).toBe(SECTOR_AGNOSTIC_VALUE);
    expect(unknown).toBe(SECTORS_UNKNOWN_VALUE);
    expect(agnostic).toBeGreaterThan(unknown);
    expect(elsewhere).toBe(0);
  });

  it("reads a fund whose own words back technology startups as a generalist, not a specialist elsewhere (issue 37)", () => {
    const fund = { agnostic: false, row: row({ industryFocus: ["fintech", "saas", "marketplaces"] }) };
    // "Lagos-based seed investor backing technology startups across Africa", for a digital-health startup.
    expect(sectorValue(fund, ["digital_health"], "technology")).toBe(SECTOR_AGNOSTIC_VALUE);
    expect(sectorValue(fund, ["digital_health"], "all")).toBe(SECTOR_AGNOSTIC_VALUE);
    // Unread, the list is its focus: a mismatch.
    expect(sectorValue(fund, ["digital_health"])).toBe(0);
    // Drug development is not what "technology startups" means.
    expect(sectorValue(fund, ["therapeutics"], "technology")).toBe(0);
    // Its listed sectors still come first.
    expect(sectorValue(fund, ["fintech"], "technology")).toBeGreaterThan(SECTOR_AGNOSTIC_VALUE);
  });

  it("puts an exact sector above a neighbour of it, above a sector-agnostic fund (issue 37)", () => {
    const exact = sectorValue({ agnostic: false, row: row({ industryFocus: ["semiconductors", "ai_ml"] }) }, [
      "semiconductors",
    ]);
    const related = sectorValue({ agnostic: false, row: row({ industryFocus: ["deep_tech", "ai_ml"] }) }, [
      "semiconductors",
    ]);
    const agnostic = sectorValue({ agnostic: true, row: row({ industryFocus: [] }) }, ["semiconductors"]);
    const gaming = sectorValue({ agnostic: false, row: row({ industryFocus: ["gaming"] }) }, ["semiconductors"]);
    expect(exact).toBeGreaterThan(related);
    expect(related).toBeGreaterThanOrEqual(SECTOR_RELATED_VALUE);
    expect(related).toBeGreaterThan(agnostic);
    expect(gaming).toBe(0);
    // Named among two beats named among six.
    const amongSix = sectorValue(
      {
        agnostic: false,
        row: row({ industryFocus: ["semiconductors", "ai_ml", "saas", "fintech", "gaming", "space"] }),
      },
      ["semiconductors"],
    );
    expect(exact).toBeGreaterThan(amongSix);
  });

  it("judges the raise by the cheque range, else by the lead rule, else as unknown", () => {
    const covers = raiseJudgement(
      { row: row({ checkSizeMinUsd: 500_000, checkSizeMaxUsd: 2_000_000 }), fundSizeUsd: Number.NaN },
      1_000_000,
    );
    expect(covers).toMatchObject({ value: 1, fits: true, premium: true });
    const unknown = raiseJudgement({ row: row({}), fundSizeUsd: Number.NaN }, 10_000_000);
    expect(unknown).toMatchObject({ value: RAISE_UNKNOWN_VALUE, text: undefined });
    // Knowing more never loses: a cheque below the raise is a participation, never below unknown.
    const joins = raiseJudgement(
      { row: row({ checkSizeMinUsd: 500_000, checkSizeMaxUsd: 3_000_000 }), fundSizeUsd: Number.NaN },
      10_000_000,
    );
    expect(joins).toMatchObject({ fits: true, text: "Can join your $10M round with up to $3M" });
    expect(joins.value).toBeGreaterThan(unknown.value);
    const cannotLead = raiseJudgement(
      { row: row({ checkSizeMinUsd: 100_000, checkSizeMaxUsd: 500_000 }), fundSizeUsd: Number.NaN },
      10_000_000,
      true,
    );
    expect(cannotLead.value).toBeGreaterThanOrEqual(unknown.value);
    expect(cannotLead.text).toBe("Cheques up to $500K rarely lead a $10M round; it can join it");
    const canLead = raiseJudgement(
      { row: row({ checkSizeMinUsd: 500_000, checkSizeMaxUsd: 3_000_000 }), fundSizeUsd: Number.NaN },
      10_000_000,
      true,
    );
    expect(canLead).toMatchObject({ fits: true, text: "Cheques up to $3M can lead your $10M round" });
    // A minimum cheque above the whole raise is a real mismatch.
    const above = raiseJudgement(
      { row: row({ checkSizeMinUsd: 15_000_000, checkSizeMaxUsd: 50_000_000 }), fundSizeUsd: Number.NaN },
      1_000_000,
    );
    expect(above.value).toBeLessThan(unknown.value);
    // From the size, by the lead rule: up to 10% of the fund it leads; above it, it joins.
    expect(raiseJudgement({ row: row({}), fundSizeUsd: 40_000_000 }, largestRoundLed(40_000_000))).toMatchObject({
      fits: true,
      text: "A $40M fund can lead a $4M round",
    });
    expect(raiseJudgement({ row: row({}), fundSizeUsd: 30_000_000 }, 3_300_000, true)).toMatchObject({
      fits: false,
      text: "A $30M fund rarely leads a $3.3M round",
    });
    expect(raiseJudgement({ row: row({}), fundSizeUsd: 30_000_000 }, 3_300_000)).toMatchObject({
      fits: true,
      text: "A $30M fund can join your $3.3M round with up to $900K",
    });
  });

  it("counts a fund size more than 6 years old as weak evidence, and says which fund it was", () => {
    const today = new Date("2026-12-07T00:00:00Z");
    const fresh = raiseJudgement(
      { row: row({}), fundSizeUsd: 60_000_000, fundSizeAsOf: "2024-07" },
      4_000_000,
      true,
      today,
    );
    const older = raiseJudgement(
      { row: row({}), fundSizeUsd: 60_000_000, fundSizeAsOf: "2014-07" },
      4_000_000,
      true,
      today,
    );
    expect(fresh.text).toBe("A $60M fund can lead a $4M round");
    expect(older.text).toBe("A $60M older fund (2014) can lead a $4M round");
    expect(older.value).toBeLessThan(fresh.value);
    // Weak evidence, still never below not knowing the size at all.
    const unknown = raiseJudgement({ row: row({}), fundSizeUsd: Number.NaN }, 4_000_000, true, today);
    expect(older.value).toBeGreaterThanOrEqual(unknown.value);
  });
});
