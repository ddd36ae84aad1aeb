import { describe, expect, it } from "vitest";
import type { FundRow } from "../../db/types.js";
import { raiseJudgement, sectorValue, stageValue } from "./matcher.js";
import { LEAD_SHARE_OF_FUND, SECTOR_AGNOSTIC_VALUE, SECTORS_UNKNOWN_VALUE, UNKNOWN_VALUE } from "./weights.js";

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
  it("scores stages: a specialist, a wide fund, a neighbour, unknown, and excludes far ones", () => {
    expect(stageValue(["seed"], "seed")).toBe(1);
    expect(stageValue(["pre_seed", "seed", "series_a", "series_b", "series_c"], "seed")).toBe(0.8);
    expect(stageValue(["series_a"], "seed")).toBeLessThan(0.5);
    expect(stageValue([], "seed")).toBe(UNKNOWN_VALUE);
    expect(stageValue(["series_b"], "seed")).toBeUndefined();
    expect(stageValue(["growth"], "pre_seed")).toBeUndefined();
    // Late stage and growth are one band.
    expect(stageValue(["late_stage"], "growth")).toBeGreaterThan(0.5);
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

  it("judges the raise by the cheque range, else by the lead-share rule, else as unknown", () => {
    const covers = raiseJudgement(
      { row: row({ checkSizeMinUsd: 500_000, checkSizeMaxUsd: 2_000_000 }), fundSizeUsd: Number.NaN },
      1_000_000,
    );
    expect(covers).toMatchObject({ value: 1, fits: true, premium: true });
    const below = raiseJudgement(
      { row: row({ checkSizeMinUsd: 100_000, checkSizeMaxUsd: 500_000 }), fundSizeUsd: Number.NaN },
      3_000_000,
    );
    expect(below.text).toBe("Cheque range $100K–$500K is below your $3M raise");
    expect(below.value).toBeLessThan(0.5);
    const small = raiseJudgement({ row: row({}), fundSizeUsd: 40_000_000 }, 10_000_000);
    expect(small.text).toBe("A $40M fund rarely leads a $10M round");
    const fits = raiseJudgement({ row: row({}), fundSizeUsd: 40_000_000 }, 40_000_000 * LEAD_SHARE_OF_FUND);
    expect(fits).toMatchObject({ fits: true, text: "A $40M fund can lead a $6M round" });
    expect(raiseJudgement({ row: row({}), fundSizeUsd: Number.NaN }, 1_000_000)).toMatchObject({
      value: UNKNOWN_VALUE,
      text: undefined,
    });
  });
});
