import { describe, expect, it } from "vitest";
import { INDUSTRY_CODES, type IndustryCode } from "./industries.js";
import { areRelatedIndustries, familiesOf, INDUSTRY_FAMILIES, industryRelation } from "./industry-families.js";

describe("industry families", () => {
  it("name only real codes, and give every code a family", () => {
    for (const { codes } of Object.values(INDUSTRY_FAMILIES)) {
      for (const code of codes) expect(INDUSTRY_CODES, code).toContain(code);
    }
    for (const code of INDUSTRY_CODES) expect(familiesOf(code).length, code).toBeGreaterThan(0);
  });

  it("relate the neighbours the issue names", () => {
    const related: Array<[IndustryCode, IndustryCode]> = [
      ["deep_tech", "semiconductors"],
      ["deep_tech", "space"],
      ["deep_tech", "robotics_automation"],
      ["fintech", "payments_embedded_finance"],
      ["fintech", "digital_banking"],
      ["fintech", "wealth_tech"],
      ["fintech", "insur_tech"],
      ["digital_health", "med_tech"],
      ["biotech", "therapeutics"],
      ["diagnostics", "med_tech"],
      ["climate_sustainability", "energy_tech"],
      ["climate_sustainability", "carbon_removal"],
      ["climate_sustainability", "evs_charging"],
      ["climate_sustainability", "water_tech"],
      ["climate_sustainability", "circular_economy"],
      ["developer_tools", "cloud_devops"],
      ["saas", "vertical_saas"],
    ];
    for (const [a, b] of related) {
      expect(areRelatedIndustries(a, b), `${a} ~ ${b}`).toBe(true);
      expect(areRelatedIndustries(b, a), `${b} ~ ${a}`).toBe(true);
    }
  });

  it("keep unrelated sectors apart, and a code is exact, not related, to itself", () => {
    expect(areRelatedIndustries("gaming", "semiconductors")).toBe(false);
    expect(areRelatedIndustries("therapeutics", "developer_tools")).toBe(false);
    expect(areRelatedIndustries("fintech", "space")).toBe(false);
    expect(areRelatedIndustries("semiconductors", "semiconductors")).toBe(false);
  });

  it("say how a fund's sectors meet the startup's: exact, related through a named code, or not at all", () => {
    expect(industryRelation(["semiconductors", "ai_ml"], "semiconductors")).toEqual({ relation: "exact" });
    expect(industryRelation(["deep_tech", "ai_ml"], "semiconductors")).toEqual({
      relation: "related",
      via: "deep_tech",
    });
    expect(industryRelation(["gaming", "creator_economy"], "semiconductors")).toBeUndefined();
    expect(industryRelation([], "semiconductors")).toBeUndefined();
  });
});
