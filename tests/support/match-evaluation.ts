import { expect } from "vitest";
import { type EvaluationProfile, type MatchQuality, matchQuality } from "../../scripts/bench/match-quality.js";
import { users } from "../../src/server/db/schema/index.js";
import { fundMatchResponseSchema } from "../../src/shared/schemas/match.js";
import type { TestApp } from "./app.js";

const SUBSCRIBER = { email: "sub@example.com", password: "Sup3rSecret1", displayName: "Sue Subscriber" };

/** Registers a subscriber in the test app and returns its session cookie (the match's every result). */
export async function subscriberCookie(t: TestApp): Promise<string> {
  const registered = await t.app.inject({
    method: "POST",
    url: "/_api/auth/register_with_password",
    payload: SUBSCRIBER,
  });
  await t.testDatabase.database.db.update(users).set({ subscriptionStatus: "active", subscriptionType: "monthly" });
  return `fundmatch_session=${registered.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
}

/** Matches each profile of an evaluation set as a subscriber (top 20) and measures the quality. */
export async function rankEvaluationSet(
  t: TestApp,
  cookie: string,
  set: readonly EvaluationProfile[],
): Promise<MatchQuality> {
  const ranked = new Map<string, string[]>();
  for (const item of set) {
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
  return matchQuality(set, ranked);
}
