import * as XLSX from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardFormula } from "../../src/server/account/pipeline-export.js";
import { funds, savedFunds, users } from "../../src/server/db/schema/index.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

const AMOUNT_MESSAGE = "committedAmountUsd must be a whole number of US dollars from 1 to 1,000,000,000,000, or null.";
/** Before any startup profile is saved, the Fit column says there is none to compute it for. */
const HEADERS = [
  "Fund",
  "Status",
  "Note",
  "Next Step",
  "Website",
  "Committed (USD)",
  "Fit (no startup profile saved)",
  // Issue 36: the fund size with its source and date.
  "Fund Size",
  "Fund Size Source",
  "Fund Size Date",
];

/**
 * The pipeline board's server side (issue 22): the committed amount per saved fund (the round's
 * progress) and the pipeline's CSV and Excel export, for subscribers, of their own rows only.
 */
describe.each(TEST_DRIVERS)("the pipeline board's amounts and export on %s", (driver) => {
  let t: TestApp;
  let fundIds: number[] = [];
  const tokens: Record<string, string> = {};

  const register = async (name: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email: `${name}@example.com`, password: "Board-pass-1", displayName: name },
    });
    tokens[name] = response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  };
  const setSubscription = (name: string, subscriptionStatus: string | null, subscriptionType: string | null) =>
    changeUserBehindTheApp(t.app, `${name}@example.com`, { subscriptionStatus, subscriptionType });
  const call = (name: string | null, method: "GET" | "POST", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: name ? { fundmatch_session: tokens[name] ?? "" } : {},
    });
  const update = (name: string, payload: unknown) => call(name, "POST", "/_api/user/saved-fund/update", payload);
  const exportAs = (name: string | null, format: string) =>
    call(name, "GET", `/_api/user/pipeline/export?format=${format}`);

  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertFunds(t.testDatabase.database.db, [
      { name: "=Board One", website: "https://one.example" },
      { name: "Board, Two" },
      { name: "Board Secret" },
    ]);
    t.app.services.fundsIndex.invalidate();
    fundIds = (await t.testDatabase.database.db.select({ id: funds.id }).from(funds).orderBy(funds.id)).map(
      (row) => row.id,
    );
    for (const name of ["owner", "other", "trial", "free"]) await register(name);
    await setSubscription("owner", "active", "monthly");
    await setSubscription("other", "active", "monthly");
    await setSubscription("trial", "trialing", "monthly");
    for (const fundId of [fundIds[0], fundIds[1]]) {
      expect((await call("owner", "POST", "/_api/user/save-fund", { fundId })).statusCode).toBe(200);
    }
    expect((await call("other", "POST", "/_api/user/save-fund", { fundId: fundIds[2] })).statusCode).toBe(200);
    expect((await call("other", "POST", "/_api/user/save-fund", { fundId: fundIds[0] })).statusCode).toBe(200);
    expect((await update("other", { fundId: fundIds[0], note: "other's secret note" })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it("stores a committed amount, returns it in the pipeline, and clears it with null", async () => {
    const set = await update("owner", { fundId: fundIds[0], status: "committed", committedAmountUsd: 1_250_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().pipeline).toMatchObject({ status: "committed", committedAmountUsd: 1_250_000 });
    const list = (await call("owner", "GET", "/_api/user/saved-funds")).json().funds;
    expect(list.find((fund: { id: number }) => fund.id === fundIds[0]).pipeline.committedAmountUsd).toBe(1_250_000);
    // Only the owner's row changed: the other user's save of the same fund has no amount.
    const others = (await call("other", "GET", "/_api/user/saved-funds")).json().funds;
    expect(others.find((fund: { id: number }) => fund.id === fundIds[0]).pipeline.committedAmountUsd).toBeNull();

    const cleared = await update("owner", { fundId: fundIds[0], committedAmountUsd: null });
    expect(cleared.json().pipeline.committedAmountUsd).toBeNull();
    expect((await update("owner", { fundId: fundIds[0], committedAmountUsd: 1_000_000_000_000 })).statusCode).toBe(200);
    expect((await update("owner", { fundId: fundIds[0], committedAmountUsd: 750_000 })).statusCode).toBe(200);
  });

  it.each([[0], [-5], [1.5], ["1000"], [true], [1_000_000_000_001], [{}]])(
    "refuses committedAmountUsd %j with a 400 and changes nothing",
    async (value) => {
      const response = await update("owner", { fundId: fundIds[0], committedAmountUsd: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: AMOUNT_MESSAGE });
      const list = (await call("owner", "GET", "/_api/user/saved-funds")).json().funds;
      expect(list.find((fund: { id: number }) => fund.id === fundIds[0]).pipeline.committedAmountUsd).toBe(750_000);
    },
  );

  it("answers 404 when the amount is for another user's saved fund", async () => {
    const response = await update("owner", { fundId: fundIds[2], committedAmountUsd: 5 });
    expect(response.statusCode).toBe(404);
  });

  it("refuses amounts the database would not hold, even from code that bypasses the API", async () => {
    const db = t.testDatabase.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
    for (const amount of [0, -1]) {
      await expect(
        db
          .update(savedFunds)
          .set({ committedAmountUsd: amount })
          .where(eq(savedFunds.userId, owner?.id ?? 0)),
      ).rejects.toThrow();
    }
  });

  it("exports the owner's pipeline as CSV: escaped, formula-guarded, never another user's rows", async () => {
    await update("owner", {
      fundId: fundIds[1],
      status: "contacted",
      note: '+1 "hot", call\nback',
      nextStepDate: "2027-01-15",
    });
    const response = await exportAs("owner", "csv");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="fundmatch-pipeline-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records: string[][] = parse(response.body, { bom: true });
    expect(records[0]).toEqual(HEADERS);
    // Most recently saved first.
    expect(records.slice(1)).toEqual([
      // An unknown fact reads "Not disclosed", as on the pages.
      [
        "Board, Two",
        "Contacted",
        '\'+1 "hot", call\nback',
        "2027-01-15",
        "Not disclosed",
        "",
        "",
        "Not disclosed",
        "",
        "",
      ],
      ["'=Board One", "Committed", "", "", "https://one.example/", "750000", "", "Not disclosed", "", ""],
    ]);
    expect(response.body).not.toContain("Board Secret");
    expect(response.body).not.toContain("other's secret note");
  });

  it("exports the same rows as an Excel sheet", async () => {
    const response = await exportAs("owner", "xlsx");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers["content-disposition"]).toMatch(/filename="fundmatch-pipeline-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const workbook = XLSX.read(response.rawPayload, { type: "buffer" });
    expect(workbook.SheetNames).toEqual(["Pipeline"]);
    const sheet = workbook.Sheets.Pipeline;
    if (!sheet) throw new Error("no sheet");
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(3);
    expect(rows[1]?.slice(0, 3)).toEqual(["Board, Two", "Contacted", '\'+1 "hot", call\nback']);
    expect(rows[2]?.[0]).toBe("'=Board One");
    expect(rows[2]?.[5]).toBe(750_000);
    // No cell is a formula.
    expect(Object.values(sheet).some((cell) => typeof cell === "object" && cell && "f" in cell)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain("Board Secret");
  });

  it("fills Fit with the match's fit against the saved startup profile, the same the match gives", async () => {
    const put = await t.app.inject({
      method: "PUT",
      url: "/_api/user/startup-profile",
      payload: { stage: "seed", roundTargetUsd: 3_000_000 },
      cookies: { fundmatch_session: tokens.owner ?? "" },
    });
    expect(put.statusCode, put.body).toBe(200);
    const savedOn = (put.json().profile.updatedAt as string).slice(0, 10);
    const match = await call("owner", "POST", "/_api/funds/match", { stage: "seed", limit: 100 });
    expect(match.statusCode, match.body).toBe(200);
    const fitByName = new Map<string, number>(
      match.json().results.map((result: { name: string; fit: number }) => [result.name, result.fit]),
    );
    // The header names the profile the fits were computed for, and when it was saved.
    const header = `Fit (0–100) for your startup profile of ${savedOn}: Seed`;
    const records: string[][] = parse((await exportAs("owner", "csv")).body, { bom: true });
    expect(records[0]?.[6]).toBe(header);
    for (const record of records.slice(1)) {
      const name = (record[0] ?? "").replace(/^'/, "");
      // A fund the profile excludes is not in the match, and has no fit.
      expect(record[6]).toBe(String(fitByName.get(name) ?? ""));
    }
    expect(records.slice(1).some((record) => /^\d+$/.test(record[6] ?? ""))).toBe(true);

    // In the Excel sheet, a fit is a number cell, not text.
    const workbook = XLSX.read((await exportAs("owner", "xlsx")).rawPayload, { type: "buffer" });
    const sheet = workbook.Sheets.Pipeline;
    if (!sheet) throw new Error("no sheet");
    expect(sheet.G1?.v).toBe(header);
    const fits = [sheet.G2, sheet.G3].filter((cell) => cell !== undefined);
    expect(fits.length).toBeGreaterThan(0);
    for (const cell of fits) {
      expect(cell.t).toBe("n");
      expect(typeof cell.v).toBe("number");
    }

    // Another profile, another header: the column never silently changes meaning.
    await t.app.inject({
      method: "PUT",
      url: "/_api/user/startup-profile",
      payload: { stage: "series_a", sectors: ["fintech", "saas"], country: "Germany", raiseAmountUsd: 1_500_000 },
      cookies: { fundmatch_session: tokens.owner ?? "" },
    });
    const again: string[][] = parse((await exportAs("owner", "csv")).body, { bom: true });
    expect(again[0]?.[6]).toMatch(
      /^Fit \(0–100\) for your startup profile of \d{4}-\d{2}-\d{2}: Series A · Fintech, SaaS · Germany · raising \$1\.5M$/,
    );
  });

  it("is for subscribers: a trial exports, a free account gets 402, a visitor 401, a bad format 400", async () => {
    expect((await exportAs("trial", "csv")).statusCode).toBe(200);
    const free = await exportAs("free", "csv");
    expect(free.statusCode).toBe(402);
    expect(free.json().error).toEqual(expect.any(String));
    expect((await exportAs(null, "csv")).statusCode).toBe(401);
    const bad = await exportAs("owner", "pdf");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "format must be one of: csv, xlsx." });
    expect((await call("owner", "GET", "/_api/user/pipeline/export")).statusCode).toBe(400);
  });

  it("guards every formula lead character", () => {
    expect(["=1", "+1", "-1", "@a", "\tx", "\rx", "ok", "1-2"].map(guardFormula)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\tx",
      "'\rx",
      "ok",
      "1-2",
    ]);
  });
});
