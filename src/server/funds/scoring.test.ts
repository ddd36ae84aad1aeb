import { describe, expect, it } from "vitest";
import { chequeFitCountsText, stagesForRaise } from "../../shared/raise-stages.js";
import {
  chequeFit,
  chequeGroup,
  completeness,
  industryFit,
  matchReasons,
  relevanceScore,
  type ScoringFund,
  SECTOR_AGNOSTIC_FIT,
  SECTOR_AGNOSTIC_REASON,
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

  it("calls a one-stage fund a specialist, and names the primary focus", () => {
    expect(
      matchReasons(fund({ fundingStages: ["seed"] }), { fundingStage: "seed", industryFocus: ["fintech"] }, true),
    ).toEqual(["Seed specialist", "Primary focus: Fintech"]);
    // A fund at seed and Series A invests at seed; it is not a seed specialist (issue 37).
    expect(matchReasons(fund(), { fundingStage: "seed", industryFocus: ["fintech"] }, true)).toEqual([
      "Invests at Seed",
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

describe("sector-agnostic funds and unknown facts", () => {
  const generalist = fund({ industryFocus: [], sectorAgnostic: true });
  const specialist = fund({ industryFocus: ["fintech"] });

  it("gives a sector-agnostic fund a generalist's fit for any asked industry, below a specialist's", () => {
    expect(industryFit(generalist, ["space"])).toBe(SECTOR_AGNOSTIC_FIT);
    expect(industryFit(generalist, ["fintech", "saas"])).toBe(SECTOR_AGNOSTIC_FIT);
    expect(relevanceScore(specialist, { industryFocus: ["fintech"] })).toBeGreaterThan(
      relevanceScore(generalist, { industryFocus: ["fintech"] }),
    );
    // Below a fund listing the industry first among up to nine, or anywhere among up to seven.
    const nine = ["fintech", "saas", "ai_ml", "gaming", "iot", "space", "biotech", "edtech", "proptech"];
    expect(industryFit(fund({ industryFocus: nine }), ["fintech"])).toBeGreaterThan(SECTOR_AGNOSTIC_FIT);
    expect(industryFit(fund({ industryFocus: [...nine.slice(1, 7), "fintech"] }), ["fintech"])).toBeGreaterThan(
      SECTOR_AGNOSTIC_FIT,
    );
    // A sector-agnostic fund that lists the industry keeps its listed fit.
    expect(industryFit(fund({ industryFocus: ["fintech"], sectorAgnostic: true }), ["fintech"])).toBe(1);
    // Without an industry filter it is neutral like every fund.
    expect(industryFit(generalist, undefined)).toBe(0.5);
    expect(industryFit(fund({ industryFocus: [] }), ["fintech"])).toBe(0);
  });

  it("says 'Invests across sectors' for an industry it matches without listing, and without an industry filter", () => {
    expect(matchReasons(generalist, { industryFocus: ["space"] }, false)).toContain(SECTOR_AGNOSTIC_REASON);
    expect(matchReasons(generalist, {}, false)).toContain(SECTOR_AGNOSTIC_REASON);
    expect(
      matchReasons(fund({ industryFocus: ["space"], sectorAgnostic: true }), { industryFocus: ["space"] }, false),
    ).toContain("Primary focus: Space");
    // Unknown industries and stages give no reason at all, never a guessed one.
    expect(matchReasons(fund({ industryFocus: [], fundingStages: [] }), {}, true)).toEqual([]);
  });

  it("puts a fund in the raise's group: covers, unknown, or excluded by a known end", () => {
    expect(chequeGroup(fund({ checkSizeMinUsd: 500_000, checkSizeMaxUsd: 5_000_000 }), 2_000_000)).toBe("covers");
    expect(chequeGroup(fund(), 2_000_000)).toBe("unknown");
    expect(chequeGroup(fund({ checkSizeMinUsd: 100_000 }), 2_000_000)).toBe("unknown");
    expect(chequeGroup(fund({ checkSizeMaxUsd: 5_000_000 }), 2_000_000)).toBe("unknown");
    expect(chequeGroup(fund({ checkSizeMinUsd: 3_000_000 }), 2_000_000)).toBe("excluded");
    expect(chequeGroup(fund({ checkSizeMaxUsd: 1_000_000 }), 2_000_000)).toBe("excluded");
    expect(chequeGroup(fund({ checkSizeMinUsd: 5_000_000, checkSizeMaxUsd: 9_000_000 }), 2_000_000)).toBe("excluded");
    // Only a covering fund says its cheque fits.
    const half = matchReasons(fund({ checkSizeMinUsd: 100_000 }), { raiseAmountUsd: 2_000_000 }, true);
    expect(half.some((reason) => reason.endsWith("fits your raise"))).toBe(false);
  });

  it("maps a raise to the stages it plausibly is", () => {
    expect(stagesForRaise(2_000_000)).toEqual(["pre_seed", "seed", "series_a"]);
    expect(stagesForRaise(100_000)).toEqual(["pre_seed"]);
    expect(stagesForRaise(40_000_000)).toEqual(["series_b", "series_c"]);
    expect(stagesForRaise(1e9)).toEqual(["late_stage", "growth"]);
    // Every positive amount is some stage: no raise leaves an unknown-cheque fund with nowhere to fit.
    for (const amount of [1, 2_000_001, 6_000_001, 30_000_001, 80_000_001, 200_000_001]) {
      expect(stagesForRaise(amount).length).toBeGreaterThan(0);
    }
  });

  it("words the groups' counts", () => {
    expect(chequeFitCountsText({ covers: 12, unknown: 140 }, "$2M")).toBe(
      "12 funds' cheque range covers $2M · 140 more with an undisclosed cheque size",
    );
    expect(chequeFitCountsText({ covers: 1, unknown: 0 }, "$2M")).toBe("1 fund's cheque range covers $2M");
  });
});
