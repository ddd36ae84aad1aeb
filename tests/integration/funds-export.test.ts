import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema/index.js";
import { EXPORT_COLUMNS } from "../../src/server/funds/export.js";
import { BILLING_TEXTS } from "../../src/shared/billing-texts.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const FIXTURES = [
  {
    name: "Alpha Seed Fintech",
    funding_stages: "seed",
    industry_focus: "fintech",
    leads_rounds: "true",
    website: "https://alpha.example",
    fund_manager: "Pat Example",
    linkedin: "https://www.linkedin.com/company/alpha-example",
    check_size_min_usd: "250000",
    check_size_max_usd: "1000000",
    fund_size: "50000000",
    currency: "USD",
    founded_year: "2015",
  },
  {
    name: "Beta Generalist",
    funding_stages: "pre_seed;seed;series_a;series_b",
    industry_focus: "saas;ai_ml;fintech;gaming;iot;space",
    leads_rounds: "true",
  },
  { name: "Gamma Follower", funding_stages: "seed", industry_focus: "fintech;saas", leads_rounds: "false" },
  { name: "Delta Unknown", funding_stages: "seed;series_a", industry_focus: "fintech" },
  { name: "Zeta Twin", funding_stages: "series_a", industry_focus: "biotech" },
  { name: "Eta Twin", funding_stages: "series_a", industry_focus: "biotech" },
  { name: "Echo Berlin", country: "Germany", funding_stages: "series_b;growth", industry_focus: "biotech;fintech" },
  { name: "Kappa Paris", country: "France", funding_stages: "growth", industry_focus: "space" },
];

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const column = (header: string) => EXPORT_COLUMNS.findIndex((c) => c.header === header);

/** The export read back as a spreadsheet program would: header row first. */
function readExport(body: Buffer) {
  const workbook = XLSX.read(body, { type: "buffer", cellDates: true });
  expect(workbook.SheetNames).toEqual(["Funds"]);
  const sheet = workbook.Sheets.Funds as XLSX.WorkSheet;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
  const names = rows.slice(1).map((row) => row[column("Name")]);
  return { sheet, rows, names };
}

describe.each(TEST_DRIVERS)("Excel export of funds on %s", (driver) => {
  let t: TestApp;
  const tokens: Record<"free" | "monthly" | "lifetime" | "canceledLifetime", string> = {
    free: "",
    monthly: "",
    lifetime: "",
    canceledLifetime: "",
  };
  // The export allows 10 calls a minute per client: each test asks from an address of its own.
  let nextAddress = 1;

  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertFunds(t.testDatabase.database.db, FIXTURES);
    t.app.services.fundsIndex.invalidate();
    const subscriptions = {
      free: [null, null],
      monthly: ["active", "monthly"],
      lifetime: ["active", "lifetime"],
      canceledLifetime: ["canceled", "lifetime"],
    } as const;
    for (const [kind, [subscriptionStatus, subscriptionType]] of Object.entries(subscriptions)) {
      const email = `${kind.toLowerCase()}@example.com`;
      const registered = await t.app.inject({
        method: "POST",
        url: "/_api/auth/register_with_password",
        payload: { email, password: "Export-pass-1", displayName: kind },
      });
      expect(registered.statusCode).toBe(201);
      tokens[kind as keyof typeof tokens] =
        registered.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
      await t.testDatabase.database.db
        .update(users)
        .set({ subscriptionStatus, subscriptionType })
        .where(eq(users.email, email));
    }
  });
  afterAll(async () => t?.close());

  const exportAs = (who: keyof typeof tokens | null, query = "", remoteAddress = `10.0.0.${nextAddress++}`) =>
    t.app.inject({
      method: "GET",
      url: `/_api/funds/export${query}`,
      remoteAddress,
      cookies: who ? { fundmatch_session: tokens[who] } : {},
    });

  it("asks a visitor to log in", async () => {
    const response = await exportAs(null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Please log in to export funds." });
  });

  it.each(["free", "monthly", "canceledLifetime"] as const)("refuses a %s member with 403", async (who) => {
    const response = await exportAs(who);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: BILLING_TEXTS.exportLifetimeOnly });
  });

  it("gates before it looks at the filters", async () => {
    expect((await exportAs(null, "?fundingStage=nope")).statusCode).toBe(401);
    expect((await exportAs("monthly", "?fundingStage=nope")).statusCode).toBe(403);
  });

  it("gives a Lifetime member every fund with every field, sorted by name", async () => {
    const response = await exportAs("lifetime");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(XLSX_TYPE);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="fundmatch-funds-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");

    const { sheet, rows, names } = readExport(response.rawPayload);
    expect(rows[0]).toEqual(EXPORT_COLUMNS.map((c) => c.header));
    expect(rows).toHaveLength(FIXTURES.length + 1);
    expect(names).toEqual(FIXTURES.map((fund) => fund.name).sort((a, b) => a.localeCompare(b, "en")));

    const alphaRow = names.indexOf("Alpha Seed Fintech") + 1;
    const at = (header: string) => sheet[XLSX.utils.encode_cell({ r: alphaRow, c: column(header) })] as XLSX.CellObject;
    for (const header of ["ID", "Fund Size", "Check Size Min (USD)", "Check Size Max (USD)", "Founded Year"]) {
      expect(at(header).t, header).toBe("n");
    }
    expect(at("Fund Size").v).toBe(50_000_000);
    expect(at("Check Size Min (USD)").v).toBe(250_000);
    expect(at("Founded Year").v).toBe(2015);
    expect(at("Added (UTC)").t).toBe("d");
    expect(at("Leads Rounds").v).toBe("Yes");
    expect(at("Website").v).toBe("https://alpha.example/");
    expect(at("Fund Manager").v).toBe("Pat Example");
    expect(at("LinkedIn").v).toBe("https://www.linkedin.com/company/alpha-example");
    expect(at("Funding Stages").v).toBe("Seed");
    expect(at("Industry Focus").v).toBe("Fintech");
  });

  it("with filters, exports the search's matches in the search's order", async () => {
    const search = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      cookies: { fundmatch_session: tokens.lifetime },
      payload: { country: "Luxembourg", fundingStage: "seed", industryFocus: ["fintech"], limit: 100 },
    });
    const { results, totalCount } = search.json() as { results: { name: string }[]; totalCount: number };
    expect(totalCount).toBe(4);

    const response = await exportAs("lifetime", "?country=luxembourg&fundingStage=seed&industryFocus=fintech");
    expect(response.statusCode).toBe(200);
    const { rows, names } = readExport(response.rawPayload);
    expect(rows).toHaveLength(totalCount + 1);
    expect(names).toEqual(results.map((fund) => fund.name));
  });

  it("narrows by a single filter, and treats empty and '__empty' filters as 'any'", async () => {
    const germany = readExport((await exportAs("lifetime", "?country=Germany")).rawPayload);
    expect(germany.names).toEqual(["Echo Berlin"]);
    const biotech = readExport((await exportAs("lifetime", "?industryFocus=biotech")).rawPayload);
    expect(biotech.names).toHaveLength(3);
    const any = readExport(
      (await exportAs("lifetime", "?country=__empty&fundingStage=&industryFocus=__empty")).rawPayload,
    );
    expect(any.rows).toHaveLength(FIXTURES.length + 1);
    const none = readExport((await exportAs("lifetime", "?country=Atlantis")).rawPayload);
    expect(none.rows).toEqual([EXPORT_COLUMNS.map((c) => c.header)]);
  });

  it.each([
    ["?fundingStage=series_z", /Unknown funding stage 'series_z'/],
    ["?industryFocus=underwater_basket_weaving", /Unknown industry focus/],
    ["?industryFocus=fintech&industryFocus=alchemy", /Unknown industry focus 'alchemy'/],
    ["?fundSizeMinUsd=lots", /fundSizeMinUsd must be a number/],
    ["?leadsRounds=false", /leadsRounds can only be true/],
    ["?regions=atlantis", /Unknown region 'atlantis'/],
    ["?query=a&query=b", /query must be given once/],
    [`?country=${"x".repeat(101)}`, /at most 100 characters/],
    ["?colour=blue", /Unknown parameter\(s\) in the export: colour/],
  ])("answers 400 {error} to a bad filter %s", async (query, message) => {
    const response = await exportAs("lifetime", query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(message) });
  });

  it("exports what an advanced search shows: several industries, leads rounds, a text query, a sort", async () => {
    const both = readExport((await exportAs("lifetime", "?industryFocus=biotech&industryFocus=space")).rawPayload);
    expect(both.names.sort()).toEqual(["Beta Generalist", "Echo Berlin", "Eta Twin", "Kappa Paris", "Zeta Twin"]);
    const leads = readExport((await exportAs("lifetime", "?leadsRounds=true&query=alpha")).rawPayload);
    expect(leads.names).toEqual(["Alpha Seed Fintech"]);
    const bySize = readExport((await exportAs("lifetime", "?sort=fund_size")).rawPayload);
    expect(bySize.names[0]).toBe("Alpha Seed Fintech");
  });

  it("allows 10 export calls a minute per client, refused ones included", async () => {
    const address = "10.9.9.9";
    for (let call = 0; call < 10; call++) expect((await exportAs(null, "", address)).statusCode).toBe(401);
    const limited = await exportAs("lifetime", "", address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) });
  });
});
