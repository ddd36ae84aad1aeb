import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedFunds, users } from "../../src/server/db/schema/index.js";
import { countFunds } from "../../src/server/funds/repository.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { messyInvestorCsv } from "../support/messy-investors.js";
import { multipart, type Part } from "../support/multipart.js";

const ADMIN = { email: "importer@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "plain@example.com", password: "Member-pass-1", displayName: "Plain Member" };

const csvFile = (csv: string, fileName = "investors.csv"): Part => ({
  name: "file",
  value: csv,
  fileName,
  type: "text/csv",
});

const MESSY_HEADER = "Investor Name,HQ,Stage(s),Sectors,Cheque/Check Size,Notes";
const messy = [
  MESSY_HEADER,
  'Fjord Seed,"Oslo, Norway","Pre-seed, Seed",FinTech,"$250K - $2M",Nordic fintech',
  "Alchemy Labs,NOR,Series A+,Alchemy,€1M-5M,Quantum",
  "Buyout House,Norway,Buyout,SaaS,,",
  "Atlantis Capital,Atlantis,Seed,SaaS,,",
  MESSY_HEADER,
  ",Norway,Seed,SaaS,,",
].join("\n");

describe.each(TEST_DRIVERS)("the admin's import preview, mapping, history and fund management on %s", (driver) => {
  let t: TestApp;
  let adminCookie = "";
  let memberCookie = "";

  beforeAll(async () => {
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SENSITIVE_SCALE: "100",
    });
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    adminCookie = login.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    const member = await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: MEMBER });
    memberCookie = member.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  });
  afterAll(async () => t?.close());

  const post = (url: string, parts: Part[], cookie = adminCookie, accept?: string) => {
    const body = multipart(parts);
    return t.app.inject({
      method: "POST",
      url,
      headers: { ...body.headers, ...(accept ? { accept } : {}) },
      payload: body.payload,
      cookies: cookie ? { fundmatch_session: cookie } : {},
    });
  };
  const get = (url: string, cookie = adminCookie) =>
    t.app.inject({ method: "GET", url, cookies: cookie ? { fundmatch_session: cookie } : {} });
  const postJson = (url: string, payload: object, cookie = adminCookie) =>
    t.app.inject({ method: "POST", url, payload, cookies: cookie ? { fundmatch_session: cookie } : {} });
  const funds = () => countFunds(t.testDatabase.database.db);
  const searchNames = async (payload: object) =>
    ((await postJson("/_api/funds/search", { ...payload, limit: 100 })).json().results as Array<{ name: string }>).map(
      (fund) => fund.name,
    );

  it("previews a messy file without writing: the mapping, unknown values with counts, what it would do", async () => {
    const before = await funds();
    const response = await post("/_api/admin/import/preview", [csvFile(messy, "messy.csv")]);
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.rowCount).toBe(5);
    expect(preview.columns).toEqual([
      { column: "Investor Name", field: "name", samples: expect.any(Array) },
      { column: "HQ", field: "country", samples: expect.any(Array) },
      { column: "Stage(s)", field: "fundingStages", samples: expect.any(Array) },
      { column: "Sectors", field: "industryFocus", samples: expect.any(Array) },
      { column: "Cheque/Check Size", field: "checkSize", samples: expect.any(Array) },
      { column: "Notes", field: "description", samples: expect.any(Array) },
    ]);
    expect(preview.unknownValues).toEqual(
      expect.arrayContaining([
        { field: "industryFocus", column: "Sectors", value: "Alchemy", count: 1, mappable: true },
        { field: "fundingStages", column: "Stage(s)", value: "Buyout", count: 1, mappable: true },
        { field: "country", column: "HQ", value: "Atlantis", count: 1, mappable: true },
      ]),
    );
    expect(preview.summary).toMatchObject({ total: 5, newRecords: 1, duplicatesFound: 0, failed: 4 });
    expect(preview.errors).toEqual([
      { row: 3, error: "no usable industry focus (column 'Sectors', value 'Alchemy')" },
      { row: 4, error: "no usable funding stage (column 'Stage(s)', value 'Buyout')" },
      { row: 5, error: "no usable country (column 'HQ', value 'Atlantis')" },
      { row: 7, error: "name is required (column 'Investor Name' is empty)" },
    ]);
    expect(preview.rows).toEqual([
      expect.objectContaining({
        row: 2,
        name: "Fjord Seed",
        country: "Norway",
        city: "Oslo",
        fundingStages: ["pre_seed", "seed"],
        industryFocus: ["fintech"],
        checkSizeMinUsd: 250_000,
        checkSizeMaxUsd: 2_000_000,
        duplicate: false,
      }),
    ]);
    expect(await funds()).toBe(before);
  });

  it("imports with the admin's mapping, records provenance and the history row", async () => {
    const mapping = {
      columns: { Notes: null },
      values: {
        industryFocus: { Alchemy: "deep_tech" },
        fundingStages: { Buyout: "growth" },
        country: { Atlantis: "GR" },
      },
    };
    const previewed = await post("/_api/admin/import/preview", [
      { name: "mapping", value: JSON.stringify(mapping) },
      csvFile(messy, "messy.csv"),
    ]);
    expect(previewed.json().summary).toMatchObject({ newRecords: 4, failed: 1 });
    expect(previewed.json().unknownValues).toEqual([]);

    const before = await funds();
    // A source that is no web address is refused, and nothing is written.
    for (const bad of [
      "ftp://files.example/list.csv",
      "javascript:alert(1)",
      "not a url",
      `https://${"a".repeat(600)}.example`,
    ]) {
      const refused = await post("/_api/admin/import", [
        { name: "sourceUrl", value: bad },
        csvFile(messy, "messy.csv"),
      ]);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error).toContain("sourceUrl must be the publication's web address");
    }
    expect(await funds()).toBe(before);
    const response = await post("/_api/admin/import", [
      { name: "importMode", value: "skip_duplicates" },
      { name: "mapping", value: JSON.stringify(mapping) },
      { name: "sourceUrl", value: "https://www.investor-directory.com/europe" },
      csvFile(messy, "messy.csv"),
    ]);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ successfulImports: 4, failedImports: 1, duplicatesFound: 0 });
    expect(result.errors).toEqual([{ row: 7, error: "name is required (column 'Investor Name' is empty)" }]);
    expect(await funds()).toBe(before + 4);
    expect(await searchNames({ country: "Greece" })).toEqual(["Atlantis Capital"]);

    const list = (await get("/_api/admin/funds?q=Alchemy")).json();
    expect(list.funds[0]).toMatchObject({
      name: "Alchemy Labs",
      country: "Norway",
      industryFocus: ["deep_tech"],
      fundingStages: ["series_a", "series_b", "series_c"],
      // The source the admin named, never the file's name (issue 36): that stays in the history below.
      source: "investor-directory.com",
      importId: result.importId,
      lastReviewed: new Date().toISOString().slice(0, 10),
      description: null,
    });

    const history = (await get("/_api/admin/import/history")).json().imports;
    expect(history[0]).toMatchObject({
      id: result.importId,
      adminEmail: ADMIN.email,
      fileName: "messy.csv",
      sourceUrl: "https://www.investor-directory.com/europe",
      mode: "skip_duplicates",
      status: "completed",
      totalRows: 5,
      successfulImports: 4,
      failedImports: 1,
    });
  });

  it.each([
    ["not JSON", "{", "The mapping is not valid JSON."],
    ["an unknown key", JSON.stringify({ columns: {}, extra: 1 }), "Unknown field(s) in the mapping: extra."],
    ["an unknown field", JSON.stringify({ columns: { HQ: "headquarters" } }), "The mapping is invalid (at columns.HQ)"],
    [
      "a field fed twice",
      JSON.stringify({ columns: { HQ: "name", Notes: "name" } }),
      "Each field can be fed by one column only.",
    ],
    [
      "an unknown code",
      JSON.stringify({ columns: {}, values: { industryFocus: { x: "alchemy" } } }),
      "The mapping is invalid",
    ],
    ["a prototype key", '{"columns":{"__proto__":"name"}}', "The mapping is invalid"],
    ["a reserved key deep down", '{"columns":{},"values":{"country":{"x":[{"constructor":1}]}}}', "reserved key"],
    ["a deep nesting", `${"[".repeat(100_000)}${"]".repeat(100_000)}`, "The mapping is invalid"],
    [
      "a column the file lacks",
      JSON.stringify({ columns: { Phone: "name" } }),
      "The mapping names a column the file does not have: 'Phone'.",
    ],
    [
      "an unknown country",
      JSON.stringify({ columns: {}, values: { country: { Atlantis: "XX" } } }),
      "The mapping names an unknown country code: 'XX'.",
    ],
  ])("refuses a mapping with %s and stores nothing", async (_case, mapping, message) => {
    const before = await funds();
    for (const url of ["/_api/admin/import/preview", "/_api/admin/import"]) {
      const response = await post(url, [{ name: "mapping", value: mapping }, csvFile(messy)]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
    }
    expect(await funds()).toBe(before);
  });

  it("streams progress, then the result, to a client that asks for it", async () => {
    const csv = [
      "name,country,funding_stages,industry_focus",
      ...Array.from({ length: 2500 }, (_, i) => `Stream ${i},Norway,seed,fintech`),
    ].join("\n");
    const response = await post(
      "/_api/admin/import",
      [csvFile(csv, "stream.csv")],
      adminCookie,
      "application/x-ndjson",
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/x-ndjson");
    const lines = response.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.filter((line) => line.phase === "checking").map((line) => line.processed)).toEqual([2000, 2500]);
    // Writing reports after each batch, not only at the end.
    const writing = lines.filter((line) => line.phase === "writing");
    expect(writing.length).toBeGreaterThan(1);
    expect(writing.at(-1)).toMatchObject({ processed: 2500, total: 2500 });
    expect(lines.at(-1)).toMatchObject({ type: "result", result: { successfulImports: 2500 } });
    // A refused file still gets its plain 4xx answer.
    const refused = await post(
      "/_api/admin/import",
      [csvFile("name,website\nA,b.com\n")],
      adminCookie,
      "application/x-ndjson",
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: "Missing required column(s): country, fundingStages, industryFocus" });
  });

  it("is all or nothing: a failure injected mid-import leaves the fund count unchanged", async () => {
    const db = t.testDatabase.database.db;
    await db.execute(sql`CREATE FUNCTION poison_fund() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END; $$`);
    await db.execute(sql`CREATE TRIGGER poison_fund BEFORE INSERT ON funds FOR EACH ROW
      WHEN (NEW.name = 'Poison Fund') EXECUTE FUNCTION poison_fund()`);
    try {
      const rows = Array.from(
        { length: 1800 },
        (_, i) => `${i === 1400 ? "Poison Fund" : `Batch Fund ${i}`},Norway,seed,fintech`,
      );
      const before = await funds();
      const response = await post("/_api/admin/import", [
        csvFile(["name,country,funding_stages,industry_focus", ...rows].join("\n"), "poison.csv"),
      ]);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
      expect(await funds()).toBe(before);
      const [latest] = (await get("/_api/admin/import/history")).json().imports;
      expect(latest).toMatchObject({ fileName: "poison.csv", status: "failed", successfulImports: 0 });

      const streamed = await post(
        "/_api/admin/import",
        [csvFile(["name,country,funding_stages,industry_focus", ...rows].join("\n"), "poison.csv")],
        adminCookie,
        "application/x-ndjson",
      );
      expect(
        streamed.body
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line))
          .at(-1),
      ).toEqual({
        type: "error",
        status: 500,
        error: "Something went wrong on our side. Please try again.",
      });
      expect(await funds()).toBe(before);
    } finally {
      await db.execute(sql`DROP TRIGGER poison_fund ON funds`);
      await db.execute(sql`DROP FUNCTION poison_fund()`);
    }
  });

  it("imports at least 85% of a messy real-world list of 3,000 investors with no hand mapping", async () => {
    const csv = messyInvestorCsv(3000);
    const preview = (await post("/_api/admin/import/preview", [csvFile(csv, "wild.csv")])).json();
    expect(preview.rowCount).toBe(3000);
    expect(preview.missing).toEqual([]);
    const response = await post("/_api/admin/import", [csvFile(csv, "wild.csv")]);
    const result = response.json();
    const processed = result.successfulImports + result.duplicatesFound + result.failedImports;
    expect(processed).toBe(3000);
    const share = result.successfulImports / 3000;
    expect(share).toBeGreaterThanOrEqual(0.85);
    expect(result.successfulImports).toBe(preview.summary.newRecords);
    // Every failure names its column and value.
    for (const error of result.errors) expect(error.error).toMatch(/\(column '[^']+'(, value '.+'| is empty)\)$/);
  });

  it("imports fund sizes in whole units, and none in a currency the product does not convert", async () => {
    const csv = [
      "name,country,funding_stages,industry_focus,fund_size,currency,check_size",
      "Fraction Fund,Norway,seed,fintech,1.2345k,EUR,$1234.5 - $2000.5",
      "Franc Fund,Norway,seed,fintech,5M,XOF,$1M",
      "Object Fund,Norway,seed,fintech,5 constructor,USD,3 constructor",
    ].join("\n");
    const response = await post("/_api/admin/import", [csvFile(csv, "amounts.csv")]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ successfulImports: 3, failedImports: 0 });
    const stored = async (name: string) =>
      (await get(`/_api/admin/funds?q=${encodeURIComponent(name)}`))
        .json()
        .funds.find((fund: { name: string }) => fund.name === name);
    expect(await stored("Fraction Fund")).toMatchObject({
      fundSize: 1235,
      currency: "EUR",
      checkSizeMinUsd: 1235,
      checkSizeMaxUsd: 2001,
    });
    expect(await stored("Franc Fund")).toMatchObject({ fundSize: null, currency: null, checkSizeMinUsd: 1_000_000 });
    expect(await stored("Object Fund")).toMatchObject({ fundSize: null, checkSizeMinUsd: null, checkSizeMaxUsd: null });
    expect(response.json().warnings).toEqual(
      expect.arrayContaining([
        { row: 3, warning: expect.stringContaining("'XOF' in column 'currency'") },
        { row: 3, warning: expect.stringContaining("in XOF, which has no reference rate to USD") },
        { row: 4, warning: expect.stringContaining("'5 constructor'") },
      ]),
    );
  });

  it("lets the admin edit a fund, which search sees at once, and delete it with the saved copies", async () => {
    const fund = (await get("/_api/admin/funds?q=Fjord%20Seed&pageSize=100"))
      .json()
      .funds.find((candidate: { name: string }) => candidate.name === "Fjord Seed");
    const edited = await postJson("/_api/admin/fund/update", {
      id: fund.id,
      fund: {
        name: "Fjord Seed II",
        country: "SWE",
        city: "Stockholm",
        website: "https://fjord.example",
        linkedin: null,
        fundingStages: ["seed", "series_a"],
        industryFocus: ["fintech", "saas"],
        fundSize: 50_000_000,
        currency: "EUR",
        checkSizeMinUsd: 100_000,
        checkSizeMaxUsd: 1_000_000,
        leadsRounds: true,
        foundedYear: 2019,
        description: "Edited by hand",
        fundManager: null,
        lastReviewed: "2026-12-01",
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().fund).toMatchObject({
      name: "Fjord Seed II",
      country: "Sweden",
      countryCode: "SE",
      source: "investor-directory.com",
    });
    expect(await searchNames({ country: "Sweden", fundingStage: "series_a", industryFocus: ["saas"] })).toContain(
      "Fjord Seed II",
    );

    const db = t.testDatabase.database.db;
    const [member] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${MEMBER.email}`);
    await db.insert(savedFunds).values({ userId: member?.id ?? 0, fundId: fund.id });
    const deleted = await postJson("/_api/admin/fund/delete", { id: fund.id });
    expect(deleted.json()).toEqual({ message: "Fund deleted." });
    expect(await searchNames({ country: "Sweden" })).not.toContain("Fjord Seed II");
    expect(await db.select().from(savedFunds).where(sql`${savedFunds.fundId} = ${fund.id}`)).toEqual([]);
    expect((await postJson("/_api/admin/fund/delete", { id: fund.id })).statusCode).toBe(404);
  });

  it.each([
    [{ name: "" }, "Name is required."],
    [{ country: "Atlantis" }, "Country 'Atlantis' is not a country we know."],
    [{ fundingStages: ["seedling"] }, "Choose funding stages from the list."],
    [{ industryFocus: ["alchemy"] }, "Choose industries from the list."],
    [{ website: "javascript:alert(1)" }, "Website must be a web address starting with http:// or https://."],
    [{ checkSizeMinUsd: 5, checkSizeMaxUsd: 1 }, "Minimum check size must not be above the maximum."],
    [{ foundedYear: 1492 }, "Founded year must be 1800 or later."],
    // Whole amounts only: a cheque column is an integer, where a fraction failed with a 500.
    [{ checkSizeMinUsd: 0.5 }, "Minimum check size must be a whole number."],
    [{ checkSizeMaxUsd: 2_000_000.25 }, "Maximum check size must be a whole number."],
    [{ fundSize: 150_000_000.5, currency: "USD" }, "Fund size must be a whole number."],
    [{ checkSizeMaxUsd: 1e16 }, "Maximum check size is too large."],
    [{ fundSize: 5_000_000, currency: "ZZZ" }, "Currency must be one the product converts"],
    [{ extra: 1 }, ""],
  ])("refuses an edit with %o", async (overrides, message) => {
    const [fund] = (await get("/_api/admin/funds?q=Alchemy")).json().funds;
    const base = {
      name: fund.name,
      country: fund.country,
      city: null,
      website: null,
      linkedin: null,
      fundingStages: fund.fundingStages,
      industryFocus: fund.industryFocus,
      fundSize: null,
      currency: null,
      checkSizeMinUsd: null,
      checkSizeMaxUsd: null,
      leadsRounds: null,
      foundedYear: null,
      description: null,
      fundManager: null,
      lastReviewed: null,
    };
    const response = await postJson("/_api/admin/fund/update", { id: fund.id, fund: { ...base, ...overrides } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it("pages and searches the fund table", async () => {
    const page = (await get("/_api/admin/funds?pageSize=10&page=2")).json();
    expect(page).toMatchObject({ page: 2, pageSize: 10 });
    expect(page.funds).toHaveLength(10);
    expect((await get("/_api/admin/funds?q=%25")).json().total).toBe(0);
    expect((await get("/_api/admin/funds?pageSize=7")).statusCode).toBe(400);
  });

  it.each([
    ["GET", "/_api/admin/import/history"],
    ["GET", "/_api/admin/funds"],
    ["POST", "/_api/admin/fund/update"],
    ["POST", "/_api/admin/fund/delete"],
    ["POST", "/_api/admin/import/preview"],
  ])("guards %s %s: 401 for a visitor, 403 for a member", async (method, url) => {
    const visitor = await t.app.inject({ method: method as "GET", url });
    expect(visitor.statusCode).toBe(401);
    const member = await t.app.inject({ method: method as "GET", url, cookies: { fundmatch_session: memberCookie } });
    expect(member.statusCode).toBe(403);
  });
});
