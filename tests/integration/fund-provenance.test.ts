import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataVersions, fundFacts, funds, users } from "../../src/server/db/schema/index.js";
import { ADMIN_EDIT_SOURCE } from "../../src/server/funds/admin-service.js";
import {
  applyCuratedData,
  applyCuratedDataOnce,
  CURATED_DATA_STEP,
} from "../../src/server/funds/import/curated-data.js";
import { seedFundsIfPristine } from "../../src/server/funds/import/seed.js";
import { readFundsVersion } from "../../src/server/funds/repository.js";
import { SEED_ENRICHMENT_CSV, SEED_FUNDS_CSV, SEED_WITHDRAWN_FACTS_CSV } from "../../src/server/paths.js";
import { PREMIUM_FACT_FIELDS } from "../../src/shared/fund-facts.js";
import { fundInputSchema } from "../../src/shared/schemas/fund-input.js";
import { fundResponseSchema, fundSearchResponseSchema } from "../../src/shared/schemas/funds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const silent = pino({ level: "silent" });
const ENRICHMENT = readFileSync(SEED_ENRICHMENT_CSV, "utf8");

/**
 * funds.csv as shipped before the corrections of 2026-11-27, for the rows they touched (the rest of
 * the file is unchanged): a database seeded from it must be brought up to date.
 */
function oldFundsCsv(): string {
  const lines = readFileSync(SEED_FUNDS_CSV, "utf8").trimEnd().split("\n");
  const patched = lines.map((line) => {
    if (line.startsWith("AirTree Ventures,")) return line.replace(/ai_ml,,,/, "ai_ml,700000000,AUD,");
    if (line.startsWith("Granite Asia,"))
      return line.replace(/mobility_transport,,,/, "mobility_transport,5000000000,USD,");
    if (line.startsWith("Thrive Capital,")) return line.replace(/digital_health,,,/, "digital_health,10000000000,USD,");
    if (line.startsWith("Giant Leap Fund,")) return line.replace(",AU,Melbourne,", ",AU,Sydney,");
    return line;
  });
  patched.push(
    "Naspers Foundry,South Africa,ZA,Cape Town,,seed;series_a;series_b,fintech;ecommerce;marketplaces;food_tech;digital_health;digital_education_consumer,1400000000,ZAR,,,,2019,Venture arm of Naspers that invests in South African technology startups addressing local needs.,curated,2026-11-21",
  );
  return `${patched.join("\n")}\n`;
}

const MEMBER = { email: "member@example.com", password: "Sup3rSecret1", displayName: "Mo Member" };
const LAPSED = { email: "lapsed@example.com", password: "Sup3rSecret1", displayName: "Lee Lapsed" };
const SUBSCRIBER = { email: "sub@example.com", password: "Sup3rSecret1", displayName: "Sue Subscriber" };

describe.each(TEST_DRIVERS)("fund facts and their provenance on %s", (driver) => {
  let t: TestApp;
  const cookies = { member: "", lapsed: "", subscriber: "" };
  const idOf = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.testDatabase.database.db;
    // A database seeded before this change: the old file, and the data step not yet run.
    const oldFile = path.join(mkdtempSync(path.join(tmpdir(), "fundmatch-old-seed-")), "funds.csv");
    writeFileSync(oldFile, oldFundsCsv());
    expect(await seedFundsIfPristine(db, silent, oldFile)).toBe(true);
    await db.delete(dataVersions).where(eq(dataVersions.name, CURATED_DATA_STEP));
    // An admin's later edit of a curated value: never clobbered.
    await db.update(funds).set({ fundSize: 12e9 }).where(eq(funds.name, "Thrive Capital"));

    for (const row of await db.select({ id: funds.id, name: funds.name }).from(funds)) idOf.set(row.name, row.id);
    const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
      `fundmatch_session=${response.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
    const register = async (payload: object) =>
      cookieOf(await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload }));
    cookies.member = await register(MEMBER);
    cookies.lapsed = await register(LAPSED);
    cookies.subscriber = await register(SUBSCRIBER);
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "lifetime" })
      .where(eq(users.email, SUBSCRIBER.email));
    await db
      .update(users)
      .set({ subscriptionStatus: "canceled", subscriptionType: "monthly" })
      .where(eq(users.email, LAPSED.email));
  });
  afterAll(async () => t?.close());

  const db = () => t.testDatabase.database.db;
  const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const fundOf = async (name: string, cookie?: string) => {
    const response = await get(`/_api/funds/${idOf.get(name)}`, cookie);
    expect(response.statusCode, name).toBe(200);
    return { body: fundResponseSchema.parse(response.json()), raw: response.body };
  };
  const factRows = () =>
    db()
      .select({
        fundId: fundFacts.fundId,
        field: fundFacts.field,
        value: fundFacts.value,
        currency: fundFacts.currency,
        kind: fundFacts.kind,
        sourceName: fundFacts.sourceName,
        sourceUrl: fundFacts.sourceUrl,
        asOf: fundFacts.asOf,
      })
      .from(fundFacts)
      .orderBy(fundFacts.fundId, fundFacts.field);
  const fundRows = () => db().select().from(funds).orderBy(funds.id);

  it("runs the data step once on a database seeded with the old file", async () => {
    expect(await applyCuratedDataOnce(db(), silent)).toBe(true);
    expect(await applyCuratedDataOnce(db(), silent)).toBe(false);
    t.app.services.fundsIndex.invalidate();
  });

  it("applies the corrections of funds.csv, but not over an admin's later edit", async () => {
    // The curated A$700M (a multi-fund raise) is gone; the file of 2026-12-07 found its 2014 fund.
    const [airtree] = await db().select().from(funds).where(eq(funds.name, "AirTree Ventures"));
    expect(airtree).toMatchObject({ fundSize: 60e6, currency: "AUD" });
    const [giantLeap] = await db().select().from(funds).where(eq(funds.name, "Giant Leap Fund"));
    expect(giantLeap?.city).toBe("Melbourne");
    expect(await db().select().from(funds).where(eq(funds.name, "Naspers Foundry"))).toEqual([]);
    const [thrive] = await db().select().from(funds).where(eq(funds.name, "Thrive Capital"));
    expect(thrive).toMatchObject({ fundSize: 12e9, aum: 25e9, aumCurrency: "USD" });
  });

  it("gives every shipped fact a source and a date, and calls no seeded fund reviewed", async () => {
    const shipped = await db().select().from(fundFacts).where(eq(fundFacts.origin, "source"));
    expect(shipped.length).toBeGreaterThan(1200);
    for (const fact of shipped) {
      expect(fact.sourceUrl, `${fact.fundId} ${fact.field}`).toMatch(/^https?:\/\//);
      expect(fact.asOf ?? fact.retrievedOn, `${fact.fundId} ${fact.field}`).not.toBeNull();
    }
    const rows = await fundRows();
    // The curated list's date is the record's, not a review: every seeded fund is unreviewed.
    expect(rows.filter((row) => row.lastReviewed !== null)).toEqual([]);
    expect(new Set(rows.map((row) => row.curatedOn))).toEqual(new Set(["2026-11-21"]));
    const { body } = await fundOf("3one4 Capital");
    expect(body.fund).toMatchObject({ lastReviewed: null, curatedOn: "2026-11-21" });
    expect(body.fund.listedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const item of body.provenance) expect(item.asOf ?? item.retrievedOn).not.toBeNull();
  });

  it("takes back a withdrawn fact to the curated value, but never an admin's", async () => {
    const files = {
      withdrawn: readFileSync(SEED_WITHDRAWN_FACTS_CSV, "utf8"),
      funds: readFileSync(SEED_FUNDS_CSV, "utf8"),
    };
    const oxx = idOf.get("Oxx") as number;
    const inovo = idOf.get("Inovo Venture Partners") as number;
    // As the file of 2026-11-27 left them: a podcast app's and a blog copy's facts.
    await db()
      .update(funds)
      .set({ fundSize: 190e6, currency: "USD", portfolio: ["Funnel", "Gravitee"] })
      .where(eq(funds.id, oxx));
    await db().update(funds).set({ fundSize: 54e6, currency: "EUR" }).where(eq(funds.id, inovo));
    const withdrawnUrls = [...files.withdrawn.matchAll(/^Oxx,GB,(fund_size|portfolio),(\S+)$/gm)].map(
      (match) => match[2],
    );
    expect(withdrawnUrls.length).toBe(2);
    const old = { currency: null, kind: "stated", asOf: null, retrievedOn: null } as const;
    await db()
      .insert(fundFacts)
      .values([
        {
          ...old,
          fundId: oxx,
          field: "fundSize",
          value: "190000000",
          currency: "USD",
          sourceUrl: withdrawnUrls[0] ?? null,
          sourceName: "share.snipd.com",
          asOf: "2022",
        },
        {
          ...old,
          fundId: oxx,
          field: "portfolio",
          value: "Funnel;Gravitee",
          sourceUrl: withdrawnUrls[1] ?? null,
          sourceName: "share.snipd.com",
        },
        // An admin has since stated Inovo's fund size: it stays.
        {
          ...old,
          fundId: inovo,
          field: "fundSize",
          value: "54000000",
          currency: "EUR",
          kind: "stated",
          sourceName: ADMIN_EDIT_SOURCE,
          sourceUrl: null,
          origin: "admin",
          asOf: "2026-12",
        },
      ]);
    const outcome = await applyCuratedData(db(), ENRICHMENT, files);
    expect(outcome.withdrawn).toBe(2);
    const [oxxRow] = await db().select().from(funds).where(eq(funds.id, oxx));
    expect(oxxRow).toMatchObject({ fundSize: null, currency: null, portfolio: [] });
    expect((await factRows()).filter((fact) => fact.fundId === oxx).map((fact) => fact.field)).toEqual(["leadsRounds"]);
    const [inovoRow] = await db().select().from(funds).where(eq(funds.id, inovo));
    expect(inovoRow).toMatchObject({ fundSize: 54e6, currency: "EUR" });
    // Run again: nothing left to take back.
    expect((await applyCuratedData(db(), ENRICHMENT, files)).withdrawn).toBe(0);
    t.app.services.fundsIndex.invalidate();
  });

  it("keeps assets under management apart from the fund size", async () => {
    const { body } = await fundOf("Granite Asia");
    expect(body.fund).toMatchObject({ fundSize: null, currency: null, aum: 5e9, aumCurrency: "USD" });
    expect(body.provenance).toContainEqual(
      expect.objectContaining({ field: "aum", kind: "aum", asOf: "2024-10", amount: 5e9, currency: "USD" }),
    );
    expect(body.provenance.some((item) => item.field === "fundSize")).toBe(false);
  });

  it("gives a fund size its source, date and kind; a final close wins over a target", async () => {
    const { body } = await fundOf("3one4 Capital");
    expect(body.fund).toMatchObject({ fundSize: 200e6, currency: "USD", fundSizeKind: "final_close" });
    expect(body.provenance).toContainEqual({
      field: "fundSize",
      sourceName: "cdn.dealstreetasia.com",
      sourceUrl: "https://cdn.dealstreetasia.com/stories/3one4-capital-interview-353798",
      asOf: "2023-05",
      kind: "final_close",
      amount: 200e6,
      currency: "USD",
      // Shipped with the curated data: its named source, recorded when the data step ran.
      origin: "source",
      recordedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      retrievedOn: "2026-11-27",
    });
    // Square Peg has two targets and no close: the later target, labelled as one.
    const squarePeg = (await fundOf("Square Peg")).body;
    expect(squarePeg.fund).toMatchObject({ fundSize: 550e6, fundSizeKind: "target" });
    expect(squarePeg.provenance.find((item) => item.field === "fundSize")).toMatchObject({
      kind: "target",
      asOf: "2024-03",
    });
  });

  it("sends a premium fact's provenance to subscribers only", async () => {
    for (const cookie of [undefined, cookies.member, cookies.lapsed]) {
      const { body, raw } = await fundOf("100X.VC", cookie);
      expect(body.fund.isPremium).toBe(true);
      for (const item of body.provenance) expect(PREMIUM_FACT_FIELDS.has(item.field)).toBe(false);
      expect(raw).not.toContain("business-standard.com");
      expect(body.provenance.map((item) => item.field)).toEqual(["sectorAgnostic"]);
    }
    const { body } = await fundOf("100X.VC", cookies.subscriber);
    // The cheque range is stored in USD through the fixed rates; the fact keeps the rupees.
    expect(body.fund).toMatchObject({ checkSizeMinUsd: 29_250, checkSizeMaxUsd: 29_250, sectorAgnostic: true });
    expect(body.provenance).toContainEqual(
      expect.objectContaining({ field: "checkSizeMinUsd", kind: "typical", amount: 2_500_000, currency: "INR" }),
    );
  });

  it("counts the known facts in every search result, for everyone", async () => {
    const response = await t.app.inject({ method: "POST", url: "/_api/funds/search", payload: { country: "India" } });
    const body = fundSearchResponseSchema.parse(response.json());
    expect(body.results.length).toBeGreaterThan(0);
    for (const result of body.results) {
      expect(result.factsKnown).toBeGreaterThanOrEqual(0);
      expect(result).not.toHaveProperty("portfolio");
    }
    // Cherry Ventures: fund size, cheque range, leads rounds, website, portfolio and sector-agnostic;
    // no LinkedIn or fund manager. Its premium facts are counted for a visitor too, never sent.
    const cherry = (await fundOf("Cherry Ventures")).body.fund;
    expect(cherry.factsKnown).toBe(6);
    expect(cherry).toMatchObject({ sectorAgnostic: true, isPremium: true });
  });

  it("finds a fund by a portfolio company for a subscriber, and shows the portfolio to subscribers only", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/funds/search",
      headers: { cookie: cookies.subscriber },
      payload: { query: "Canva" },
    });
    const names = fundSearchResponseSchema.parse(response.json()).results.map((result) => result.name);
    expect(names).toEqual(expect.arrayContaining(["AirTree Ventures", "Square Peg"]));
    expect((await fundOf("AirTree Ventures", cookies.subscriber)).body.fund.portfolio).toContain("Canva");
    const visitor = await fundOf("AirTree Ventures");
    expect(visitor.body.fund).not.toHaveProperty("portfolio");
    expect(visitor.raw).not.toContain("Canva");
  });

  it("gives the same rows when run again, and never replaces a fact whose own date is newer", async () => {
    const factsBefore = await factRows();
    const fundsBefore = await fundRows();
    expect(factsBefore.length).toBeGreaterThan(800);
    await applyCuratedData(db(), ENRICHMENT);
    expect(await factRows()).toEqual(factsBefore);
    expect((await fundRows()).map(({ updatedAt: _, ...row }) => row)).toEqual(
      fundsBefore.map(({ updatedAt: _, ...row }) => row),
    );

    const id = idOf.get("3one4 Capital") as number;
    await db().update(funds).set({ fundSize: 300e6 }).where(eq(funds.id, id));
    const version = await readFundsVersion(db());
    await db()
      .update(fundFacts)
      .set({ value: "300000000", asOf: "2026-06", kind: "final_close", sourceName: "the fund's team", sourceUrl: null })
      .where(and(eq(fundFacts.fundId, id), eq(fundFacts.field, "fundSize")));
    // A provenance write moves the funds' data version: every instance's index learns of it.
    expect(await readFundsVersion(db())).toBe(version + 1);
    const newer = await factRows();
    await applyCuratedData(db(), ENRICHMENT);
    expect(await factRows()).toEqual(newer);
    const [fund] = await db().select().from(funds).where(eq(funds.id, id));
    expect(fund?.fundSize).toBe(300e6);
  });

  it("dates an admin's edit as the newest source of what it changed, which the data step then keeps", async () => {
    const id = idOf.get("Square Peg") as number;
    const [row] = await db().select().from(funds).where(eq(funds.id, id));
    if (!row) throw new Error("Square Peg is missing");
    const input = fundInputSchema.parse({
      name: row.name,
      country: row.country,
      city: row.city,
      website: row.website,
      linkedin: row.linkedin,
      fundingStages: row.fundingStages,
      industryFocus: row.industryFocus,
      fundSize: 800e6,
      currency: "USD",
      checkSizeMinUsd: row.checkSizeMinUsd,
      checkSizeMaxUsd: row.checkSizeMaxUsd,
      leadsRounds: row.leadsRounds,
      foundedYear: row.foundedYear,
      description: row.description,
      fundManager: row.fundManager,
      lastReviewed: row.lastReviewed,
    });
    await t.app.services.fundAdmin.update(id, input, null);
    await applyCuratedData(db(), ENRICHMENT);
    t.app.services.fundsIndex.invalidate();
    const { body } = await fundOf("Square Peg", cookies.subscriber);
    expect(body.fund.fundSize).toBe(800e6);
    expect(body.provenance.find((item) => item.field === "fundSize")).toMatchObject({
      sourceName: ADMIN_EDIT_SOURCE,
      sourceUrl: null,
      kind: "stated",
      amount: 800e6,
      currency: "USD",
    });
    // What the edit left alone keeps its source.
    expect(body.provenance.find((item) => item.field === "leadsRounds")?.sourceUrl).toMatch(/^https:\/\/medium\.com\//);
  });
});
