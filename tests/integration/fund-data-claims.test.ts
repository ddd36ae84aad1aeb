import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundFacts, fundReports, funds, users } from "../../src/server/db/schema/index.js";
import { ADMIN_EDIT_SOURCE } from "../../src/server/funds/admin-service.js";
import { INFORMATIVE_FACTS_TOTAL } from "../../src/shared/fund-facts.js";
import { adminDataResponseSchema, fundStatsSchema } from "../../src/shared/schemas/admin-data.js";
import { fundResponseSchema, fundSearchResponseSchema } from "../../src/shared/schemas/funds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const ADMIN = { email: "keeper@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "reader@example.com", password: "Member-pass-1", displayName: "Rita Reader" };

const FIXTURES = [
  // A website and nothing else premium: the preview must name the website only.
  { name: "Web Only Ventures", website: "https://webonly.example", fund_size: "30000000", currency: "USD" },
  {
    name: "Full Facts Capital",
    website: "https://full.example",
    linkedin: "https://www.linkedin.com/company/full-example",
    fund_manager: "Secret Manager",
    check_size_min_usd: "250000",
    check_size_max_usd: "1000000",
    leads_rounds: "true",
    last_reviewed: "2020-05-01",
  },
  { name: "Bare Fund", last_reviewed: "2026-01-01" },
];

const today = () => new Date().toISOString().slice(0, 10);

describe.each(TEST_DRIVERS)("counted claims, the locked preview and the admin's data page on %s", (driver) => {
  let t: TestApp;
  let adminToken = "";
  let memberToken = "";
  const ids = new Map<string, number>();

  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const call = (method: "GET" | "POST", url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: token ? { fundmatch_session: token } : {},
    });

  beforeAll(async () => {
    t = await createTestApp(driver, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const db = t.testDatabase.database.db;
    await insertFunds(db, FIXTURES);
    const rows = await db.select({ id: funds.id, name: funds.name }).from(funds);
    for (const row of rows) ids.set(row.name, row.id);
    await db.execute(
      sql`update ${funds} set portfolio = array['Hidden Co One','Hidden Co Two','Hidden Co Three'] where ${funds.name} = 'Full Facts Capital'`,
    );
    t.app.services.fundsIndex.invalidate();
    adminToken = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN }),
    );
    memberToken = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: MEMBER }),
    );
  });
  afterAll(async () => t?.close());

  it("tells a visitor which premium facts a fund has, never their values", async () => {
    const response = await call("POST", "/_api/funds/search", null, {});
    const body = fundSearchResponseSchema.parse(response.json());
    const byName = new Map(body.results.map((fund) => [fund.name, fund]));
    expect(byName.get("Web Only Ventures")?.premiumFacts).toEqual({
      hasWebsite: true,
      hasLinkedin: false,
      hasFundManager: false,
      hasCheckSize: false,
      hasRoundRole: false,
      portfolioCount: 0,
      hasPitchRoute: false,
    });
    expect(byName.get("Full Facts Capital")?.premiumFacts).toEqual({
      hasWebsite: true,
      hasLinkedin: true,
      hasFundManager: true,
      hasCheckSize: true,
      hasRoundRole: true,
      portfolioCount: 3,
      hasPitchRoute: false,
    });
    expect(byName.get("Bare Fund")?.premiumFacts?.hasWebsite).toBe(false);
    for (const secret of ["webonly.example", "full.example", "Secret Manager", "Hidden Co", "250000", '"website"'])
      expect(response.body).not.toContain(secret);

    const page = await call("GET", `/_api/funds/${ids.get("Full Facts Capital")}`, null);
    expect(fundResponseSchema.parse(page.json()).fund.premiumFacts?.portfolioCount).toBe(3);
    expect(page.body).not.toContain("Hidden Co");
    expect(page.body).not.toContain("Secret Manager");
  });

  it("gives a fund's facts known out of the informative facts", async () => {
    const body = fundSearchResponseSchema.parse((await call("POST", "/_api/funds/search", null, {})).json());
    const full = body.results.find((fund) => fund.name === "Full Facts Capital");
    // Cheque range, leads rounds, website, portfolio, LinkedIn, fund manager: no fund size, no sector statement.
    expect(full?.factsKnown).toBe(6);
    expect(INFORMATIVE_FACTS_TOTAL).toBe(8);
  });

  it("counts the public claims from the database", async () => {
    const response = await call("GET", "/_api/funds/stats", null);
    expect(response.statusCode).toBe(200);
    const stats = fundStatsSchema.parse(response.json());
    const db = t.testDatabase.database.db;
    const [counted] = await db
      .select({
        total: sql<number>`count(*)::int`,
        fundSize: sql<number>`count(${funds.fundSize})::int`,
        cheque: sql<number>`count(*) filter (where ${funds.checkSizeMinUsd} is not null or ${funds.checkSizeMaxUsd} is not null)::int`,
        website: sql<number>`count(*) filter (where coalesce(${funds.website}, '') <> '')::int`,
        portfolio: sql<number>`count(*) filter (where cardinality(${funds.portfolio}) > 0)::int`,
      })
      .from(funds);
    expect(stats.totalFunds).toBe(counted?.total);
    expect(stats.withFact.fundSize).toBe(counted?.fundSize);
    expect(stats.withFact.chequeRange).toBe(counted?.cheque);
    expect(stats.withFact.website).toBe(counted?.website);
    expect(stats.withFact.portfolio).toBe(counted?.portfolio);
    expect(stats).toMatchObject({ totalFunds: 3, withFact: { website: 2, portfolio: 1, chequeRange: 1 } });

    // New data, a new index, new counts.
    await insertFunds(db, [{ name: "Later Fund", website: "https://later.example" }]);
    t.app.services.fundsIndex.invalidate();
    const after = fundStatsSchema.parse((await call("GET", "/_api/funds/stats", null)).json());
    expect(after.totalFunds).toBe(4);
    expect(after.withFact.website).toBe(3);
  });

  it("counts the funds that stated a status: a team's word or a source's report, each fund once (issue 37)", async () => {
    const db = t.testDatabase.database.db;
    const before = fundStatsSchema.parse((await call("GET", "/_api/funds/stats", null)).json());
    expect(before.statedStatus).toBe(0);
    // A team's status, a source's reported status, and a fund with both (counted once).
    await db.execute(sql`update ${funds} set investing_status = 'active' where ${funds.name} = 'Web Only Ventures'`);
    await db.execute(sql`update ${funds} set status = 'winding_down' where ${funds.name} = 'Bare Fund'`);
    await db.execute(
      sql`update ${funds} set investing_status = 'paused', status = 'not_raising' where ${funds.name} = 'Full Facts Capital'`,
    );
    t.app.services.fundsIndex.invalidate();
    const stats = fundStatsSchema.parse((await call("GET", "/_api/funds/stats", null)).json());
    const [counted] = await db
      .select({
        stated: sql<number>`count(*) filter (where ${funds.investingStatus} is not null or ${funds.status} is not null)::int`,
      })
      .from(funds);
    expect(stats.statedStatus).toBe(counted?.stated);
    expect(stats.statedStatus).toBe(3);
    await db.execute(sql`update ${funds} set investing_status = null, status = null`);
    t.app.services.fundsIndex.invalidate();
  });

  it("refuses the admin routes to a visitor (401) and a member (403)", async () => {
    for (const [method, url, payload] of [
      ["GET", "/_api/admin/data", undefined],
      ["POST", "/_api/admin/fund/mark-reviewed", { id: ids.get("Bare Fund") }],
    ] as const) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      expect((await call(method, url, memberToken, payload)).statusCode).toBe(403);
    }
  });

  it("shows the admin coverage matching the database, stale funds, open reports and the oldest facts", async () => {
    const db = t.testDatabase.database.db;
    const [member] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${MEMBER.email}`);
    await db.insert(fundReports).values({
      fundId: ids.get("Bare Fund") ?? 0,
      userId: member?.id ?? 0,
      field: "website",
      note: "It has a website now.",
    });
    await db.insert(fundFacts).values({
      fundId: ids.get("Web Only Ventures") ?? 0,
      field: "fundSize",
      value: "30000000",
      currency: "USD",
      kind: "final_close",
      sourceName: "Old filing",
      sourceUrl: "https://filings.example/old",
      asOf: "2019-03",
    });
    const response = await call("GET", "/_api/admin/data", adminToken);
    expect(response.statusCode).toBe(200);
    const data = adminDataResponseSchema.parse(response.json());
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(funds);
    expect(data.stats.totalFunds).toBe(counted?.total);
    expect(data.stats).toEqual(fundStatsSchema.parse((await call("GET", "/_api/funds/stats", null)).json()));
    // Never reviewed (an import without a date, changed today: a change is no review, issue 36), first;
    // then reviewed in 2020. Reviewed this year: not listed.
    expect(data.stale.funds.map((fund) => fund.name)).toEqual([
      "Web Only Ventures",
      "Later Fund",
      "Full Facts Capital",
    ]);
    expect(data.stale.funds.slice(0, 2).map((fund) => fund.lastReviewed)).toEqual([null, null]);
    expect(data.stale.total).toBe(3);
    // The sourced, dated fund size counts as such.
    expect(data.coverage.find((row) => row.fact === "fundSize")).toEqual({
      fact: "fundSize",
      funds: 1,
      sourced: 1,
      dated: 1,
    });
    expect(data.openReports.reports).toEqual([
      expect.objectContaining({ fundId: ids.get("Bare Fund"), fundName: "Bare Fund", field: "website" }),
    ]);
    // Dated March 2019, more than six years ago: a fund size to refresh.
    expect(data.oldFundSizes.facts[0]).toMatchObject({
      fundName: "Web Only Ventures",
      value: "30000000",
      asOf: "2019-03",
      sourceUrl: "https://filings.example/old",
    });
    expect((await call("GET", "/_api/admin/data?page=0", adminToken)).statusCode).toBe(400);
  });

  it("marks a fund reviewed today without changing anything else", async () => {
    const id = ids.get("Full Facts Capital") ?? 0;
    const db = t.testDatabase.database.db;
    const factsBefore = await db.select().from(fundFacts).where(sql`${fundFacts.fundId} = ${id}`);
    const response = await call("POST", "/_api/admin/fund/mark-reviewed", adminToken, { id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, lastReviewed: today() });
    const [row] = await db.select().from(funds).where(sql`${funds.id} = ${id}`);
    expect(row).toMatchObject({ lastReviewed: today(), website: "https://full.example/", leadsRounds: true });
    expect(await db.select().from(fundFacts).where(sql`${fundFacts.fundId} = ${id}`)).toEqual(factsBefore);
    const fund = fundResponseSchema.parse((await call("GET", `/_api/funds/${id}`, null)).json()).fund;
    expect(fund.lastReviewed).toBe(today());
    const data = adminDataResponseSchema.parse((await call("GET", "/_api/admin/data", adminToken)).json());
    // The two funds nobody reviewed stay listed: "every fund was reviewed" is not true yet.
    expect(data.stale.funds.map((fund) => fund.name)).toEqual(["Web Only Ventures", "Later Fund"]);

    expect((await call("POST", "/_api/admin/fund/mark-reviewed", adminToken, { id: 999_999 })).statusCode).toBe(404);
    expect((await call("POST", "/_api/admin/fund/mark-reviewed", adminToken, { id: "x" })).statusCode).toBe(400);
  });

  it("sets an edited fund's review date to today and records the admin as the changed facts' source", async () => {
    const id = ids.get("Bare Fund") ?? 0;
    const response = await call("POST", "/_api/admin/fund/update", adminToken, {
      id,
      fund: {
        name: "Bare Fund",
        country: "Luxembourg",
        city: null,
        website: "https://bare.example",
        linkedin: null,
        fundingStages: ["seed"],
        industryFocus: ["fintech"],
        fundSize: null,
        currency: null,
        checkSizeMinUsd: null,
        checkSizeMaxUsd: null,
        leadsRounds: null,
        foundedYear: null,
        description: null,
        fundManager: null,
        lastReviewed: "2026-01-01",
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().fund.lastReviewed).toBe(today());
    const facts = await t.testDatabase.database.db.select().from(fundFacts).where(sql`${fundFacts.fundId} = ${id}`);
    expect(facts).toEqual([
      expect.objectContaining({ field: "website", sourceName: ADMIN_EDIT_SOURCE, asOf: today(), sourceUrl: null }),
    ]);
  });
});
