import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "../../src/server/paths.js";
import type { FundMatchRequest } from "../../src/shared/schemas/match.js";

/**
 * The match's quality over the fixed evaluation set (tests/fixtures/match-evaluation.json, issue 22):
 * the floor the integration test holds (no clearly-not fund in any top 10, at least 70% of the
 * clearly-fit funds in the top 20) and the figures the bench prints (precision at 10, recall at 20).
 */

export const MATCH_EVALUATION_FILE = path.join(ROOT_DIR, "tests/fixtures/match-evaluation.json");
/**
 * The outside evaluation set (issue 37, tests/fixtures/match-evaluation-outside.md): written from
 * outside knowledge of the funds, split once into a part the weights may be tuned on and a part
 * read only by the test and the bench, never while tuning.
 */
export const MATCH_TUNING_FILE = path.join(ROOT_DIR, "tests/fixtures/match-evaluation-tuning.json");
export const MATCH_HELD_OUT_FILE = path.join(ROOT_DIR, "tests/fixtures/match-evaluation-held-out.json");
/** Share of all clearly-fit funds that must be in their profile's top 20. */
export const RECALL_FLOOR = 0.7;

export type EvaluationProfile = {
  id: string;
  profile: FundMatchRequest;
  clearlyFit: string[];
  clearlyNot: string[];
  why: string;
};

export function readEvaluationSet(file = MATCH_EVALUATION_FILE): EvaluationProfile[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { profiles: EvaluationProfile[] }).profiles;
}

export type ProfileQuality = {
  id: string;
  /** Clearly-not funds found in the top 10: the floor wants none. */
  clearlyNotInTop10: string[];
  /** Clearly-fit funds missing from the top 20. */
  clearlyFitMissing: string[];
  fitInTop10: number;
  fitInTop20: number;
  fitTotal: number;
  /** Clearly-fit funds in the top 10 over all the profile's clearly-fit funds. */
  recallAt10: number;
  /** Clearly-fit funds in the top 10, over 10 (or over the clearly-fit count when it is below 10). */
  precisionAt10: number;
  recallAt20: number;
};

export type MatchQuality = {
  profiles: ProfileQuality[];
  /** Means over the profiles. */
  precisionAt10: number;
  recallAt10: number;
  recallAt20: number;
  /** The lowest recall at 10 of any profile. */
  minRecallAt10: number;
  /** Clearly-fit funds in their top 20 over all clearly-fit funds (what the floor counts). */
  pooledRecallAt20: number;
  clearlyNotInTop10: number;
};

/** Scores each profile's ranked fund names (a subscriber's match, best first) against the set. */
export function matchQuality(
  set: readonly EvaluationProfile[],
  rankedNames: ReadonlyMap<string, string[]>,
): MatchQuality {
  const profiles = set.map((item): ProfileQuality => {
    const ranked = rankedNames.get(item.id) ?? [];
    const top10 = new Set(ranked.slice(0, 10));
    const top20 = new Set(ranked.slice(0, 20));
    const fitInTop10 = item.clearlyFit.filter((name) => top10.has(name)).length;
    const fitInTop20 = item.clearlyFit.filter((name) => top20.has(name)).length;
    return {
      id: item.id,
      clearlyNotInTop10: item.clearlyNot.filter((name) => top10.has(name)),
      clearlyFitMissing: item.clearlyFit.filter((name) => !top20.has(name)),
      fitInTop10,
      fitInTop20,
      recallAt10: fitInTop10 / Math.max(1, item.clearlyFit.length),
      fitTotal: item.clearlyFit.length,
      // Capped by what the set can know: a profile with 5 clearly-fit funds scores 1 with all 5 in the top 10.
      precisionAt10: fitInTop10 / Math.max(1, Math.min(10, item.clearlyFit.length)),
      recallAt20: fitInTop20 / Math.max(1, item.clearlyFit.length),
    };
  });
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
  const fitTotal = profiles.reduce((sum, item) => sum + item.fitTotal, 0);
  return {
    profiles,
    precisionAt10: mean(profiles.map((item) => item.precisionAt10)),
    recallAt10: mean(profiles.map((item) => item.recallAt10)),
    recallAt20: mean(profiles.map((item) => item.recallAt20)),
    minRecallAt10: profiles.length === 0 ? 1 : Math.min(...profiles.map((item) => item.recallAt10)),
    pooledRecallAt20: fitTotal === 0 ? 1 : profiles.reduce((sum, item) => sum + item.fitInTop20, 0) / fitTotal,
    clearlyNotInTop10: profiles.reduce((sum, item) => sum + item.clearlyNotInTop10.length, 0),
  };
}
