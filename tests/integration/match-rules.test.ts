import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema/index.js";
import { type FundMatchResult, fundMatchResponseSchema } from "../../src/shared/schemas/match.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { type FundFixture, insertFunds } from "../support/funds.js";

/**
 * The match's rules of issue 37 over funds written for them: a known fact that partly fits never
 * ranks below an unknown one at equal fit otherwise, and the concerns say where a fund invests.
 */
const TODAY = new Date().toISOString().slice(0, 10);
const seedFintech = {
  funding_stages: "seed",
  industry_focus: "fintech",
  last_reviewed: TODAY,
} as const;
const FUNDS: FundFixture[] = [
  // Twins but for what is known of the raise.
  {
    ...seedFintech,
    name: "Known Cheque Fintech",
    country: "Germany",
    country_code: "DE",
    check_size_min_usd: "500000",
    check_size_max_usd: "3000000",
    description: "Payments.",
  },
  { ...seedFintech, name: "Unknown Cheque Fintech", country: "Germany", country_code: "DE", description: "Payments." },
  {
    ...seedFintech,
    name: "Small Fund Fintech",
    country: "Germany",
    country_code: "DE",
    fund_size: "30000000",
    currency: "USD",
    description: "Payments.",
  },
  // Where a fund invests, in its own words.
  {
    ...seedFintech,
    name: "Tel Aviv Seed",
    country: "Israel",
    country_code: "IL",
    description: "Backs Israeli founders building fintech from day one.",
  },
  {
    ...seedFintech,
    name: "Cairo Seed",
    country: "Egypt",
    country_code: "EG",
    description: "Cairo-based firm backing Egyptian fintech startups, with selective deals elsewhere in Africa.",
  },
  {
    ...seedFintech,
    name: "West Africa Seed",
    country: "Ghana",
    country_code: "GH",
    description: "Invests in fintech founders across West Africa.",
  },
];
const SUBSCRIBER = { email: "sub@example.com", password: "Sup3rSecret1", displayName: "Sue Subscriber" };

describe.each(TEST_DRIVERS)("the match's rules of issue 37 on %s", (driver) => {
  let t: TestApp;
  let cookie = "";

  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertFunds(t.testDatabase.database.db, FUNDS);
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: SUBSCRIBER,
    });
    cookie = `fundmatch_session=${registered.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
    await t.testDatabase.database.db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "monthly" })
      .where(eq(users.email, SUBSCRIBER.email));
  });
  afterAll(async () => t?.close());

  const matched = async (profile: object): Promise<Map<string, FundMatchResult>> => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/funds/match",
      payload: profile,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return new Map(fundMatchResponseSchema.parse(response.json()).results.map((fund) => [fund.name, fund]));
  };
  const fitOf = (results: Map<string, FundMatchResult>, name: string) => results.get(name)?.fit ?? -1;

  it("never ranks a known cheque or fund size that partly fits below an unknown one", async () => {
    for (const needsLead of [false, true]) {
      const results = await matched({
        stage: "seed",
        sectors: ["fintech"],
        country: "Germany",
        raiseAmountUsd: 10_000_000,
        needsLead,
      });
      expect(fitOf(results, "Known Cheque Fintech"), `needsLead ${needsLead}`).toBeGreaterThanOrEqual(
        fitOf(results, "Unknown Cheque Fintech"),
      );
      expect(fitOf(results, "Small Fund Fintech"), `needsLead ${needsLead}`).toBeGreaterThanOrEqual(
        fitOf(results, "Unknown Cheque Fintech"),
      );
    }
    const joins = await matched({
      stage: "seed",
      sectors: ["fintech"],
      country: "Germany",
      raiseAmountUsd: 10_000_000,
    });
    expect(joins.get("Known Cheque Fintech")?.reasons).toContain("Can join your $10M round with up to $3M");
  });

  it("names where a fund invests: its stated sub-region first, an exception never, a place elsewhere as a concern", async () => {
    const results = await matched({ stage: "seed", sectors: ["fintech"], country: "Nigeria" });
    expect(results.get("West Africa Seed")?.reasons).toContain("Invests in West Africa");
    expect(results.get("Tel Aviv Seed")?.concerns).toContain("Invests mostly in Israel");
    // "Selective deals elsewhere in Africa" is not a stated geography covering Nigeria.
    const cairo = results.get("Cairo Seed");
    expect(cairo?.reasons.some((reason) => reason.includes("Africa"))).toBe(false);
    expect(cairo?.concerns.some((concern) => concern.startsWith("Invests mostly in"))).toBe(true);
    expect(fitOf(results, "West Africa Seed")).toBeGreaterThan(fitOf(results, "Cairo Seed"));
    expect(fitOf(results, "Cairo Seed")).toBeGreaterThan(fitOf(results, "Tel Aviv Seed"));
  });
});
