import * as XLSX from "@e965/xlsx";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundFacts, funds, users } from "../../src/server/db/schema/index.js";
import { fundStatsSchema } from "../../src/shared/schemas/admin-data.js";
import { fundResponseSchema } from "../../src/shared/schemas/funds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

/**
 * Issue 36, every fact checkable: the public counts of sourced and dated facts are the database's,
 * a result carries its fund size's source, and the export gives each fact its source and date, says
 * "Not disclosed" for an unknown fact and has no column for a detail no fund holds.
 */
const FIXTURES = [
  {
    name: "Sourced Size Capital",
    fund_size: "120000000",
    currency: "EUR",
    website: "https://sourced.example",
    check_size_min_usd: "100000",
    check_size_max_usd: "1000000",
    leads_rounds: "true",
  },
  { name: "Read Day Ventures", fund_size: "40000000", currency: "USD", website: "https://readday.example" },
  { name: "Curated Only Fund", fund_size: "10000000", currency: "USD", leads_rounds: "false" },
  { name: "Old Size Partners", fund_size: "75000000", currency: "USD" },
];

describe.each(TEST_DRIVERS)("facts with their sources and dates on %s", (driver) => {
  let t: TestApp;
  let lifetimeToken = "";
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.testDatabase.database.db;
    await insertFunds(db, FIXTURES);
    for (const row of await db.select({ id: funds.id, name: funds.name }).from(funds)) ids.set(row.name, row.id);
    const id = (name: string) => ids.get(name) as number;
    // As the shipped data has them: curated records, and only the facts below stated with a source.
    await db.update(funds).set({ source: "curated", curatedOn: "2026-11-21" });
    await db.delete(fundFacts);
    const fact = (fundId: number, field: string, values: Partial<typeof fundFacts.$inferInsert>) => ({
      fundId,
      field,
      kind: "stated",
      sourceName: "example.com",
      origin: "source" as const,
      ...values,
    });
    await db.insert(fundFacts).values([
      fact(id("Sourced Size Capital"), "fundSize", {
        value: "120000000",
        currency: "EUR",
        kind: "final_close",
        sourceName: "techcrunch.com",
        sourceUrl: "https://techcrunch.com/2024/03/05/sourced-size-fund-iii",
        asOf: "2024-03",
        retrievedOn: "2026-12-07",
      }),
      fact(id("Sourced Size Capital"), "checkSizeMinUsd", {
        value: "100000",
        currency: "USD",
        kind: "typical",
        sourceName: "sourced.example",
        sourceUrl: "https://sourced.example/thesis",
        retrievedOn: "2026-12-07",
      }),
      // An admin's word without an address: shown with its source name, never counted as sourced.
      fact(id("Sourced Size Capital"), "leadsRounds", {
        value: "true",
        sourceName: "FundMatch admin",
        origin: "admin",
      }),
      fact(id("Read Day Ventures"), "fundSize", {
        value: "40000000",
        currency: "USD",
        kind: "target",
        sourceName: "readday.example",
        sourceUrl: "https://www.readday.example/news",
        retrievedOn: "2026-12-07",
      }),
      fact(id("Old Size Partners"), "fundSize", {
        value: "75000000",
        currency: "USD",
        kind: "final_close",
        sourceName: "sec.gov",
        sourceUrl: "https://www.sec.gov/old-size-partners",
        asOf: "2011-05",
        retrievedOn: "2026-12-07",
      }),
    ]);
    t.app.services.fundsIndex.invalidate();

    const email = "lifetime-facts@example.com";
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: "Export-pass-1", displayName: "Lifetime" },
    });
    expect(registered.statusCode).toBe(201);
    lifetimeToken = registered.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "lifetime" })
      .where(eq(users.email, email));
  });
  afterAll(async () => t?.close());

  it("counts the facts shown, those with a public source and a date, and those with their own date, as the database holds them", async () => {
    const stats = fundStatsSchema.parse((await t.app.inject({ method: "GET", url: "/_api/funds/stats" })).json());
    const db = t.testDatabase.database.db;
    // The same definitions, in SQL: the informative facts known on the funds, and the (fund, fact)
    // pairs with a fact row that has an address and a date (a cheque range once, through either end).
    const result = await db.execute(sql`
      select
        (select coalesce(sum(
          (fund_size is not null)::int
          + (check_size_min_usd is not null or check_size_max_usd is not null)::int
          + (leads_rounds is not null)::int
          + (coalesce(website, '') <> '')::int
          + (cardinality(portfolio) > 0)::int
          + (sector_agnostic is not null)::int
          + (coalesce(linkedin, '') <> '')::int
          + (coalesce(fund_manager, '') <> '')::int), 0) from ${funds})::int as known,
        (select count(distinct (fund_id, case when field like 'checkSize%' then 'chequeRange' else field end))
          from ${fundFacts}
          where source_url is not null and (as_of is not null or retrieved_on is not null)
            and field in ('fundSize', 'checkSizeMinUsd', 'checkSizeMaxUsd', 'leadsRounds', 'website', 'portfolio', 'sectorAgnostic'))::int as sourced,
        (select count(distinct (fund_id, case when field like 'checkSize%' then 'chequeRange' else field end))
          from ${fundFacts}
          where source_url is not null and as_of is not null
            and field in ('fundSize', 'checkSizeMinUsd', 'checkSizeMaxUsd', 'leadsRounds', 'website', 'portfolio', 'sectorAgnostic'))::int as own
    `);
    const [counted] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      known: number;
      sourced: number;
      own: number;
    }>;
    expect(stats.facts).toEqual({
      known: Number(counted?.known),
      sourcedAndDated: Number(counted?.sourced),
      withOwnDate: Number(counted?.own),
    });
    // By hand: four sized funds, a cheque range, two websites and two round roles; the admin's word is no source.
    expect(stats.facts).toEqual({ known: 9, sourcedAndDated: 4, withOwnDate: 2 });
    // No fund has a LinkedIn page or a fund manager: nothing to sell.
    expect(stats.withFact).toMatchObject({ linkedin: 0, fundManager: 0, fundSize: 4 });
  });

  it("gives a result its fund size's source and date, and none for a size from the curated list", async () => {
    const answer = async (name: string) =>
      fundResponseSchema.parse((await t.app.inject({ method: "GET", url: `/_api/funds/${ids.get(name)}` })).json());
    const sourced = await answer("Sourced Size Capital");
    expect(sourced.fund.fundSizeSource).toMatchObject({
      field: "fundSize",
      sourceName: "techcrunch.com",
      sourceUrl: "https://techcrunch.com/2024/03/05/sourced-size-fund-iii",
      asOf: "2024-03",
      retrievedOn: "2026-12-07",
      kind: "final_close",
    });
    expect((await answer("Read Day Ventures")).fund.fundSizeSource).toMatchObject({
      asOf: null,
      retrievedOn: "2026-12-07",
    });
    const curated = await answer("Curated Only Fund");
    expect(curated.fund.fundSizeSource).toBeNull();
    expect(curated.fund).toMatchObject({ source: "curated", curatedOn: "2026-11-21", lastReviewed: null });
    // The search's results carry it too (the cards).
    const search = await t.app.inject({ method: "POST", url: "/_api/funds/search", payload: {} });
    const results = (search.json() as { results: Array<{ name: string; fundSizeSource: unknown }> }).results;
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result).toHaveProperty("fundSizeSource");
  });

  it("gives the cards and the match's reasons each fact's source, premium sources only to those who see the fact", async () => {
    type Sourced = {
      name: string;
      factSources: Array<{ field: string; sourceName: string }>;
      premiumFactSources?: Array<{ field: string; sourceName: string; retrievedOn: string | null }>;
      reasons: string[];
      reasonFacts: Array<string | null>;
      concerns: string[];
      concernFacts: Array<string | null>;
    };
    const profile = { raiseAmountUsd: 500_000, needsLead: true, country: "Germany" };
    const match = async (cookies?: Record<string, string>) =>
      (
        (await t.app.inject({ method: "POST", url: "/_api/funds/match", payload: profile, cookies })).json() as {
          results: Sourced[];
        }
      ).results;
    const paid = (await match({ fundmatch_session: lifetimeToken })).find(
      (result) => result.name === "Sourced Size Capital",
    );
    expect(paid?.factSources.map((item) => item.field)).toEqual(["fundSize"]);
    expect(paid?.premiumFactSources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: "checkSizeMinUsd",
          sourceName: "sourced.example",
          retrievedOn: "2026-12-07",
        }),
        expect.objectContaining({ field: "leadsRounds", sourceName: "FundMatch admin" }),
      ]),
    );
    // Each text names the fact it rests on, in the same order: the cheque range, leading, the place.
    expect(paid?.reasonFacts).toHaveLength(paid?.reasons.length ?? -1);
    expect(paid?.concernFacts).toHaveLength(paid?.concerns.length ?? -1);
    const factOf = (text: RegExp) => {
      const position = paid?.reasons.findIndex((reason) => text.test(reason)) ?? -1;
      expect(position, `${text} in ${paid?.reasons.join(" | ")}`).toBeGreaterThanOrEqual(0);
      return paid?.reasonFacts[position];
    };
    // Either end stands for the range (the card shows the source of the end that has one).
    expect(["checkSizeMinUsd", "checkSizeMaxUsd"]).toContain(factOf(/^Cheque range/));
    expect(factOf(/^Leads rounds$/)).toBe("leadsRounds");
    // A visitor sees neither the premium facts nor their sources, and no text built on them.
    const visitor = (await match()).find((result) => result.name === "Sourced Size Capital");
    expect(visitor).toBeDefined();
    expect(visitor).not.toHaveProperty("premiumFactSources");
    expect(visitor?.reasonFacts).not.toContain("checkSizeMinUsd");
    expect(visitor?.reasonFacts).not.toContain("leadsRounds");
    // A fund size's reason (a fund without a known cheque range) rests on the fund size, whose source everyone sees.
    const readDay = (await match()).find((result) => result.name === "Read Day Ventures");
    const sized = readDay?.reasons.findIndex((reason) => /fund/.test(reason)) ?? -1;
    expect(sized, readDay?.reasons.join(" | ")).toBeGreaterThanOrEqual(0);
    expect(readDay?.reasonFacts[sized]).toBe("fundSize");
    expect(readDay?.factSources.map((item) => item.field)).toContain("fundSize");
    // The search's cards carry the same.
    const search = await t.app.inject({ method: "POST", url: "/_api/funds/search", payload: {} });
    const card = (search.json() as { results: Sourced[] }).results.find((r) => r.name === "Sourced Size Capital");
    expect(card?.factSources.map((item) => item.field)).toEqual(["fundSize"]);
    expect(card).not.toHaveProperty("premiumFactSources");
  });

  it("exports each fact's source and date, 'Not disclosed' for an unknown fact, and no column no fund fills", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/_api/funds/export",
      remoteAddress: "10.9.0.1",
      cookies: { fundmatch_session: lifetimeToken },
    });
    expect(response.statusCode).toBe(200);
    const workbook = XLSX.read(response.rawPayload, { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets.Funds as XLSX.WorkSheet);
    const header = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Funds as XLSX.WorkSheet, { header: 1 })[0];
    expect(header).not.toContain("LinkedIn");
    expect(header).not.toContain("Fund Manager");
    expect(header).toEqual(
      expect.arrayContaining(["Fund Size Source", "Fund Size Date", "Check Size Source", "Website Date"]),
    );
    const row = (name: string) => rows.find((item) => item.Name === name) ?? {};
    expect(row("Sourced Size Capital")).toMatchObject({
      "Fund Size Source": "https://techcrunch.com/2024/03/05/sourced-size-fund-iii",
      "Fund Size Date": "final close Mar 2024",
      "Check Size Source": "https://sourced.example/thesis",
      "Check Size Date": "source read 7 Dec 2026",
      "Leads Rounds Source": "FundMatch admin",
      "Website Source": "from FundMatch's curated list, Nov 2026; no public source yet",
      Portfolio: "Not disclosed",
    });
    expect(row("Read Day Ventures")).toMatchObject({ "Fund Size Date": "source read 7 Dec 2026" });
    expect(row("Old Size Partners")).toMatchObject({ "Fund Size Age": "older fund (2011)" });
    expect(row("Curated Only Fund")).toMatchObject({
      "Fund Size Source": "from FundMatch's curated list, Nov 2026; no public source yet",
      "Check Size Min (USD)": "Not disclosed",
      Website: "Not disclosed",
    });
    expect(row("Curated Only Fund")).not.toHaveProperty("Fund Size Date");
  });
});
