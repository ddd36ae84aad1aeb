import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MATCH_HELD_OUT_FILE, readEvaluationSet } from "../../scripts/bench/match-quality.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { rankEvaluationSet, subscriberCookie } from "../support/match-evaluation.js";

/**
 * The match judged where it cannot flatter (issue 37): the held-out part of the outside evaluation
 * set (tests/fixtures/match-evaluation-outside.md), which no rule or weight was tuned on. Only this
 * test and the bench read it. The floors are the figures the ranking reaches there, written in
 * ADR 0021 with the issue's own floors beside them.
 */
const HELD_OUT = readEvaluationSet(MATCH_HELD_OUT_FILE);
/*
 * Measured on 2026-12-07 (ADR 0021): recall at 10 69.9%, lowest profile 16.7%, recall at 20 85.3%,
 * no clearly-not fund in a top 10; after the readers' second round 68.0%, 16.7%, 86.2% and none. The issue asks for 80% and 50%: not reached, and said so; these
 * floors hold what is reached, so that a change that loses it fails here.
 */
const FLOORS = {
  /** Mean share of each profile's clearly-fit funds in its top 10. */
  recallAt10: 0.68,
  /** The lowest share of any profile. */
  minRecallAt10: 0.16,
  /** Clearly-not funds in any top 10. */
  clearlyNotInTop10: 0,
};

describe.each(TEST_DRIVERS)("the match on the held-out profiles on %s", (driver) => {
  let t: TestApp;
  let cookie = "";

  beforeAll(async () => {
    t = await createTestApp(driver, { SEED_ON_START: "true" });
    cookie = await subscriberCookie(t);
  });
  afterAll(async () => t?.close());

  it("holds its floors: recall at 10, the lowest profile's, and no clearly-not fund in a top 10", async () => {
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(20);
    const quality = await rankEvaluationSet(t, cookie, HELD_OUT);
    const offenders = quality.profiles
      .filter((item) => item.clearlyNotInTop10.length > 0)
      .map((item) => `${item.id}: ${item.clearlyNotInTop10.join(", ")}`);
    expect(offenders).toHaveLength(FLOORS.clearlyNotInTop10);
    const lowest = quality.profiles
      .filter((item) => item.recallAt10 < 0.5)
      .map((item) => `${item.id}: ${(item.recallAt10 * 100).toFixed(0)}%`)
      .join(", ");
    expect(quality.recallAt10, `below half: ${lowest}`).toBeGreaterThanOrEqual(FLOORS.recallAt10);
    expect(quality.minRecallAt10, `below half: ${lowest}`).toBeGreaterThanOrEqual(FLOORS.minRecallAt10);
  });
});
