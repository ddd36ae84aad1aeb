import { describe, expect, it } from "vitest";
import {
  chequeFit,
  completeness,
  industryFit,
  matchReasons,
  relevanceScore,
  type ScoringFund,
  stageFit,
  WEIGHTS,
} from "./scoring.js";
import { textFit } from "./text-match.js";

const fund = (overrides: Partial<ScoringFund> = {}): ScoringFund & { country: string } => ({
  country: "Germany",
  fundingStages: ["seed", "series_a"],
  industryFocus: ["fintech", "saas"],
  leadsRounds: null,
  website: null,
  fundSize: null,
  checkSizeMinUsd: null,
  checkSizeMaxUsd: null,
  foundedYear: null,
  city: null,
  description: null,
  fundManager: null,
  linkedin: null,
  ...overrides,
});

describe("relevance score", () => {
  it("prefers a fund whose first-listed focus is the asked industry", () => {
    const primary = fund({ industryFocus: ["fintech", "saas"] });
    const secondary = fund({ industryFocus: ["saas", "fintech"] });
    expect(industryFit(primary, ["fintech"])).toBeGreaterThan(industryFit(secondary, ["fintech"]));
  });

  it("prefers specialists over generalists", () => {
    const specialist = fund({ industryFocus: ["fintech"] });
    const generalist = fund({ industryFocus: ["fintech", "saas", "ai_ml", "gaming", "iot", "space"] });
    expect(industryFit(specialist, ["fintech"])).toBe(1);
    expect(industryFit(generalist, ["fintech"])).toBe(0.5);
    expect(stageFit(fund({ fundingStages: ["seed"] }), "seed")).toBe(1);
    expect(stageFit(fund({ fundingStages: ["pre_seed", "seed", "series_a", "series_b"] }), "seed")).toBe(0.5);
  });

  it("scores 0 for an industry or stage the fund does not cover", () => {
    expect(industryFit(fund(), ["space"])).toBe(0);
    expect(stageFit(fund(), "growth")).toBe(0);
  });

  it("is neutral for filters that were not given", () => {
    expect(industryFit(fund({ industryFocus: ["fintech"] }), undefined)).toBe(
      industryFit(fund({ industryFocus: ["a", "b", "c", "d", "e"] }), undefined),
    );
  });

  it("rewards leading rounds and complete records", () => {
    const lead = relevanceScore(fund({ leadsRounds: true }), {});
    const unknown = relevanceScore(fund({ leadsRounds: null }), {});
    const follow = relevanceScore(fund({ leadsRounds: false }), {});
    expect(lead).toBeGreaterThan(unknown);
    expect(unknown).toBeGreaterThan(follow);
    const complete = fund({
      website: "https://x.vc",
      fundSize: 1,
      city: "Berlin",
      description: "d",
      foundedYear: 2000,
    });
    expect(completeness(complete)).toBeCloseTo(5 / 9);
    expect(relevanceScore(complete, {})).toBeGreaterThan(relevanceScore(fund(), {}));
  });

  it("stays within 0 to 100", () => {
    const perfect = fund({
      fundingStages: ["seed"],
      industryFocus: ["fintech"],
      leadsRounds: true,
      website: "w",
      fundSize: 1,
      checkSizeMinUsd: 1,
      foundedYear: 1,
      city: "c",
      description: "d",
      fundManager: "m",
      linkedin: "l",
    });
    expect(relevanceScore(perfect, { fundingStage: "seed", industryFocus: ["fintech"] })).toBe(100);
    // Only "leads rounds: no" is known: 1 of 9 fields, 25 × 1/9.
    expect(relevanceScore(fund({ leadsRounds: false }), { fundingStage: "growth", industryFocus: ["space"] })).toBe(
      2.778,
    );
  });
});

describe("match reasons", () => {
  it("explains the stage, the industry and the country asked for", () => {
    const reasons = matchReasons(
      fund({ fundingStages: ["pre_seed", "seed", "series_a"] }),
      {
        country: "Germany",
        fundingStage: "seed",
        industryFocus: ["saas"],
      },
      true,
    );
    expect(reasons).toEqual(["Invests at Seed", "Focus: SaaS", "Based in Germany"]);
  });

  it("calls out specialists and primary focus", () => {
    expect(matchReasons(fund(), { fundingStage: "seed", industryFocus: ["fintech"] }, true)).toEqual([
      "Seed specialist",
      "Primary focus: Fintech",
    ]);
  });

  it("never reveals the premium 'Leads rounds' to a non-subscriber", () => {
    expect(matchReasons(fund({ leadsRounds: true }), {}, true)).toContain("Leads rounds");
    expect(matchReasons(fund({ leadsRounds: true }), {}, false)).not.toContain("Leads rounds");
  });

  it("describes the fund when no filter was given", () => {
    expect(matchReasons(fund(), {}, false)).toEqual(["Invests from Seed", "Focus: Fintech"]);
  });
});

describe("the advanced filters' fit", () => {
  it("scores several asked industries or stages by the best match and how many the fund covers", () => {
    const both = fund({ industryFocus: ["fintech", "saas"] });
    const one = fund({ industryFocus: ["fintech", "gaming"] });
    expect(industryFit(both, ["fintech", "saas"])).toBeGreaterThan(industryFit(one, ["fintech", "saas"]));
    // One asked code scores exactly as the basic search always did.
    expect(industryFit(one, ["fintech"])).toBe(1);
    expect(stageFit(fund({ fundingStages: ["seed", "series_a"] }), ["seed", "series_a"])).toBe(1);
    expect(stageFit(fund({ fundingStages: ["seed", "growth"] }), ["seed", "series_a"])).toBe(0.75);
    expect(stageFit(fund({ fundingStages: ["seed", "growth"] }), "seed")).toBe(1);
  });

  it("fits a raise best at the geometric middle of the cheque range, and not at all outside it", () => {
    const ranged = fund({ checkSizeMinUsd: 100_000, checkSizeMaxUsd: 10_000_000 });
    expect(chequeFit(ranged, 1_000_000)).toBeCloseTo(1);
    expect(chequeFit(ranged, 100_000)).toBeCloseTo(0);
    expect(chequeFit(ranged, 20_000_000)).toBe(0);
    expect(chequeFit(fund({ checkSizeMinUsd: 100_000 }), 200_000)).toBe(0);
    expect(chequeFit(fund({ checkSizeMinUsd: 500_000, checkSizeMaxUsd: 500_000 }), 500_000)).toBe(1);
    expect(relevanceScore(ranged, { raiseAmountUsd: 1_000_000 })).toBeCloseTo(
      relevanceScore(ranged, {}) + WEIGHTS.cheque,
    );
  });

  it("puts a name match above a description match whatever the records' lead and completeness", () => {
    const sparse = fund({ leadsRounds: false });
    const complete = fund({
      leadsRounds: true,
      website: "w",
      fundSize: 1,
      checkSizeMinUsd: 1,
      foundedYear: 1,
      city: "c",
      description: "d",
      fundManager: "m",
      linkedin: "l",
    });
    const named = textFit({ name: ["climate", "capital"], description: [] }, ["climate"]);
    const described = textFit({ name: ["alpha"], description: ["climate"] }, ["climate"]);
    expect(relevanceScore(sparse, {}, undefined, named)).toBeGreaterThan(
      relevanceScore(complete, {}, undefined, described),
    );
    expect(textFit({ name: ["fintech"], description: [] }, ["tech"])).toBe(0.9);
    expect(textFit({ name: ["alpha"], description: [] }, ["tech"])).toBe(0);
  });

  it("explains the raise and a text match, and keeps the cheque range from non-subscribers", () => {
    const ranged = fund({ checkSizeMinUsd: 250_000, checkSizeMaxUsd: 1_000_000 });
    expect(matchReasons(ranged, { raiseAmountUsd: 500_000 }, true)).toContain(
      "First cheque $250K – $1M fits your raise",
    );
    expect(matchReasons(ranged, { raiseAmountUsd: 500_000 }, false).join(" ")).not.toContain("$250K");
    const text = { words: ["climate"], tokens: { name: ["nordic"], description: ["climate"] } };
    expect(matchReasons(fund(), { text }, false)).toContain("Mentions “climate”");
    expect(matchReasons(fund(), { regions: ["europe"] }, false)).toContain("Based in Germany");
  });
});
