import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funds, users } from "../../src/server/db/schema/index.js";
import { applyCuratedData } from "../../src/server/funds/import/curated-data.js";
import { findOldestFundIdsByNames } from "../../src/server/funds/repository.js";
import { addMember } from "../../src/server/investors/repository.js";
import { fundResponseSchema } from "../../src/shared/schemas/funds.js";
import type { FundFactChange } from "../../src/shared/schemas/investor.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { multipart, type Part } from "../support/multipart.js";

const ADMIN = { email: "history-admin@example.com", password: "Admin-pass-1" };
const SUBSCRIBER = { email: "history-sub@example.com", password: "Sub-pass-12", displayName: "Sam Sub" };
const today = () => new Date().toISOString().slice(0, 10);

/** The curated data step's file, one line: a dated, sourced fund size for the curated fund. */
const ENRICHMENT = [
  "name,country_code,field,value,currency,kind,as_of,source_url",
  "History Ventures,LU,fund_size,150000000,USD,final_close,2024-03,https://www.fundnews-daily.com/history-ventures-fund-ii",
].join("\n");

/**
 * One history for every change (issue 36): the curated data step, an import (its file's name for
 * admins only, the source its admin named for everyone), an admin's edit, a fund team's save and a
 * revert are all in /admin/funds/:id/history, and each can be reverted; facts that came together
 * are reverted together.
 */
describe.each(TEST_DRIVERS)("one history of a fund's facts on %s", (driver) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let fundId = 0;
  let memberId = 0;

  const db = () => t.testDatabase.database.db;
  const call = (who: string | null, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: who ? { fundmatch_session: tokens[who] ?? "" } : {},
    });
  const history = async () => {
    const response = await call("admin", "GET", `/_api/admin/funds/${fundId}/history`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().changes as FundFactChange[];
  };
  const stored = async () => (await db().select().from(funds).where(eq(funds.id, fundId)))[0];
  const page = async (who: string | null = "subscriber") => {
    const response = await call(who, "GET", `/_api/funds/${fundId}`);
    return { body: response.body, data: fundResponseSchema.parse(response.json()) };
  };
  const revert = (changeId: number) => call("admin", "POST", "/_api/admin/fund-history/revert", { changeId });
  const importCsv = (csv: string, fileName: string, sourceUrl?: string) => {
    const parts: Part[] = [
      { name: "importMode", value: "update_duplicates" },
      ...(sourceUrl ? [{ name: "sourceUrl", value: sourceUrl }] : []),
      { name: "file", value: csv, fileName, type: "text/csv" },
    ];
    const body = multipart(parts);
    return t.app.inject({
      method: "POST",
      url: "/_api/admin/import",
      headers: body.headers,
      payload: body.payload,
      cookies: { fundmatch_session: tokens.admin ?? "" },
    });
  };
  const adminEdit = async (changes: Record<string, unknown>) => {
    const fund = (await call("admin", "GET", `/_api/admin/fund/${fundId}`)).json().fund;
    const {
      id: _id,
      countryCode: _code,
      source: _source,
      importId: _import,
      updatedAt: _updated,
      statusSourceUrl,
      statusAsOf,
      status,
      ...fields
    } = fund;
    return call("admin", "POST", "/_api/admin/fund/update", {
      id: fundId,
      fund: { ...fields, status, statusSourceUrl, statusAsOf, ...changes },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: "0",
    });
    await insertFunds(db(), [
      {
        name: "History Ventures",
        country_code: "LU",
        city: "Luxembourg",
        fund_size: "90000000",
        currency: "USD",
        website: "https://history.example",
        source: "curated",
        last_reviewed: "2026-11-21",
      },
    ]);
    fundId = [...(await findOldestFundIdsByNames(db(), ["history ventures"])).values()][0] as number;
    const login = await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN });
    tokens.admin = login.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    const member = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: "nia@history.example", password: "Member-pass-1", displayName: "Nia" },
    });
    tokens.member = member.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
    memberId = member.json().user.id;
    await addMember(db(), { fundId, userId: memberId, via: "email", email: "nia@history.example" });
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
  });
  afterAll(async () => t?.close());

  it("records the curated data step, an import, an admin's edit and a team's save, each with its writer", async () => {
    expect(await history()).toEqual([]);

    // The seed: the curated data step's sourced fund size.
    await applyCuratedData(db(), ENRICHMENT);
    t.app.services.fundsIndex.invalidate();
    // An import names its source; its file's name stays with the admins.
    const imported = await importCsv(
      ["name,website", "History Ventures,https://history-new.example"].join("\n"),
      "walk-update.csv",
      "https://www.techcrunch.com/2026/12/07/history-ventures",
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ duplicatesUpdated: 1, failedImports: 0 });
    // An admin's edit.
    const edited = await adminEdit({ city: "Esch-sur-Alzette" });
    expect(edited.statusCode, edited.body).toBe(200);
    // The fund team's save.
    const saved = await call("member", "PATCH", `/_api/investor/funds/${fundId}`, { leadsRounds: true });
    expect(saved.statusCode, saved.body).toBe(200);

    const changes = await history();
    const byWriter = (writer: string) => changes.filter((change) => change.writer === writer);
    expect(byWriter("seed")).toEqual([
      expect.objectContaining({
        field: "fundSize",
        authorEmail: null,
        userId: null,
        import: null,
        before: { amount: 90_000_000, currency: "USD", closeDate: null },
        after: { amount: 150_000_000, currency: "USD", closeDate: null },
        source: {
          name: "fundnews-daily.com",
          url: "https://www.fundnews-daily.com/history-ventures-fund-ii",
          asOf: "2024-03",
        },
        revertible: true,
      }),
    ]);
    expect(byWriter("import")).toEqual([
      expect.objectContaining({
        field: "website",
        authorEmail: ADMIN.email,
        import: expect.objectContaining({
          fileName: "walk-update.csv",
          sourceUrl: "https://www.techcrunch.com/2026/12/07/history-ventures",
        }),
        before: "https://history.example/",
        after: "https://history-new.example/",
        source: {
          name: "techcrunch.com",
          url: "https://www.techcrunch.com/2026/12/07/history-ventures",
          asOf: today(),
        },
      }),
    ]);
    expect(byWriter("admin")).toEqual([
      expect.objectContaining({
        field: "city",
        authorEmail: ADMIN.email,
        before: "Luxembourg",
        after: "Esch-sur-Alzette",
      }),
    ]);
    expect(byWriter("fund_team")).toEqual([
      expect.objectContaining({ field: "leadsRounds", userId: memberId, before: null, after: true }),
    ]);
    // Newest first.
    expect(changes.map((change) => change.writer)).toEqual(["fund_team", "admin", "import", "seed"]);

    // The public page names the import's source, never its file.
    const { body, data } = await page();
    expect(body).not.toContain("walk-update.csv");
    expect(data.fund.source).not.toContain("walk-update");
    expect(data.provenance.find((item) => item.field === "website")).toMatchObject({
      sourceName: "techcrunch.com",
      sourceUrl: "https://www.techcrunch.com/2026/12/07/history-ventures",
    });
    // The history is the admins' only.
    expect((await call("member", "GET", `/_api/admin/funds/${fundId}/history`)).statusCode).toBe(403);
    expect((await call(null, "GET", `/_api/admin/funds/${fundId}/history`)).statusCode).toBe(401);
  });

  it("reverts a change of each writer, and a revert, putting back the value and its source", async () => {
    const changes = await history();
    const of = (writer: string) => changes.find((change) => change.writer === writer) as FundFactChange;

    expect((await revert(of("fund_team").id)).statusCode).toBe(200);
    expect((await stored())?.leadsRounds).toBeNull();

    expect((await revert(of("admin").id)).statusCode).toBe(200);
    expect((await stored())?.city).toBe("Luxembourg");

    expect((await revert(of("import").id)).statusCode).toBe(200);
    expect((await stored())?.website).toBe("https://history.example/");
    expect((await page()).data.provenance.find((item) => item.field === "website")).toBeUndefined();

    expect((await revert(of("seed").id)).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ fundSize: 90_000_000, currency: "USD" });
    expect((await page()).data.provenance.find((item) => item.field === "fundSize")).toBeUndefined();

    // The reverts are in the history too, each naming what it undid, and can themselves be reverted.
    const after = await history();
    const reverts = after.filter((change) => change.writer === "revert");
    expect(reverts.map((change) => change.revertOf).sort()).toEqual(
      [of("fund_team").id, of("admin").id, of("import").id, of("seed").id].sort(),
    );
    for (const writer of ["fund_team", "admin", "import", "seed"]) {
      expect(after.find((change) => change.id === of(writer).id)?.revertedAt).not.toBeNull();
    }
    const undoSeedRevert = reverts.find((change) => change.revertOf === of("seed").id) as FundFactChange;
    expect((await revert(undoSeedRevert.id)).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ fundSize: 150_000_000, currency: "USD" });
    expect((await page()).data.provenance.find((item) => item.field === "fundSize")).toMatchObject({
      sourceName: "fundnews-daily.com",
      asOf: "2024-03",
    });
    // A change reverted already: 409; an id of no change: 404.
    expect((await revert(of("seed").id)).statusCode).toBe(409);
    expect((await revert(999_999)).statusCode).toBe(404);
  });

  it("reverts a fund size with its vehicle's name and close date, never leaving another fund's name", async () => {
    const save = (payload: object) => call("member", "PATCH", `/_api/investor/funds/${fundId}`, payload);
    expect(
      (await save({ vehicleName: "Fund III", fundSize: 200_000_000, currency: "EUR", closeDate: "2022-05-01" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await save({ vehicleName: "Fund IV", fundSize: 300_000_000, currency: "EUR", closeDate: "2025-06-01" }))
        .statusCode,
    ).toBe(200);
    const fundIv = (await history()).find(
      (change) => change.field === "fundSize" && (change.after as { amount: number }).amount === 300_000_000,
    ) as FundFactChange;
    expect(fundIv.revertsWith).toHaveLength(1);
    const reverted = await revert(fundIv.id);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json()).toEqual({ reverted: 2, message: "2 changes reverted together." });
    const { data } = await page();
    expect(data.fund).toMatchObject({ vehicleName: "Fund III", fundSize: 200_000_000, currency: "EUR" });
    expect(data.provenance.find((item) => item.field === "fundSize")).toMatchObject({
      kind: "final_close",
      asOf: "2022-05-01",
    });

    // A linked fact changed later on its own: reverting the size alone would pair it with the newer
    // name, so it is refused, naming the later change; nothing changes.
    expect((await save({ fundSize: 250_000_000, currency: "EUR", closeDate: "2023-01-10" })).statusCode).toBe(200);
    expect((await save({ vehicleName: "Fund III-B" })).statusCode).toBe(200);
    const changes = await history();
    const sizeOnly = changes.find(
      (change) => change.field === "fundSize" && (change.after as { amount: number }).amount === 250_000_000,
    ) as FundFactChange;
    const nameLater = changes.find((change) => change.after === "Fund III-B") as FundFactChange;
    const before = await stored();
    const refused = await revert(sizeOnly.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(`change #${nameLater.id}`);
    expect(await stored()).toEqual(before);
    // With the name's change reverted first, the size goes back too.
    expect((await revert(nameLater.id)).statusCode).toBe(200);
    expect((await revert(sizeOnly.id)).statusCode).toBe(200);
    expect((await page()).data.fund).toMatchObject({ vehicleName: "Fund III", fundSize: 200_000_000 });
  });
});
