import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundFacts, funds, users } from "../../src/server/db/schema/index.js";
import { findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
import { addMember } from "../../src/server/investors/repository.js";
import { fundResponseSchema, fundSearchResponseSchema } from "../../src/shared/schemas/funds.js";
import { fundMatchResponseSchema } from "../../src/shared/schemas/match.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { type FundFixture, insertFunds } from "../support/funds.js";
import { multipart } from "../support/multipart.js";

const ADMIN = { email: "status-admin@example.com", password: "Admin-pass-1" };
const SUBSCRIBER = { email: "status-sub@example.com", password: "Sub-pass-12", displayName: "Sol Sub" };

/** A fund with every fact a search rewards: without a status it ranks above the bare ones. */
const rich = (name: string): FundFixture => ({
  name,
  website: `https://${name.toLowerCase().replaceAll(" ", "-")}.example`,
  fund_size: "250000000",
  currency: "USD",
  check_size_min_usd: "500000",
  check_size_max_usd: "3000000",
  leads_rounds: "yes",
  description: "Seed fintech investor in Luxembourg.",
  fund_manager: "A Partner",
  linkedin: "https://www.linkedin.com/company/example",
});

/**
 * A source's report that a firm no longer raises or invests (issue 36): admins and imports record
 * it with its source and date; the search and the match put a fund winding down or not raising
 * after every other one (never in a top 10 while ten others match), with a concern naming the
 * source; the "only funds actively investing" filter takes it as an answer.
 */
describe.each(TEST_DRIVERS)("a sourced status on %s", (driver) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids = new Map<string, number>();

  const db = () => t.testDatabase.database.db;
  const call = (who: string | null, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: who ? { fundmatch_session: tokens[who] ?? "" } : {},
    });
  const id = (name: string) => ids.get(name) as number;
  const setStatus = async (name: string, status: Record<string, unknown>) => {
    const fund = (await call("admin", "GET", `/_api/admin/fund/${id(name)}`)).json().fund;
    const { id: _id, countryCode: _c, source: _s, importId: _i, updatedAt: _u, ...fields } = fund;
    return call("admin", "POST", "/_api/admin/fund/update", { id: id(name), fund: { ...fields, ...status } });
  };
  const search = async (payload: object = {}) =>
    fundSearchResponseSchema.parse(
      (await call("subscriber", "POST", "/_api/funds/search", { country: "Luxembourg", limit: 50, ...payload })).json(),
    );
  const match = async (payload: object = {}) => {
    const response = await call("subscriber", "POST", "/_api/funds/match", {
      stage: "seed",
      sectors: ["fintech"],
      country: "Luxembourg",
      limit: 50,
      ...payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return fundMatchResponseSchema.parse(response.json());
  };
  const importCsv = (csv: string, sourceUrl?: string) => {
    const body = multipart([
      { name: "importMode", value: "update_duplicates" },
      ...(sourceUrl ? [{ name: "sourceUrl", value: sourceUrl }] : []),
      { name: "file", value: csv, fileName: "statuses.csv", type: "text/csv" },
    ]);
    return t.app.inject({
      method: "POST",
      url: "/_api/admin/import",
      headers: body.headers,
      payload: body.payload,
      cookies: { fundmatch_session: tokens.admin ?? "" },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const bare = Array.from({ length: 12 }, (_, index) => ({ name: `Plain Seed ${String(index).padStart(2, "0")}` }));
    await insertFunds(db(), [
      rich("Closing Capital"),
      rich("Parent Sheet Ventures"),
      rich("Active Team Fund"),
      ...bare,
    ]);
    const names = ["Closing Capital", "Parent Sheet Ventures", "Active Team Fund", ...bare.map((fund) => fund.name)];
    const found = await findOldestFundIdsByNames(
      db(),
      names.map((name) => name.toLowerCase()),
    );
    for (const name of names) ids.set(name, found.get(`${name.toLowerCase()}\u0000luxembourg`) as number);
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    tokens.admin = login.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    const subscriber = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: SUBSCRIBER,
    });
    tokens.subscriber = subscriber.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    await db()
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "lifetime" })
      .where(eq(users.email, SUBSCRIBER.email));
    const member = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "ana@active-team-fund.example", password: "Member-pass-1", displayName: "Ana" },
    });
    tokens.member = member.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    await addMember(db(), {
      fundId: id("Active Team Fund"),
      userId: member.json().user.id,
      via: "email",
      email: "ana@active-team-fund.example",
    });
  });
  afterAll(async () => t?.close());

  it("refuses a status without its source or date, and changes nothing", async () => {
    for (const [status, message] of [
      [{ status: "winding_down", statusAsOf: "2025-03" }, "A status needs its source"],
      [{ status: "winding_down", statusSourceUrl: "https://www.ft.com/closing" }, "A status needs its date"],
      [{ status: "winding_down", statusSourceUrl: "ftp://ft.com/x", statusAsOf: "2025-03" }, "web address"],
      [{ status: "winding_down", statusSourceUrl: "https://www.ft.com/x", statusAsOf: "March" }, "YYYY"],
      [{ status: "closed", statusSourceUrl: "https://www.ft.com/x", statusAsOf: "2025-03" }, "Status must be"],
    ] as const) {
      const response = await setStatus("Closing Capital", status);
      expect(response.statusCode, JSON.stringify(status)).toBe(400);
      expect(response.json().error).toContain(message);
    }
    expect(
      (
        await db()
          .select()
          .from(funds)
          .where(eq(funds.id, id("Closing Capital")))
      )[0]?.status,
    ).toBeNull();
  });

  it("never puts a fund a source reports winding down in a top 10, and says why with the source", async () => {
    const before = await search();
    expect(before.results.slice(0, 10).map((fund) => fund.name)).toContain("Closing Capital");
    const matchedBefore = await match();
    expect(matchedBefore.results.slice(0, 10).map((fund) => fund.name)).toContain("Closing Capital");

    const since = new Date(Date.now() - 1000);
    const saved = await setStatus("Closing Capital", {
      status: "winding_down",
      statusSourceUrl: "https://www.ft.com/content/closing-capital-winds-down",
      statusAsOf: "2025-03",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().fund).toMatchObject({
      status: "winding_down",
      statusSourceUrl: "https://www.ft.com/content/closing-capital-winds-down",
      statusAsOf: "2025-03",
    });

    // The fund page shows it with its source, to everyone.
    const page = fundResponseSchema.parse((await call(null, "GET", `/_api/funds/${id("Closing Capital")}`)).json());
    expect(page.fund.status).toEqual({
      value: "winding_down",
      sourceName: "ft.com",
      sourceUrl: "https://www.ft.com/content/closing-capital-winds-down",
      asOf: "2025-03",
    });
    expect(page.provenance.find((item) => item.field === "status")).toMatchObject({
      sourceName: "ft.com",
      asOf: "2025-03",
      origin: "source",
    });

    const after = await search();
    expect(after.totalCount).toBe(before.totalCount);
    expect(after.results.slice(0, 10).map((fund) => fund.name)).not.toContain("Closing Capital");
    expect(after.results.at(-1)?.name).toBe("Closing Capital");
    // Whatever the sort.
    for (const sort of ["fund_size", "recently_reviewed"]) {
      expect((await search({ sort })).results.at(-1)?.name, sort).toBe("Closing Capital");
    }
    const matched = await match();
    expect(matched.results.slice(0, 10).map((fund) => fund.name)).not.toContain("Closing Capital");
    const closing = matched.results.find((fund) => fund.name === "Closing Capital");
    expect(closing?.concerns[0]).toBe("Winding down, reported by ft.com (Mar 2025)");

    // A status that pauses without ending the fund is shown and named, but not ranked down.
    expect(
      (
        await setStatus("Parent Sheet Ventures", {
          status: "paused",
          statusSourceUrl: "https://www.reuters.com/parent-sheet-pauses",
          statusAsOf: "2026-10",
        })
      ).statusCode,
    ).toBe(200);
    const paused = (await match()).results.find((fund) => fund.name === "Parent Sheet Ventures");
    expect(paused?.concerns[0]).toBe("New investments paused, reported by reuters.com (Oct 2026)");
    expect((await match()).results.slice(0, 10).map((fund) => fund.name)).toContain("Parent Sheet Ventures");

    // The saved-search alerts read the change from the one history.
    const news = await t.app.services.funds.newsBetween(since, new Date(Date.now() + 1000));
    expect(news.changes).toContainEqual(
      expect.objectContaining({
        fundId: id("Closing Capital"),
        field: "status",
        valueBefore: null,
        valueAfter: "winding_down",
      }),
    );
  });

  it("imports a status column with the source its admin names, and leaves it out without one", async () => {
    const csv = ["name,status,status_as_of", "Parent Sheet Ventures,Not raising,2026-11"].join("\n");
    const unsourced = await importCsv(csv);
    expect(unsourced.statusCode, unsourced.body).toBe(200);
    expect(unsourced.json().warnings).toEqual([
      {
        row: 2,
        warning:
          "Status 'Not raising' in column 'status' is a status, which needs the import's source: name the publication that reports it; left out",
      },
    ]);
    expect(
      (
        await db()
          .select()
          .from(funds)
          .where(eq(funds.id, id("Parent Sheet Ventures")))
      )[0]?.status,
    ).toBe("paused");

    const sourced = await importCsv(csv, "https://www.bloomberg.com/news/parent-sheet");
    expect(sourced.statusCode, sourced.body).toBe(200);
    expect(sourced.json()).toMatchObject({ duplicatesUpdated: 1, failedImports: 0 });
    const [fact] = await db()
      .select()
      .from(fundFacts)
      .where(eq(fundFacts.fundId, id("Parent Sheet Ventures")))
      .then((rows) => rows.filter((row) => row.field === "status"));
    expect(fact).toMatchObject({
      value: "not_raising",
      sourceName: "bloomberg.com",
      sourceUrl: "https://www.bloomberg.com/news/parent-sheet",
      asOf: "2026-11",
    });
    const matched = await match();
    expect(matched.results.slice(0, 10).map((fund) => fund.name)).not.toContain("Parent Sheet Ventures");
    expect(matched.results.find((fund) => fund.name === "Parent Sheet Ventures")?.concerns[0]).toBe(
      "Not raising a new fund, reported by bloomberg.com (Nov 2026)",
    );
    // An unknown word is left out with a warning, never guessed.
    const unknown = await importCsv(["name,status", "Plain Seed 00,closed maybe"].join("\n"), "https://www.ft.com/x");
    expect(unknown.json().warnings?.[0]?.warning).toContain("not a status the import knows");
  });

  it("counts a sourced status as an answer in the 'only funds actively investing' filter", async () => {
    // The team's own word, today: actively investing.
    expect(
      (await call("member", "PATCH", `/_api/investor/funds/${id("Active Team Fund")}`, { investingStatus: "active" }))
        .statusCode,
    ).toBe(200);
    const active = async () => (await search({ activelyInvesting: true })).results.map((fund) => fund.name);
    expect(await active()).toEqual(["Active Team Fund"]);
    expect((await match({ activelyInvesting: true })).results.map((fund) => fund.name)).toEqual(["Active Team Fund"]);
    // An older report does not outweigh the team's later word: still active, not ranked down.
    expect(
      (
        await setStatus("Active Team Fund", {
          status: "winding_down",
          statusSourceUrl: "https://www.ft.com/team-active-old-news",
          statusAsOf: "2024-01",
        })
      ).statusCode,
    ).toBe(200);
    expect(await active()).toEqual(["Active Team Fund"]);
    expect((await match()).results.slice(0, 10).map((fund) => fund.name)).toContain("Active Team Fund");
    // A newer report is the answer now: the fund no longer says it invests.
    const next = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await setStatus("Active Team Fund", {
          status: "winding_down",
          statusSourceUrl: "https://www.ft.com/team-active-winds-down",
          statusAsOf: next,
        })
      ).statusCode,
    ).toBe(200);
    expect(await active()).toEqual([]);
    expect((await match()).results.slice(0, 10).map((fund) => fund.name)).not.toContain("Active Team Fund");
    // Funds with no word either way are not in it; a report alone is an answer, never "active".
    expect((await search({ activelyInvesting: true })).totalCount).toBe(0);
  });
});
