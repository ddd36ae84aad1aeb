import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundFacts, funds } from "../../src/server/db/schema/index.js";
import { findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
import { ageCutoff } from "../../src/shared/fact-age.js";
import { adminDataResponseSchema } from "../../src/shared/schemas/admin-data.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const ADMIN = { email: "truth-admin@example.com", password: "Admin-pass-1" };

/** A year ago and more, as YYYY-MM from today (the ages are counted from the day the page is asked). */
const monthsAgo = (months: number) => {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 7);
};

/** The day `days` days before today, YYYY-MM-DD. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * /admin/data tells the truth (issue 36): coverage per fact with how much is sourced and dated, the
 * facts by age, the funds whose only facts are curated, the sources by host, the funds a source
 * reports winding down, and "every fund was reviewed" only when every fund was.
 */
describe.each(TEST_DRIVERS)("the admin's data page on %s", (driver) => {
  let t: TestApp;
  let token = "";
  const db = () => t.testDatabase.database.db;
  const data = async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/_api/admin/data",
      cookies: { fundmatch_session: token },
    });
    expect(response.statusCode, response.body).toBe(200);
    return adminDataResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await insertFunds(db(), [
      {
        name: "Curated Only One",
        source: "curated",
        fund_size: "50000000",
        currency: "USD",
        last_reviewed: "2020-01-01",
      },
      { name: "Curated Only Two", source: "curated", website: "https://two.example" },
      {
        name: "Sourced Fund",
        source: "curated",
        fund_size: "80000000",
        currency: "EUR",
        website: "https://s.example",
        leads_rounds: "yes",
      },
      { name: "Reported Fund", source: "curated" },
      { name: "Old Fund", source: "curated", fund_size: "20000000", currency: "USD" },
      { name: "Read Long Ago Fund", source: "curated", fund_size: "30000000", currency: "USD" },
    ]);
    const ids = await findOldestFundIdsByNames(db(), [
      "sourced fund",
      "reported fund",
      "old fund",
      "read long ago fund",
    ]);
    const idOf = (name: string) => ids.get(`${name}\u0000luxembourg`) as number;
    const [sourced, reported, old, readLongAgo] = [
      idOf("sourced fund"),
      idOf("reported fund"),
      idOf("old fund"),
      idOf("read long ago fund"),
    ];
    const fact = {
      currency: null,
      kind: "stated",
      asOf: null,
      retrievedOn: null,
    } as const;
    await db()
      .insert(fundFacts)
      .values([
        // Its own date, two months ago: under a year.
        {
          ...fact,
          fundId: sourced,
          field: "fundSize",
          value: "80000000",
          currency: "EUR",
          kind: "final_close",
          sourceName: "techcrunch.com",
          sourceUrl: "https://techcrunch.com/sourced-fund-ii",
          asOf: monthsAgo(2),
        },
        // No date of its own, its source read two years ago: dated by that day, 1 to 3 years old.
        {
          ...fact,
          fundId: sourced,
          field: "website",
          value: "https://s.example/",
          sourceName: "192.0.2.7",
          sourceUrl: "http://192.0.2.7/mirror/sourced",
          retrievedOn: daysAgo(730),
        },
        // Neither date: undated.
        {
          ...fact,
          fundId: sourced,
          field: "leadsRounds",
          value: "true",
          sourceName: "192.0.2.7",
          sourceUrl: "http://192.0.2.7/mirror/leads",
        },
        {
          ...fact,
          fundId: reported,
          field: "status",
          value: "winding_down",
          sourceName: "ft.com",
          sourceUrl: "https://www.ft.com/reported-fund",
          asOf: monthsAgo(50),
        },
        // A fund closed in 2011, read last week: older than six years, and a fund size to refresh.
        {
          ...fact,
          fundId: old,
          field: "fundSize",
          value: "20000000",
          currency: "USD",
          kind: "final_close",
          sourceName: "businesswire.com",
          sourceUrl: "https://www.businesswire.com/news/2011/old-fund",
          asOf: "2011-06",
          retrievedOn: daysAgo(7),
        },
        // No date of its own, read eight years ago: an old fact, but not an old fund (its age is unknown).
        {
          ...fact,
          fundId: readLongAgo,
          field: "fundSize",
          value: "30000000",
          currency: "USD",
          kind: "final_close",
          sourceName: "news.prnewswire.com",
          sourceUrl: "https://reader@News.PRNewswire.com./read-long-ago",
          retrievedOn: daysAgo(8 * 366),
        },
      ]);
    await db().execute(sql`update ${funds} set status = 'winding_down' where ${funds.id} = ${reported}`);
    t.app.services.fundsIndex.invalidate();
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    token = login.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  });
  afterAll(async () => t?.close());

  it("counts what is sourced and dated, by age, by host, and lists the curated-only and reported funds", async () => {
    const page = await data();
    const coverage = (fact: string) => page.coverage.find((row) => row.fact === fact);
    // Four funds state a size; three have it from a source, all three dated (one only by its reading day).
    expect(coverage("fundSize")).toEqual({ fact: "fundSize", funds: 4, sourced: 3, dated: 3 });
    expect(coverage("website")).toEqual({ fact: "website", funds: 2, sourced: 1, dated: 1 });
    expect(coverage("leadsRounds")).toEqual({ fact: "leadsRounds", funds: 1, sourced: 1, dated: 0 });
    expect(page.factAges).toEqual({ underOneYear: 1, oneToThree: 1, threeToSix: 1, older: 2, undated: 1 });
    // A bare IP address stands out among the hosts, and the source rule flags it.
    expect(page.sourceHosts).toEqual({
      total: 5,
      hosts: [
        { host: "192.0.2.7", facts: 2, funds: 1, refused: true },
        { host: "businesswire.com", facts: 1, funds: 1, refused: false },
        { host: "ft.com", facts: 1, funds: 1, refused: false },
        // The host as the pages name it: no user name, 'www.', closing dot or capitals.
        { host: "news.prnewswire.com", facts: 1, funds: 1, refused: false },
        { host: "techcrunch.com", facts: 1, funds: 1, refused: false },
      ],
    });
    expect(page.curatedOnly).toEqual({
      total: 2,
      funds: [
        expect.objectContaining({ name: "Curated Only One" }),
        expect.objectContaining({ name: "Curated Only Two" }),
      ],
    });
    expect(page.reportedStatus).toEqual({
      total: 1,
      funds: [
        expect.objectContaining({
          name: "Reported Fund",
          status: "winding_down",
          sourceName: "ft.com",
          sourceUrl: "https://www.ft.com/reported-fund",
          asOf: monthsAgo(50),
        }),
      ],
    });
    // Only a fund size whose own date is more than six years old is one to refresh.
    expect(page.oldFundSizes).toEqual({
      before: ageCutoff(new Date(), 6),
      total: 1,
      facts: [
        {
          fundId: expect.any(Number),
          fundName: "Old Fund",
          value: "20000000",
          currency: "USD",
          kind: "final_close",
          asOf: "2011-06",
          sourceName: "businesswire.com",
          sourceUrl: "https://www.businesswire.com/news/2011/old-fund",
        },
      ],
    });
  });

  it("lists every fund nobody reviewed: 'every fund was reviewed' is true only once each one was", async () => {
    // Five funds were never reviewed (their import changed them today: no review), one in 2020.
    const before = await data();
    expect(before.stale.total).toBe(6);
    expect(before.stale.funds.map((fund) => fund.lastReviewed)).toEqual([null, null, null, null, null, "2020-01-01"]);
    for (const fund of before.stale.funds) {
      const response = await t.app.inject({
        method: "POST",
        url: "/_api/admin/fund/mark-reviewed",
        payload: { id: fund.id },
        cookies: { fundmatch_session: token },
      });
      expect(response.statusCode).toBe(200);
    }
    const after = await data();
    expect(after.stale).toMatchObject({ total: 0, funds: [] });
  });
});
