import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundFacts, funds } from "../../src/server/db/schema/index.js";
import { findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
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
      { name: "Sourced Fund", source: "curated", fund_size: "80000000", currency: "EUR", website: "https://s.example" },
      { name: "Reported Fund", source: "curated" },
    ]);
    const ids = await findOldestFundIdsByNames(db(), ["sourced fund", "reported fund"]);
    const [sourced, reported] = [...ids.values()] as [number, number];
    await db()
      .insert(fundFacts)
      .values([
        {
          fundId: sourced,
          field: "fundSize",
          value: "80000000",
          currency: "EUR",
          kind: "final_close",
          sourceName: "techcrunch.com",
          sourceUrl: "https://techcrunch.com/sourced-fund-ii",
          asOf: monthsAgo(2),
        },
        {
          fundId: sourced,
          field: "website",
          value: "https://s.example/",
          currency: null,
          kind: "stated",
          sourceName: "192.0.2.7",
          sourceUrl: "http://192.0.2.7/mirror/sourced",
          asOf: null,
        },
        {
          fundId: reported,
          field: "status",
          value: "winding_down",
          currency: null,
          kind: "stated",
          sourceName: "ft.com",
          sourceUrl: "https://www.ft.com/reported-fund",
          asOf: monthsAgo(50),
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
    expect(page.coverage.find((row) => row.fact === "fundSize")).toEqual({
      fact: "fundSize",
      funds: 2,
      sourced: 1,
      dated: 1,
    });
    expect(page.coverage.find((row) => row.fact === "website")).toEqual({
      fact: "website",
      funds: 2,
      sourced: 1,
      dated: 0,
    });
    expect(page.factAges).toEqual({ underOneYear: 1, oneToThree: 0, threeToSix: 1, older: 0, undated: 1 });
    // A bare IP address stands out among the hosts.
    expect(page.sourceHosts).toEqual({
      total: 3,
      hosts: expect.arrayContaining([
        { host: "techcrunch.com", facts: 1, funds: 1 },
        { host: "192.0.2.7", facts: 1, funds: 1 },
        { host: "ft.com", facts: 1, funds: 1 },
      ]),
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
  });

  it("lists every fund nobody reviewed: 'every fund was reviewed' is true only once each one was", async () => {
    // Three funds were never reviewed (their import changed them today: no review), one in 2020.
    const before = await data();
    expect(before.stale.total).toBe(4);
    expect(before.stale.funds.map((fund) => fund.lastReviewed)).toEqual([null, null, null, "2020-01-01"]);
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
