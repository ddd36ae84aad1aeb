import { describe, expect, it } from "vitest";
import { INDUSTRIES, INDUSTRY_CODES, industryLabel, isIndustryCode } from "./industries.js";
import { STAGE_CODES, STAGES, sortStages, stageLabel } from "./stages.js";

describe("funding stages", () => {
  it("has the 7 stage codes", () => {
    expect([...STAGE_CODES].sort()).toEqual(
      ["growth", "late_stage", "pre_seed", "seed", "series_a", "series_b", "series_c"].sort(),
    );
  });

  it("labels codes with underscores as spaces, title-cased", () => {
    expect(stageLabel("pre_seed")).toBe("Pre Seed");
    expect(stageLabel("series_a")).toBe("Series A");
    expect(stageLabel("late_stage")).toBe("Late Stage");
    expect(stageLabel("growth")).toBe("Growth");
    expect(STAGES.map((stage) => stage.label)).toContain("Series C");
  });

  it("sorts stages earliest first without duplicates", () => {
    expect(sortStages(["growth", "seed", "pre_seed", "seed"])).toEqual(["pre_seed", "seed", "growth"]);
  });
});

describe("industries", () => {
  it("has the 54 industry codes, each with a friendly label", () => {
    expect(INDUSTRY_CODES).toHaveLength(54);
    expect(new Set(INDUSTRY_CODES).size).toBe(54);
    for (const code of INDUSTRY_CODES) {
      expect(industryLabel(code)).not.toBe(code);
      expect(industryLabel(code)).not.toContain("_");
    }
  });

  it("lists industries sorted alphabetically by label", () => {
    const labels = INDUSTRIES.map((industry) => industry.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
    expect(INDUSTRIES[0]?.label).toBe("AgriTech");
  });

  it("knows its codes", () => {
    expect(isIndustryCode("fintech")).toBe(true);
    expect(isIndustryCode("toString")).toBe(false);
    expect(industryLabel("ai_ml")).toBe("AI & Machine Learning");
  });
});
