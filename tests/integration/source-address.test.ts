import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundFactChanges, fundFacts, funds, importRuns } from "../../src/server/db/schema/index.js";
import { findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
import { SOURCE_ADDRESS_TEXTS } from "../../src/shared/source-address-texts.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { multipart } from "../support/multipart.js";

const ADMIN = { email: "source-admin@example.com", password: "Admin-pass-1" };

/**
 * The source addresses the one rule refuses (issue 36), each as the clean-up of enrichment.csv met
 * it, and then in other spellings of the same host: upper case, a closing dot, a user name before
 * the host, IPv6, one number, punycode and Unicode.
 */
const REFUSED: ReadonlyArray<[string, string]> = [
  ["an IP address", "http://15.188.152.128/vc-lux-capital-raises"],
  ["a staging host", "https://staging.sifted.eu/articles/northzone-1bn-fund/"],
  ["a mirror", "https://share.snipd.com/chapter/47d9716f"],
  ["a staging host in upper case with a closing dot", "https://STAGING.SIFTED.EU./articles/x"],
  ["a mirror in upper case", "HTTPS://SHARE.SNIPD.COM/chapter/1"],
  ["an IP address written as one number", "http://264018048/x"],
  ["an IPv4 address inside IPv6", "http://[::ffff:15.188.152.128]/x"],
  ["an IPv6 address", "http://[2001:db8::7]/x"],
  ["a publication's name as the user before an IP address", "https://sifted.eu@15.188.152.128/x"],
  ["a staging host in punycode", "https://staging.xn--mnchen-3ya.de/x"],
  ["a staging host in Unicode", "https://staging.münchen.de/x"],
  ["a Vercel preview", "https://sifted-git-main-sifted.vercel.app/x"],
];

describe.each(TEST_DRIVERS)("source addresses on %s", (driver) => {
  let t: TestApp;
  let token = "";
  let fundId = 0;
  const db = () => t.testDatabase.database.db;

  /** Everything a refused write could have changed: the fund, its facts, its history, the import runs. */
  const state = async () => ({
    fund: (await db().select().from(funds).where(eq(funds.id, fundId)))[0],
    facts: await db().select().from(fundFacts).where(eq(fundFacts.fundId, fundId)),
    changes: (await db().select({ n: count() }).from(fundFactChanges))[0]?.n,
    runs: (await db().select({ n: count() }).from(importRuns))[0]?.n,
    funds: (await db().select({ n: count() }).from(funds))[0]?.n,
  });

  const upload = (path: "/_api/admin/import" | "/_api/admin/import/preview", sourceUrl: string) => {
    const body = multipart([
      { name: "importMode", value: "update_duplicates" },
      { name: "sourceUrl", value: sourceUrl },
      {
        name: "file",
        value:
          "name,fund_size,currency,status\nSource Check Capital,90000000,EUR,winding down\nNew Source Fund,1,USD,\n",
        fileName: "sources.csv",
        type: "text/csv",
      },
    ]);
    return t.app.inject({
      method: "POST",
      url: path,
      headers: body.headers,
      payload: body.payload,
      cookies: { fundmatch_session: token },
    });
  };

  const edit = async (status: Record<string, unknown>) => {
    const fund = (
      await t.app.inject({
        method: "GET",
        url: `/_api/admin/fund/${fundId}`,
        cookies: { fundmatch_session: token },
      })
    ).json().fund;
    const { id: _id, countryCode: _c, source: _s, importId: _i, updatedAt: _u, ...fields } = fund;
    return t.app.inject({
      method: "POST",
      url: "/_api/admin/fund/update",
      payload: { id: fundId, fund: { ...fields, fundSize: 75_000_000, currency: "USD", ...status } },
      cookies: { fundmatch_session: token },
    });
  };

  beforeAll(async () => {
    // Two calls per refused address on the import's route, limited to 10 a minute for a person.
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SENSITIVE_SCALE: "10",
    });
    await insertFunds(db(), [
      { name: "Source Check Capital", fund_size: "50000000", currency: "USD" },
      { name: "Staged Source Fund", fund_size: "60000000", currency: "USD" },
    ]);
    fundId = (await findOldestFundIdsByNames(db(), ["source check capital"])).get(
      "source check capital\u0000luxembourg",
    ) as number;
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    token = login.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(REFUSED)(
    "refuses %s as an import's source, in the preview and the import, and changes nothing",
    async (_, address) => {
      const before = await state();
      for (const path of ["/_api/admin/import/preview", "/_api/admin/import"] as const) {
        const response = await upload(path, address);
        expect(response.statusCode, `${path} ${response.body}`).toBe(400);
        expect(response.json().error).toMatch(new RegExp(`^${SOURCE_ADDRESS_TEXTS.useOwnAddress}`));
      }
      expect(await state()).toEqual(before);
    },
  );

  it.each(REFUSED)("refuses %s as the source of an admin's status edit, and changes nothing", async (_, address) => {
    const before = await state();
    const response = await edit({ status: "winding_down", statusSourceUrl: address, statusAsOf: "2026-11" });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatch(new RegExp(`^${SOURCE_ADDRESS_TEXTS.useOwnAddress}`));
    expect(await state()).toEqual(before);
  });

  it("says why: an IP address, a staging copy, a copy of the article", async () => {
    const [ip, staging, mirror] = await Promise.all(
      REFUSED.slice(0, 3).map(([, address]) => upload("/_api/admin/import", address)),
    );
    expect(ip?.json().error).toBe(SOURCE_ADDRESS_TEXTS.ip("15.188.152.128"));
    expect(staging?.json().error).toBe(SOURCE_ADDRESS_TEXTS.development("staging.sifted.eu"));
    expect(mirror?.json().error).toBe(SOURCE_ADDRESS_TEXTS.mirror("share.snipd.com"));
  });

  it("takes the publication's own address, on an import and an admin's edit", async () => {
    const imported = await upload("/_api/admin/import", "https://sifted.eu/articles/northzone-1bn-fund/");
    expect(imported.statusCode, imported.body).toBe(200);
    const facts = await db().select().from(fundFacts).where(eq(fundFacts.fundId, fundId));
    expect(facts.find((fact) => fact.field === "fundSize")).toMatchObject({
      value: "90000000",
      sourceName: "sifted.eu",
      sourceUrl: "https://sifted.eu/articles/northzone-1bn-fund/",
    });
    const edited = await edit({
      status: "paused",
      statusSourceUrl: "https://developer.apple.com/news/fund-paused",
      statusAsOf: "2026-11",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().fund).toMatchObject({
      status: "paused",
      statusSourceUrl: "https://developer.apple.com/news/fund-paused",
    });
  });
  it("refuses a revert that would bring back a source stored before the rule, and changes nothing", async () => {
    const staged = (await findOldestFundIdsByNames(db(), ["staged source fund"])).get(
      "staged source fund\u0000luxembourg",
    ) as number;
    // A fact from before the rule, on a staging copy; an admin then corrects the size by hand.
    await db().insert(fundFacts).values({
      fundId: staged,
      field: "fundSize",
      value: "60000000",
      currency: "USD",
      kind: "final_close",
      sourceName: "staging.sifted.eu",
      sourceUrl: "https://staging.sifted.eu/articles/staged-fund/",
      asOf: "2024-03",
      retrievedOn: "2026-11-27",
    });
    const cookies = { fundmatch_session: token };
    const fund = (await t.app.inject({ method: "GET", url: `/_api/admin/fund/${staged}`, cookies })).json().fund;
    const { id: _id, countryCode: _c, source: _s, importId: _i, updatedAt: _u, ...fields } = fund;
    const edited = await t.app.inject({
      method: "POST",
      url: "/_api/admin/fund/update",
      payload: { id: staged, fund: { ...fields, fundSize: 65_000_000 } },
      cookies,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const history = (await t.app.inject({ method: "GET", url: `/_api/admin/funds/${staged}/history`, cookies })).json();
    const change = history.changes.find((item: { field: string }) => item.field === "fundSize");
    const before = {
      fund: (await db().select().from(funds).where(eq(funds.id, staged)))[0],
      facts: await db().select().from(fundFacts).where(eq(fundFacts.fundId, staged)),
      changes: (await db().select({ n: count() }).from(fundFactChanges))[0]?.n,
    };
    const reverted = await t.app.inject({
      method: "POST",
      url: "/_api/admin/fund-history/revert",
      payload: { changeId: change.id },
      cookies,
    });
    expect(reverted.statusCode, reverted.body).toBe(400);
    expect(reverted.json().error).toBe(
      `${SOURCE_ADDRESS_TEXTS.development("staging.sifted.eu")} Reverting change #${change.id} would bring that source back: edit the fund instead.`,
    );
    expect({
      fund: (await db().select().from(funds).where(eq(funds.id, staged)))[0],
      facts: await db().select().from(fundFacts).where(eq(fundFacts.fundId, staged)),
      changes: (await db().select({ n: count() }).from(fundFactChanges))[0]?.n,
    }).toEqual(before);
  });
});
