import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchQuality, RECALL_FLOOR, readEvaluationSet } from "../../scripts/bench/match-quality.js";
import { users } from "../../src/server/db/schema/index.js";
import { fundMatchResponseSchema } from "../../src/shared/schemas/match.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

/**
 * The match's floor over the fixed evaluation set (issue 22): each profile, matched as a subscriber
 * against the shipped funds, has no clearly-not fund in its top 10, and at least 70% of all the
 * clearly-fit funds are in their profile's top 20.
 */
const SET = readEvaluationSet();
const SUBSCRIBER = { email: "sub@example.com", password: "Sup3rSecret1", displayName: "Sue Subscriber" };

describe.each(TEST_DRIVERS)("the match's evaluation floor on %s", (driver) => {
  let t: TestApp;
  let cookie = "";

  beforeAll(async () => {
    t = await createTestApp(driver, { SEED_ON_START: "true" });
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: SUBSCRIBER,
    });
    cookie = `fundmatch_session=${registered.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
    await t.testDatabase.database.db.update(users).set({ subscriptionStatus: "active", subscriptionType: "monthly" });
  });
  afterAll(async () => t?.close());

  it("keeps clearly-not funds out of every top 10 and 70% of clearly-fit funds in the top 20", async () => {
    expect(SET.length).toBeGreaterThanOrEqual(30);
    const ranked = new Map<string, string[]>();
    for (const item of SET) {
      const response = await t.app.inject({
        method: "POST",
        url: "/_api/funds/match",
        payload: { ...item.profile, limit: 20 },
        headers: { cookie },
      });
      expect(response.statusCode, `${item.id}: ${response.body}`).toBe(200);
      ranked.set(
        item.id,
        fundMatchResponseSchema.parse(response.json()).results.map((fund) => fund.name),
      );
    }
    const quality = matchQuality(SET, ranked);
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
