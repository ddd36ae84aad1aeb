import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startupProfiles, users } from "../../src/server/db/schema/index.js";
import { GOOD_MATCH_FIT, MATCH_TEXTS } from "../../src/shared/match-texts.js";
import { PREMIUM_FUND_FIELDS } from "../../src/shared/schemas/funds.js";
import { fundMatchResponseSchema, startupProfileResponseSchema } from "../../src/shared/schemas/match.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { type FundFixture, insertFunds } from "../support/funds.js";

/** POST /_api/funds/match and the startup profile (issue 22, ADR 0021) over funds written for it. */

const TODAY = new Date().toISOString().slice(0, 10);
const FUNDS: FundFixture[] = [
  {
    name: "Alpha Payments Seed",
    country: "Germany",
    country_code: "DE",
    funding_stages: "seed",
    industry_focus: "fintech",
    fund_size: "40000000",
    currency: "USD",
    leads_rounds: "true",
    description: "Backs payments and lending infrastructure for European merchants.",
    last_reviewed: TODAY,
  },
  {
    name: "Beta Generalist Seed",
    country: "Germany",
    country_code: "DE",
    funding_stages: "seed",
    industry_focus: "Generalist",
    fund_size: "400000000",
    currency: "USD",
    leads_rounds: "true",
    description: "Seed investor in software companies of every kind.",
    last_reviewed: TODAY,
  },
  {
    name: "Gamma Biotech Seed",
    country: "Germany",
    country_code: "DE",
    funding_stages: "seed",
    industry_focus: "biotech",
    fund_size: "400000000",
    currency: "USD",
    leads_rounds: "true",
    description: "Backs therapeutics and drug discovery.",
    last_reviewed: TODAY,
  },
  {
    name: "Delta Unknowns",
    country: "France",
    country_code: "FR",
    // The import requires stages; the rest is unknown.
    funding_stages: "seed",
    industry_focus: "",
    description: "",
    last_reviewed: TODAY,
  },
  {
    name: "Epsilon Growth Fintech",
    country: "Germany",
    country_code: "DE",
    funding_stages: "growth",
    industry_focus: "fintech",
    fund_size: "2000000000",
    currency: "USD",
    leads_rounds: "true",
    description: "Growth equity in payments.",
    last_reviewed: TODAY,
  },
  {
    name: "Zeta Follower Fintech",
    country: "United States",
    country_code: "US",
    funding_stages: "seed;series_a",
    industry_focus: "fintech",
    check_size_min_usd: "100000",
    check_size_max_usd: "500000",
    leads_rounds: "false",
    description: "Follows in payments rounds.",
    last_reviewed: TODAY,
  },
];

const SUBSCRIBER = { email: "sub@example.com", password: "Sup3rSecret1", displayName: "Sue Subscriber" };
const MEMBER = { email: "member@example.com", password: "Sup3rSecret1", displayName: "Mo Member" };
const OTHER = { email: "other@example.com", password: "Sup3rSecret1", displayName: "Oz Other" };

describe.each(TEST_DRIVERS)("the match on %s", (driver) => {
  let t: TestApp;
  const cookies = { member: "", subscriber: "", other: "" };

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.testDatabase.database.db;
    await insertFunds(db, FUNDS);
    const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
      `fundmatch_session=${response.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
    const register = async (payload: object) =>
      cookieOf(await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload }));
    cookies.member = await register(MEMBER);
    cookies.subscriber = await register(SUBSCRIBER);
    cookies.other = await register(OTHER);
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "monthly" })
      .where(eq(users.email, SUBSCRIBER.email));
  });
  afterAll(async () => t?.close());

  const match = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/_api/funds/match",
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const matchOk = async (payload: unknown, cookie?: string) => {
    const response = await match(payload, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return { raw: response.body, body: fundMatchResponseSchema.parse(response.json()) };
  };
  const fintechSeed = { stage: "seed", sectors: ["fintech"], country: "Germany", raiseAmountUsd: 2_000_000 };

  it("gives visitors and members the top 3 and the count, without premium fields, never a 402", async () => {
    const all = await matchOk({ ...fintechSeed, needsLead: true }, cookies.subscriber);
    expect(all.body.totalCount).toBeGreaterThan(3);
    expect(all.body.results).toHaveLength(all.body.totalCount);
    for (const cookie of [undefined, cookies.member]) {
      const { body, raw } = await matchOk({ ...fintechSeed, needsLead: true, limit: 50, offset: 2 }, cookie);
      expect(body.totalCount).toBe(all.body.totalCount);
      expect(body.results.map((fund) => fund.id)).toEqual(all.body.results.slice(0, 3).map((fund) => fund.id));
      for (const field of PREMIUM_FUND_FIELDS) expect(raw).not.toContain(`"${field}"`);
      expect(raw).not.toContain(MATCH_TEXTS.leadsRounds);
      expect(body.results.every((fund) => fund.isPremium)).toBe(true);
    }
    const page = await matchOk({ ...fintechSeed, limit: 2, offset: 1 }, cookies.subscriber);
    expect(page.body.results.map((fund) => fund.id)).toEqual(
      (await matchOk(fintechSeed, cookies.subscriber)).body.results.slice(1, 3).map((fund) => fund.id),
    );
  });

  it("counts the good matches honestly: the first goodCount fit at least 70, the rest are weaker", async () => {
    const { body } = await matchOk({ ...fintechSeed, needsLead: true }, cookies.subscriber);
    expect(body.goodCount).toBeGreaterThan(0);
    expect(body.goodCount).toBeLessThan(body.totalCount);
    body.results.forEach((fund, position) => {
      if (position < body.goodCount) expect(fund.fit, fund.name).toBeGreaterThanOrEqual(GOOD_MATCH_FIT);
      else expect(fund.fit >= GOOD_MATCH_FIT && fund.concerns.length === 0, fund.name).toBe(false);
    });
    // Everyone is told the same count, whatever they may see.
    expect((await matchOk({ ...fintechSeed, needsLead: true })).body.goodCount).toBe(body.goodCount);
  });

  it("refuses a body without a profile field, and bad fields, with a message", async () => {
    for (const payload of [
      {},
      { limit: 5 },
      { description: "" },
      { stage: "mezzanine" },
      { sectors: [] },
      { sectors: ["fintech", "fintech"] },
      { sectors: ["fintech", "saas", "biotech", "space"] },
      { raiseAmountUsd: -1 },
      { needsLead: "yes" },
      { description: "x".repeat(281) },
      { country: "Ger\u0007many" },
      { stage: "seed", colour: "blue" },
    ]) {
      const response = await match(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe("string");
    }
  });

  it("gives the same order for the same profile, ties by name", async () => {
    const first = await matchOk({ country: "Germany" }, cookies.subscriber);
    const second = await matchOk({ country: "Germany" }, cookies.subscriber);
    expect(second.body.results.map((fund) => fund.id)).toEqual(first.body.results.map((fund) => fund.id));
    const germans = first.body.results.filter((fund) => fund.country === "Germany").map((fund) => fund.name);
    expect(germans).toEqual([...germans].sort());
  });

  it("ranks a specialist above a generalist, both above a specialist elsewhere, and leaves far stages out", async () => {
    const { body } = await matchOk({ stage: "seed", sectors: ["fintech"] }, cookies.subscriber);
    const names = body.results.map((fund) => fund.name);
    expect(names.indexOf("Alpha Payments Seed")).toBeLessThan(names.indexOf("Beta Generalist Seed"));
    expect(names.indexOf("Beta Generalist Seed")).toBeLessThan(names.indexOf("Gamma Biotech Seed"));
    expect(names).not.toContain("Epsilon Growth Fintech");
    const beta = body.results.find((fund) => fund.name === "Beta Generalist Seed");
    expect(beta?.reasons).toContain(MATCH_TEXTS.sectorAgnostic);
  });

  it("says a $40M fund rarely leads a $10M round but can join it, and a cheque below the raise joins it (issue 37)", async () => {
    const led = await matchOk({ stage: "seed", raiseAmountUsd: 10_000_000, needsLead: true }, cookies.subscriber);
    const alpha = led.body.results.find((fund) => fund.name === "Alpha Payments Seed");
    expect(alpha?.concerns).toContain("A $40M fund rarely leads a $10M round");
    // Without the need for a lead, a cheque of 1–3% of the fund is an ordinary participation.
    const joined = await matchOk({ stage: "seed", raiseAmountUsd: 10_000_000 }, cookies.subscriber);
    const alphaJoins = joined.body.results.find((fund) => fund.name === "Alpha Payments Seed");
    expect(alphaJoins?.reasons).toContain("A $40M fund can join your $10M round with up to $1.2M");
    const zeta = (
      await matchOk({ raiseAmountUsd: 3_000_000, needsLead: true, country: "Germany" }, cookies.subscriber)
    ).body.results.find((fund) => fund.name === "Zeta Follower Fintech");
    expect(zeta?.concerns).toEqual(
      expect.arrayContaining([
        "Cheques up to $500K rarely lead a $3M round; it can join it",
        MATCH_TEXTS.usuallyFollows,
      ]),
    );
    expect(zeta?.concerns).toContain("Invests mostly in the United States");
  });

  it("counts unknown facts as concerns, never as exclusions", async () => {
    const { body } = await matchOk(
      { stage: "seed", sectors: ["fintech"], raiseAmountUsd: 1_000_000, needsLead: true, country: "France" },
      cookies.subscriber,
    );
    const delta = body.results.find((fund) => fund.name === "Delta Unknowns");
    expect(delta).toBeDefined();
    expect(delta?.concerns).toEqual(
      expect.arrayContaining([MATCH_TEXTS.sectorsUnknown, MATCH_TEXTS.fundSizeUnknown, MATCH_TEXTS.leadUnknown]),
    );
    const gamma = body.results.find((fund) => fund.name === "Gamma Biotech Seed");
    expect(delta?.fit).toBeGreaterThan(gamma?.fit ?? 100);
    expect(delta?.fit).toBeLessThan(body.results.find((fund) => fund.name === "Alpha Payments Seed")?.fit ?? 0);
  });

  it("keeps one startup profile per signed-in user, strict, replaced whole, in the data export", async () => {
    expect((await t.app.inject({ method: "GET", url: "/_api/user/startup-profile" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "PUT", url: "/_api/user/startup-profile", payload: { stage: "seed" } })).statusCode,
    ).toBe(401);
    const get = async (cookie: string) =>
      startupProfileResponseSchema.parse(
        (await t.app.inject({ method: "GET", url: "/_api/user/startup-profile", headers: { cookie } })).json(),
      );
    const put = (cookie: string, payload: object) =>
      t.app.inject({ method: "PUT", url: "/_api/user/startup-profile", payload, headers: { cookie } });
    expect((await get(cookies.member)).profile).toBeNull();
    const full = { ...fintechSeed, needsLead: true, description: "Payments for bakeries", roundTargetUsd: 3_000_000 };
    const saved = await put(cookies.member, full);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(cookies.member)).profile).toMatchObject(full);
    expect((await get(cookies.other)).profile).toBeNull();
    const replaced = await put(cookies.member, { stage: "series_a" });
    expect(replaced.statusCode).toBe(200);
    expect((await get(cookies.member)).profile).toMatchObject({
      stage: "series_a",
      sectors: [],
      country: null,
      raiseAmountUsd: null,
      needsLead: null,
      description: null,
      roundTargetUsd: null,
    });
    for (const payload of [
      { stage: "seed", userId: 1 },
      { sectors: ["nope"] },
      { description: "y".repeat(281) },
      { roundTargetUsd: 0 },
    ]) {
      const response = await put(cookies.member, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe("string");
    }
    expect((await get(cookies.member)).profile?.stage).toBe("series_a");
    const exported = await t.app.inject({
      method: "GET",
      url: "/_api/user/export-data",
      headers: { cookie: cookies.member },
    });
    expect(exported.json().startupProfile).toMatchObject({ stage: "series_a" });
  });

  it("deletes the startup profile with its user", async () => {
    const headers = { cookie: cookies.other };
    const saved = await t.app.inject({
      method: "PUT",
      url: "/_api/user/startup-profile",
      payload: { stage: "seed" },
      headers,
    });
    expect(saved.statusCode).toBe(200);
    const db = t.testDatabase.database.db;
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, OTHER.email));
    const deleted = await t.app.inject({
      method: "POST",
      url: "/_api/user/delete-account",
      payload: { password: OTHER.password },
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await db
        .select()
        .from(startupProfiles)
        .where(eq(startupProfiles.userId, other?.id ?? 0)),
    ).toEqual([]);
  });
});
