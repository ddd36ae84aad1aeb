import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECALL_FLOOR, readEvaluationSet } from "../../scripts/bench/match-quality.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { rankEvaluationSet, subscriberCookie } from "../support/match-evaluation.js";

/**
 * The match's floor over the fixed evaluation set (issue 22): each profile, matched as a subscriber
 * against the shipped funds, has no clearly-not fund in its top 10, and at least 70% of all the
 * clearly-fit funds are in their profile's top 20.
 */
const SET = readEvaluationSet();

describe.each(TEST_DRIVERS)("the match's evaluation floor on %s", (driver) => {
  let t: TestApp;
  let cookie = "";

  beforeAll(async () => {
    t = await createTestApp(driver, { SEED_ON_START: "true" });
    cookie = await subscriberCookie(t);
  });
  afterAll(async () => t?.close());

  it("keeps clearly-not funds out of every top 10 and 70% of clearly-fit funds in the top 20", async () => {
    expect(SET.length).toBeGreaterThanOrEqual(30);
    const quality = await rankEvaluationSet(t, cookie, SET);
    const offenders = quality.profiles
      .filter((item) => item.clearlyNotInTop10.length > 0)
      .map((item) => `${item.id}: ${item.clearlyNotInTop10.join(", ")}`);
    expect(offenders).toEqual([]);
    expect(
      quality.pooledRecallAt20,
      quality.profiles
        .filter((item) => item.clearlyFitMissing.length > 0)
        .map((item) => `${item.id} misses ${item.clearlyFitMissing.join(", ")}`)
        .join("\n"),
    ).toBeGreaterThanOrEqual(RECALL_FLOOR);
  });
});
