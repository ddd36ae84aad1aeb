import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds, users } from "../../src/server/db/schema/index.js";
import type { NewFundRow } from "../../src/server/db/types.js";
import { type FundResult, fundResponseSchema, fundSearchResponseSchema } from "../../src/shared/schemas/funds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

/**
 * Issue 21's rule "unknown is never treated as a mismatch, and never hidden as one": sector-agnostic
 * funds, funds whose industries or stages are unknown, and the raise filter's three groups.
 */

const ADMIN = { email: "admin-generalists@example.com", password: "Admin-pass-1" };

/** A bare fund: every informative field unknown, so that two fixtures differ only where a test says. */
const fund = (name: string, country: string, overrides: Partial<NewFundRow> = {}): NewFundRow => ({
  name,
  country,
  countryCode: country === "Luxembourg" ? "LU" : "NO",
  fundingStages: ["seed"],
  industryFocus: ["fintech"],
  source: "curated",
  lastReviewed: "2026-11-20",
  ...overrides,
});

const FIXTURES: NewFundRow[] = [
  // Industry matching, in Luxembourg.
  fund("Specialist Fintech", "Luxembourg"),
  fund("Generalist Across", "Luxembourg", { industryFocus: [], sectorAgnostic: true }),
  fund("Biotech Only", "Luxembourg", { industryFocus: ["biotech"] }),
  fund("Undisclosed Industries", "Luxembourg", { industryFocus: [] }),
  fund("Undisclosed Stages", "Luxembourg", { fundingStages: [] }),
  // The raise's groups, in Norway (a $2M raise: pre-seed, seed or Series A).
  fund("Covers Seed", "Norway", { checkSizeMinUsd: 500_000, checkSizeMaxUsd: 5_000_000 }),
  fund("Covers Series A", "Norway", {
    fundingStages: ["series_a"],
    checkSizeMinUsd: 1_000_000,
    checkSizeMaxUsd: 3_000_000,
  }),
  fund("Unknown Cheque Seed", "Norway"),
  fund("Half Known Cheque", "Norway", { checkSizeMinUsd: 100_000 }),
  fund("Unknown Everything", "Norway", { fundingStages: [], industryFocus: [] }),
  fund("Unknown Cheque Growth", "Norway", { fundingStages: ["growth"] }),
  fund("Excludes Raise", "Norway", { checkSizeMinUsd: 5_000_000, checkSizeMaxUsd: 10_000_000 }),
  fund("Half Excludes Raise", "Norway", { checkSizeMinUsd: 3_000_000 }),
];

describe.each(TEST_DRIVERS)("generalists and unknowns on %s", (driver) => {
  let t: TestApp;
  const cookies = { member: "", subscriber: "", lifetime: "", admin: "" };
  const idOf = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: "0",
    });
    const db = t.testDatabase.database.db;
    for (const row of await db.insert(funds).values(FIXTURES).returning({ id: funds.id, name: funds.name })) {
      idOf.set(row.name, row.id);
    }
    t.app.services.fundsIndex.invalidate();
    const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
      `fundmatch_session=${response.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
    for (const kind of ["member", "subscriber", "lifetime"] as const) {
      cookies[kind] = cookieOf(
        await t.app.inject({
          method: "POST",
          url: "/_api/auth/register_with_password",
          payload: { email: `${kind}@example.com`, password: "Sup3rSecret1", displayName: kind },
        }),
      );
    }
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "monthly" })
      .where(eq(users.email, "subscriber@example.com"));
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "lifetime" })
      .where(eq(users.email, "lifetime@example.com"));
    cookies.admin = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN }),
    );
  });
  afterAll(async () => t?.close());

  const search = async (payload: object, cookie = cookies.subscriber) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: cookie ? { cookie } : {},
      payload: { limit: 100, ...payload },
    });
    expect(response.statusCode, response.body).toBe(200);
    return fundSearchResponseSchema.parse(response.json());
  };
  const names = (results: readonly FundResult[]) => results.map((result) => result.name);

  it("ranks a specialist above an otherwise equal sector-agnostic fund, which says why it matches", async () => {
    for (const cookie of ["", cookies.member, cookies.subscriber]) {
      const body = await search({ country: "Luxembourg", industryFocus: ["fintech"] }, cookie);
      // Undisclosed Stages lists fintech; Biotech Only and Undisclosed Industries do not match.
      expect(names(body.results)).toEqual(["Specialist Fintech", "Undisclosed Stages", "Generalist Across"]);
      const generalist = body.results.find((result) => result.name === "Generalist Across");
      expect(generalist?.matchReasons).toContain("Invests across sectors");
      expect(generalist?.sectorAgnostic).toBe(true);
    }
    // Any industry: the generalist matches a space search on its own.
    expect(names((await search({ country: "Luxembourg", industryFocus: ["space"] }, "")).results)).toEqual([
      "Generalist Across",
    ]);
  });

  it("filters to sector-agnostic funds for a subscriber only", async () => {
    const body = await search({ sectorAgnostic: true });
    expect(names(body.results)).toEqual(["Generalist Across"]);
    const member = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: { cookie: cookies.member },
      payload: { sectorAgnostic: true },
    });
    expect(member.statusCode).toBe(402);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: { cookie: cookies.subscriber },
      payload: { sectorAgnostic: false },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain("sectorAgnostic can only be true");
  });

  it("stores funds whose industries or stages are unknown and matches them only without that filter", async () => {
    const all = await search({ country: "Luxembourg" });
    expect(names(all.results)).toEqual(
      expect.arrayContaining(["Undisclosed Industries", "Undisclosed Stages", "Generalist Across"]),
    );
    const undisclosedStages = all.results.find((result) => result.name === "Undisclosed Stages");
    expect(undisclosedStages?.fundingStages).toEqual([]);
    expect(undisclosedStages?.fundingStage).toBeNull();
    const undisclosedIndustries = all.results.find((result) => result.name === "Undisclosed Industries");
    expect(undisclosedIndustries?.industryFocus).toEqual([]);
    expect(undisclosedIndustries?.sectorAgnostic).toBeNull();

    const bySeed = names((await search({ country: "Luxembourg", fundingStage: "seed" })).results);
    expect(bySeed).toContain("Undisclosed Industries");
    expect(bySeed).not.toContain("Undisclosed Stages");
    const byIndustry = names((await search({ country: "Luxembourg", industryFocus: ["biotech", "saas"] })).results);
    expect(byIndustry).not.toContain("Undisclosed Industries");
    expect(byIndustry).toEqual(["Biotech Only", "Generalist Across"]);

    // Fund pages cope: similar funds are found for a fund that discloses neither stages nor industries.
    const page = await t.app.inject({ method: "GET", url: `/_api/funds/${idOf.get("Unknown Everything")}` });
    expect(page.statusCode).toBe(200);
    const answer = fundResponseSchema.parse(page.json());
    expect(answer.fund.fundingStage).toBeNull();
    expect(answer.similar.length).toBeGreaterThan(0);
    expect(answer.similar.every((similar) => similar.country === "Norway")).toBe(true);
  });

  it("groups a raise: covering cheque ranges first, then unknown ones whose stages fit, and counts each", async () => {
    const body = await search({ country: "Norway", raiseAmountUsd: 2_000_000 });
    const fits = body.results.map((result) => [result.name, result.chequeFit]);
    expect(fits.slice(0, 2).map(([, fit]) => fit)).toEqual(["covers", "covers"]);
    expect(new Set(fits.slice(0, 2).map(([name]) => name))).toEqual(new Set(["Covers Seed", "Covers Series A"]));
    expect(new Set(fits.slice(2).map(([name]) => name))).toEqual(
      new Set(["Unknown Cheque Seed", "Half Known Cheque", "Unknown Everything"]),
    );
    expect(fits.slice(2).every(([, fit]) => fit === "unknown")).toBe(true);
    expect(body.chequeFitCounts).toEqual({ covers: 2, unknown: 3 });
    expect(body.totalCount).toBe(5);
    // A known range excluding the raise drops the fund; so do stages the raise is not (growth for $2M).
    for (const dropped of ["Excludes Raise", "Half Excludes Raise", "Unknown Cheque Growth"]) {
      expect(names(body.results)).not.toContain(dropped);
    }
    // With a stage filter, the filter decides which stages fit.
    const growth = await search({ country: "Norway", raiseAmountUsd: 2_000_000, fundingStages: ["growth"] });
    expect(names(growth.results)).toEqual(["Unknown Cheque Growth"]);
    expect(growth.chequeFitCounts).toEqual({ covers: 0, unknown: 1 });
    // A page further on keeps each result's group.
    const second = await search({ country: "Norway", raiseAmountUsd: 2_000_000, offset: 1, limit: 2 });
    expect(second.results.map((result) => result.chequeFit)).toEqual(["covers", "unknown"]);
    expect(second.chequeFitCounts).toEqual({ covers: 2, unknown: 3 });
    // Without a raise there is no group.
    const plain = await search({ country: "Norway" });
    expect(plain.chequeFitCounts).toBeUndefined();
    expect(plain.results.every((result) => result.chequeFit === undefined)).toBe(true);
  });

  it("keeps the raise a subscriber's filter: a member is refused, a visitor's basic search gets 3", async () => {
    const member = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: { cookie: cookies.member },
      payload: { country: "Norway", raiseAmountUsd: 2_000_000 },
    });
    expect(member.statusCode).toBe(402);
    const visitor = await search({ country: "Norway" }, "");
    expect(visitor.results).toHaveLength(3);
    expect(visitor.totalCount).toBe(8);
  });

  it("exports the sector-agnostic flag and the portfolio", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/_api/funds/export?country=Luxembourg&sectorAgnostic=true",
      headers: { cookie: cookies.lifetime },
    });
    expect(response.statusCode).toBe(200);
    const sheet = XLSX.read(response.rawPayload, { type: "buffer" }).Sheets.Funds as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Name: "Generalist Across", "Sector Agnostic": "Yes" });
  });

  it("lets the admin set sector-agnostic, the portfolio and empty industries", async () => {
    const id = idOf.get("Biotech Only");
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/admin/fund/update",
      headers: { cookie: cookies.admin },
      payload: {
        id,
        fund: {
          name: "Biotech Only",
          country: "Luxembourg",
          city: null,
          website: null,
          linkedin: null,
          fundingStages: ["seed"],
          industryFocus: [],
          fundSize: null,
          currency: null,
          checkSizeMinUsd: null,
          checkSizeMaxUsd: null,
          leadsRounds: null,
          foundedYear: null,
          description: null,
          fundManager: null,
          lastReviewed: null,
          sectorAgnostic: true,
          portfolio: ["Acme Bio", " Beta Labs "],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().fund).toMatchObject({
      sectorAgnostic: true,
      portfolio: ["Acme Bio", "Beta Labs"],
      industryFocus: [],
    });
    const body = await search({ country: "Luxembourg", sectorAgnostic: true });
    expect(names(body.results).sort()).toEqual(["Biotech Only", "Generalist Across"]);
    expect(body.results.find((result) => result.name === "Biotech Only")?.portfolio).toEqual(["Acme Bio", "Beta Labs"]);
  });
});
