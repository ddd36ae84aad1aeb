import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataVersions, fundFacts, funds } from "../../src/server/db/schema/index.js";
import { applyCuratedDataOnce, CURATED_DATA_STEP } from "../../src/server/funds/import/curated-data.js";
import { seedFundsIfPristine } from "../../src/server/funds/import/seed.js";
import { DATA_ADMIN_TEXTS } from "../../src/shared/admin-texts.js";
import { isOldFundSize } from "../../src/shared/fact-age.js";
import { adminDataResponseSchema } from "../../src/shared/schemas/admin-data.js";
import { isPublicationAddress, publicationName } from "../../src/shared/source-address.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";

const ADMIN = { email: "shipped-admin@example.com", password: "Admin-pass-1" };

/**
 * /admin/data on the shipped data (issue 36), each number checked against the stored rows counted
 * here in TypeScript, independently of the page's SQL: the hosts as the pages name them, the dated
 * facts, the old fund sizes, the curated-only funds, and that the seed reviewed nobody.
 */
describe.each(TEST_DRIVERS)("the admin's data page on the shipped data on %s", (driver) => {
  let t: TestApp;
  let token = "";
  const db = () => t.testDatabase.database.db;

  beforeAll(async () => {
    t = await createTestApp(driver, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const silent = pino({ level: "silent" });
    expect(await seedFundsIfPristine(db(), silent)).toBe(true);
    // The app's start ran the data step on the empty database: run it again on the seeded one, as a first start does.
    await db().delete(dataVersions).where(eq(dataVersions.name, CURATED_DATA_STEP));
    expect(await applyCuratedDataOnce(db(), silent)).toBe(true);
    t.app.services.fundsIndex.invalidate();
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    token = login.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  });
  afterAll(async () => t?.close());

  it("counts from the stored facts: hosts, dates, old fund sizes, curated-only funds, nobody reviewed", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/_api/admin/data",
      cookies: { fundmatch_session: token },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = adminDataResponseSchema.parse(response.json());
    const facts = (await db().select().from(fundFacts)).filter((fact) => fact.value !== null);
    const rows = await db().select().from(funds);
    expect(rows.length).toBe(751);

    // Every shipped source passes the rule; the hosts are the publications' names, counted alike.
    const byHost = new Map<string, number>();
    for (const fact of facts) {
      if (!fact.sourceUrl) continue;
      expect(isPublicationAddress(fact.sourceUrl), fact.sourceUrl).toBe(true);
      const host = publicationName(fact.sourceUrl);
      byHost.set(host, (byHost.get(host) ?? 0) + 1);
    }
    expect(page.sourceHosts.total).toBe(byHost.size);
    expect(page.sourceHosts.hosts.filter((host) => host.refused)).toEqual([]);
    for (const host of page.sourceHosts.hosts) expect(host.facts, host.host).toBe(byHost.get(host.host));

    // Every shipped fact is dated (its own date or the day its source was read); the ages add up.
    const dated = facts.filter((fact) => fact.asOf !== null || fact.retrievedOn !== null);
    expect(page.factAges.undated).toBe(facts.length - dated.length);
    expect(page.factAges.undated).toBe(0);
    const { undated, ...ages } = page.factAges;
    expect(Object.values(ages).reduce((sum, count) => sum + count, 0)).toBe(dated.length);
    const sizes = facts.filter((fact) => fact.field === "fundSize");
    const fundsWith = (list: typeof facts) => new Set(list.map((fact) => fact.fundId)).size;
    expect(page.coverage.find((row) => row.fact === "fundSize")).toMatchObject({
      sourced: fundsWith(sizes.filter((fact) => fact.sourceUrl !== null)),
      dated: fundsWith(sizes.filter((fact) => fact.asOf !== null || fact.retrievedOn !== null)),
    });

    const old = sizes.filter((fact) => isOldFundSize(fact.asOf));
    expect(page.oldFundSizes.total).toBe(old.length);
    expect(page.oldFundSizes.total).toBeGreaterThan(0);
    expect(page.oldFundSizes.facts.every((fact) => isOldFundSize(fact.asOf))).toBe(true);

    const withFacts = new Set(facts.map((fact) => fact.fundId));
    expect(page.curatedOnly.total).toBe(
      rows.filter((fund) => fund.source === "curated" && !withFacts.has(fund.id)).length,
    );
    // The seed reviews nobody: every fund is listed, and the page never says every fund was reviewed.
    expect(page.stale.total).toBe(751);
    expect(DATA_ADMIN_TEXTS.staleEmpty).toBe("Every fund was reviewed in the last 12 months.");
  });
});
