import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundReports, funds, users } from "../../src/server/db/schema/index.js";
import type { FundRow } from "../../src/server/db/types.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { REPORTS_PER_ACCOUNT_PER_HOUR } from "../../src/shared/fund-report-texts.js";
import { adminFundReportsResponseSchema } from "../../src/shared/schemas/fund-reports.js";
import { type FundResult, fundResponseSchema, PREMIUM_FUND_FIELDS } from "../../src/shared/schemas/funds.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Build title</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const SECRET_SITE = "https://secret-alpha.example/";
const FIXTURES = [
  {
    name: "Alpha & Söhne Ventures",
    country: "Germany",
    country_code: "DE",
    city: "Berlin",
    funding_stages: "seed;series_a",
    industry_focus: "fintech;saas",
    website: SECRET_SITE,
    linkedin: "https://www.linkedin.com/company/secret-alpha",
    fund_manager: "Pat Secret",
    check_size_min_usd: "250000",
    check_size_max_usd: "1000000",
    leads_rounds: "true",
    fund_size: "120000000",
    currency: "EUR",
    founded_year: "2015",
    description: "Berlin seed fund backing fintech and SaaS founders.",
    source: "curated",
    last_reviewed: "2026-11-21",
  },
  // Shares stages and industries, same country: the most similar.
  {
    name: "Beta Berlin",
    country: "Germany",
    country_code: "DE",
    funding_stages: "seed;series_a",
    industry_focus: "fintech",
  },
  // Shares both, same region.
  {
    name: "Gamma Paris",
    country: "France",
    country_code: "FR",
    funding_stages: "seed;series_a",
    industry_focus: "saas",
  },
  // Shares both, far away.
  { name: "Delta Tokyo", country: "Japan", country_code: "JP", funding_stages: "series_a", industry_focus: "fintech" },
  // Shares an industry only, same country.
  {
    name: "Epsilon Growth",
    country: "Germany",
    country_code: "DE",
    funding_stages: "growth",
    industry_focus: "fintech",
  },
  // Shares nothing.
  { name: "Zeta Space", country: "Germany", country_code: "DE", funding_stages: "growth", industry_focus: "space" },
  {
    name: "Eta Imported",
    country: "Canada",
    country_code: "CA",
    funding_stages: "pre_seed",
    industry_focus: "biotech",
    source: "partner-list.csv",
  },
];

const MEMBER = { email: "reporter@example.com", password: "Sup3rSecret1", displayName: "Rae Reporter" };
const OTHER = { email: "other@example.com", password: "Sup3rSecret1", displayName: "Otto Other" };
const SUBSCRIBER = { email: "sub@example.com", password: "Sup3rSecret1", displayName: "Sue Subscriber" };
const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };

describe.each(TEST_DRIVERS)("fund pages, the fund call and reports on %s", (driver) => {
  let t: TestApp;
  let rows: FundRow[];
  let alpha: FundRow;
  const cookies = { member: "", other: "", subscriber: "", admin: "" };

  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "fundmatch-fund-pages-"));
    writeFileSync(path.join(clientDir, "index.html"), TEMPLATE);
    t = await createTestApp(
      driver,
      { PUBLIC_ORIGIN: "https://fundmatch.example", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      { CLIENT_DIR: clientDir },
    );
    const db = t.testDatabase.database.db;
    await insertFunds(db, FIXTURES);
    t.app.services.fundsIndex.invalidate();
    rows = await db.select().from(funds).orderBy(asc(funds.id));
    alpha = rows[0] as FundRow;
    const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
      `fundmatch_session=${response.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
    const register = async (payload: object) =>
      cookieOf(await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload }));
    cookies.member = await register(MEMBER);
    cookies.other = await register(OTHER);
    cookies.subscriber = await register(SUBSCRIBER);
    await db
      .update(users)
      .set({ subscriptionStatus: "active", subscriptionType: "lifetime" })
      .where(eq(users.email, SUBSCRIBER.email));
    cookies.admin = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN }),
    );
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  describe("GET /_api/funds/:id", () => {
    it("gives a visitor and a free member the fund without a premium field, with its freshness", async () => {
      for (const cookie of [undefined, cookies.member]) {
        const response = await get(`/_api/funds/${alpha.id}`, cookie);
        expect(response.statusCode).toBe(200);
        const body = fundResponseSchema.parse(response.json());
        expect(body.fund).toMatchObject({
          id: alpha.id,
          name: "Alpha & Söhne Ventures",
          city: "Berlin",
          isPremium: true,
          lastReviewed: "2026-11-21",
          source: "curated",
          foundedYear: 2015,
        });
        for (const field of PREMIUM_FUND_FIELDS) expect(response.body).not.toContain(`"${field}"`);
        expect(response.body).not.toContain("secret-alpha");
        expect(response.body).not.toContain("Pat Secret");
      }
    });

    it("gives a subscriber the premium fields, of the fund and of its similar funds", async () => {
      const body = fundResponseSchema.parse((await get(`/_api/funds/${alpha.id}`, cookies.subscriber)).json());
      expect(body.fund).toMatchObject({
        isPremium: false,
        website: SECRET_SITE,
        fundManager: "Pat Secret",
        checkSizeMinUsd: 250_000,
        checkSizeMaxUsd: 1_000_000,
        leadsRounds: true,
      });
      for (const fund of body.similar) expect(fund.isPremium).toBe(false);
    });

    it("lists three similar funds for everyone: sharing stages and industries, nearby first", async () => {
      const visitor = fundResponseSchema.parse((await get(`/_api/funds/${alpha.id}`)).json());
      const subscriber = fundResponseSchema.parse((await get(`/_api/funds/${alpha.id}`, cookies.subscriber)).json());
      expect(visitor.similar.map((fund) => fund.name)).toEqual(["Beta Berlin", "Gamma Paris", "Delta Tokyo"]);
      expect(subscriber.similar.map((fund) => fund.id)).toEqual(visitor.similar.map((fund) => fund.id));
      for (const fund of visitor.similar) {
        expect(fund.isPremium).toBe(true);
        for (const field of PREMIUM_FUND_FIELDS) expect(fund).not.toHaveProperty(field);
      }
      expect(visitor.similar[0]?.matchReasons).toEqual([
        "Also invests at Seed, Series A",
        "Also in Fintech",
        "Also based in Germany",
      ]);
      expect(visitor.similar[1]?.matchReasons).toContain("Also in Europe");
      const imported = rows.find((row) => row.name === "Eta Imported") as FundRow;
      // A fund nothing else resembles gets fewer, never unrelated ones.
      expect(fundResponseSchema.parse((await get(`/_api/funds/${imported.id}`)).json()).similar).toEqual([]);
    });

    it("answers 404 for an unknown fund and 400 for what is not an id", async () => {
      expect((await get("/_api/funds/999999")).statusCode).toBe(404);
      expect((await get("/_api/funds/999999")).json()).toEqual({ error: "Fund not found." });
      for (const id of ["abc", "0", "-1", "1.5", "99999999999", "0x10", "%20"]) {
        const response = await get(`/_api/funds/${id}`);
        expect(response.statusCode, id).toBe(400);
        expect(response.json().error, id).toBe("The fund id must be a positive integer.");
      }
    });
  });

  describe("the fund page's head", () => {
    it("serves /funds/:id-:slug with the fund's title, description, canonical link, card and Organization data", async () => {
      const canonical = fundPath(alpha);
      expect(canonical).toBe(`/funds/${alpha.id}-alpha-and-sohne-ventures`);
      const response = await get(canonical);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain(
        "<title>Alpha &amp; Söhne Ventures: VC fund in Germany | Venture Capital Fund Matching</title>",
      );
      expect(html).toContain('<meta name="description" content="Berlin seed fund backing fintech and SaaS founders.');
      expect(html).toContain(`<link rel="canonical" href="https://fundmatch.example${canonical}" />`);
      expect(html).toContain('<meta property="og:title" content="Alpha &amp; Söhne Ventures');
      expect(html).toContain(`<meta property="og:url" content="https://fundmatch.example${canonical}" />`);
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
      expect(JSON.parse(jsonLd ?? "null")).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Organization",
        name: "Alpha & Söhne Ventures",
        url: `https://fundmatch.example${canonical}`,
        foundingDate: "2015",
        address: { "@type": "PostalAddress", addressCountry: "DE", addressLocality: "Berlin" },
      });
      // The head reaches everyone: no premium value in it.
      for (const secret of ["secret-alpha", "Pat Secret", "250000", "linkedin.com"]) expect(html).not.toContain(secret);
    });

    it("cuts a long emoji thesis for the description between two characters, never inside one", async () => {
      const beta = rows.find((row) => row.name === "Beta Berlin") as FundRow;
      const thesis = `We back ${"🚀".repeat(100)} founders.`;
      await t.testDatabase.database.db.update(funds).set({ description: thesis }).where(eq(funds.id, beta.id));
      t.app.services.fundsIndex.invalidate();
      const html = (await get(fundPath(beta))).body;
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
      // A cut inside a surrogate pair reaches the page as U+FFFD, the replacement character.
      expect(description).not.toContain("\uFFFD");
      expect(description).toMatch(/^We back (🚀)+…$/u);
      expect(description.length).toBeLessThanOrEqual(160);
    });

    it("redirects a missing or wrong slug permanently to the canonical path, keeping the query", async () => {
      const canonical = fundPath(alpha);
      for (const url of [
        `/funds/${alpha.id}`,
        `/funds/${alpha.id}-old-name`,
        `/funds/${alpha.id}-`,
        `${canonical}/`,
        `/funds/00${alpha.id}-alpha-and-sohne-ventures`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(301);
        expect(response.headers.location, url).toBe(canonical);
      }
      expect((await get(`/funds/${alpha.id}?from=search`)).headers.location).toBe(`${canonical}?from=search`);
    });

    it("answers 404 with the Not Found head for an id that names no fund", async () => {
      for (const url of [
        "/funds/999999-ghost",
        "/funds/999999",
        "/funds/0-x",
        "/funds/99999999999999-x",
        "/funds/abc",
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).toContain("<title>Page Not Found | Venture Capital Fund Matching</title>");
        expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
      }
    });

    it("lists every fund page in the sitemap", async () => {
      const sitemap = (await get("/sitemap.xml")).body;
      for (const row of rows) expect(sitemap).toContain(`<loc>https://fundmatch.example${fundPath(row)}</loc>`);
    });

    it("follows a fund's rename: the old path redirects to the new one", async () => {
      const db = t.testDatabase.database.db;
      const zeta = rows.find((row) => row.name === "Zeta Space") as FundRow;
      await db.update(funds).set({ name: "Zeta Orbit" }).where(eq(funds.id, zeta.id));
      t.app.services.fundsIndex.invalidate();
      const response = await get(fundPath(zeta));
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/funds/${zeta.id}-zeta-orbit`);
      expect((await get(`/funds/${zeta.id}-zeta-orbit`)).body).toContain("<title>Zeta Orbit: VC fund in Germany");
    });
  });

  describe("reports of outdated info", () => {
    const report = (fundId: number, payload: unknown, cookie?: string, remoteAddress = "10.1.0.1") =>
      t.app.inject({
        method: "POST",
        url: `/_api/funds/${fundId}/reports`,
        headers: cookie ? { cookie } : {},
        payload: payload as Record<string, unknown>,
        remoteAddress,
      });

    it("takes a signed-in user's correction, and refuses a visitor", async () => {
      const visitor = await report(alpha.id, { field: "website", note: "Moved" });
      expect(visitor.statusCode).toBe(401);
      const response = await report(
        alpha.id,
        { field: "fund_size", note: "  Fund III closed at €200M.  " },
        cookies.member,
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().report).toMatchObject({ fundId: alpha.id, field: "fund_size", status: "open" });
      const [stored] = await t.testDatabase.database.db
        .select()
        .from(fundReports)
        .where(eq(fundReports.id, response.json().report.id));
      expect(stored).toMatchObject({ note: "Fund III closed at €200M.", status: "open", resolvedAt: null });
      // Nothing about the reporter but the account.
      expect(Object.keys(stored ?? {}).sort()).toEqual(
        [
          "createdAt",
          "field",
          "fundId",
          "id",
          "note",
          "resolvedAt",
          "resolvedBy",
          "status",
          "userId",
          // The admin's answer, once done.
          "outcome",
          "changedFields",
          "reply",
          "reporterNotifiedAt",
        ].sort(),
      );
    });

    it.each([
      [{}, 400, "Choose which information is outdated."],
      [{ field: "website" }, 400, "Please describe what is outdated."],
      [{ field: "website", note: "   " }, 400, "Please describe what is outdated."],
      [{ field: "colour", note: "x" }, 400, "Choose which information is outdated."],
      [{ field: "website", note: "x".repeat(1001) }, 400, "Keep the note under 1,000 characters."],
      [{ field: "website", note: "x", extra: 1 }, 400, "Unknown field(s) in the report: extra."],
      [{ field: "website", note: 5 }, 400, "Please describe what is outdated."],
    ])("answers %j with %i: %s", async (payload, status, message) => {
      const response = await report(alpha.id, payload, cookies.member, "10.1.0.2");
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: message });
    });

    it("answers 404 for a fund that does not exist and 400 for a bad id", async () => {
      expect((await report(999_999, { field: "name", note: "x" }, cookies.member, "10.1.0.3")).statusCode).toBe(404);
      expect((await report(0, { field: "name", note: "x" }, cookies.member, "10.1.0.3")).statusCode).toBe(400);
    });

    it("limits reports per account, whatever address they come from", async () => {
      const statuses: number[] = [];
      for (let index = 0; index < REPORTS_PER_ACCOUNT_PER_HOUR + 1; index++) {
        const response = await report(
          alpha.id,
          { field: "other", note: `note ${index}` },
          cookies.other,
          `10.2.0.${index}`,
        );
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toEqual({
            error: "You have sent many reports in the last hour. Please try again later.",
          });
        }
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(REPORTS_PER_ACCOUNT_PER_HOUR);
      expect(statuses.at(-1)).toBe(429);
    });

    // Counted and inserted under the account's lock: on PostgreSQL parallel reports each counted
    // before any was stored, as parallel claims did.
    it("holds the account's limit under parallel reports", async () => {
      const registered = await t.app.inject({
        method: "POST",
        url: "/_api/auth/register_with_password",
        payload: { email: "racer@example.com", password: "Racer-pass-1", displayName: "Racer" },
        remoteAddress: "10.4.0.1",
      });
      const cookie = `fundmatch_session=${registered.cookies.find((item) => item.name === "fundmatch_session")?.value}`;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          report(alpha.id, { field: "other", note: `race ${index}` }, cookie, `10.5.${index}.1`),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(REPORTS_PER_ACCOUNT_PER_HOUR);
      expect(codes.filter((code) => code === 429)).toHaveLength(30 - REPORTS_PER_ACCOUNT_PER_HOUR);
      const stored = await t.testDatabase.database.db
        .select()
        .from(fundReports)
        .where(eq(fundReports.userId, registered.json().user.id));
      expect(stored).toHaveLength(REPORTS_PER_ACCOUNT_PER_HOUR);
    });

    it("limits reports per address, whatever account sends them", async () => {
      const db = t.testDatabase.database.db;
      await db.delete(fundReports);
      const statuses: number[] = [];
      for (let index = 0; index < 11; index++) {
        const cookie = index % 2 === 0 ? cookies.member : cookies.subscriber;
        statuses.push((await report(alpha.id, { field: "other", note: `n${index}` }, cookie, "10.3.0.1")).statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses[10]).toBe(429);
    });

    it("lists open reports to admins only, with the fund and the reporter's account, and lets them mark one done", async () => {
      expect((await get("/_api/admin/fund-reports")).statusCode).toBe(401);
      expect((await get("/_api/admin/fund-reports", cookies.member)).statusCode).toBe(403);
      const response = await get("/_api/admin/fund-reports", cookies.admin);
      expect(response.statusCode).toBe(200);
      const body = adminFundReportsResponseSchema.parse(response.json());
      expect(body.counts.open).toBe(body.reports.length);
      const first = body.reports[0];
      expect(first).toMatchObject({ fundId: alpha.id, fundName: alpha.name, status: "open" });
      expect(first?.reporter.email).toMatch(/@example\.com$/);

      const act = (payload: unknown, cookie = cookies.admin) =>
        t.app.inject({
          method: "POST",
          url: "/_api/admin/fund-report-action",
          headers: { cookie },
          payload: payload as Record<string, unknown>,
        });
      const markDone = { reportId: first?.id, action: "mark_done", outcome: "unchanged", reply: "Already correct." };
      expect((await act(markDone, cookies.member)).statusCode).toBe(403);
      const done = await act(markDone);
      expect(done.statusCode).toBe(200);
      expect(done.json().report).toMatchObject({ id: first?.id, status: "done", resolvedByName: expect.any(String) });
      const resolvedAt = done.json().report.resolvedAt;
      expect(resolvedAt).toBeTruthy();
      // Twice is harmless and keeps the first.
      expect((await act(markDone)).json().report.resolvedAt).toBe(resolvedAt);
      const lists = adminFundReportsResponseSchema.parse(
        (await get("/_api/admin/fund-reports?status=done", cookies.admin)).json(),
      );
      expect(lists.reports.map((item) => item.id)).toContain(first?.id);
      expect(lists.counts.open).toBe(body.counts.open - 1);
      expect((await act({ reportId: first?.id, action: "reopen" })).json().report).toMatchObject({
        status: "open",
        resolvedAt: null,
      });
      expect((await act({ ...markDone, reportId: 999_999 })).statusCode).toBe(404);
      expect((await act({ reportId: first?.id, action: "delete" })).statusCode).toBe(400);
      expect((await get("/_api/admin/fund-reports?status=all", cookies.admin)).statusCode).toBe(400);
    });

    it("puts the user's reports in their data export, and deletes them with the account", async () => {
      const db = t.testDatabase.database.db;
      await report(alpha.id, { field: "description", note: "New focus on AI." }, cookies.member, "10.4.0.1");
      const exported = (await get("/_api/user/export-data", cookies.member)).json();
      expect(exported.fundReports).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            fundId: alpha.id,
            fundName: alpha.name,
            field: "description",
            note: "New focus on AI.",
          }),
        ]),
      );
      const [member] = await db.select().from(users).where(eq(users.email, MEMBER.email));
      const deleted = await t.app.inject({
        method: "POST",
        url: "/_api/user/delete-account",
        headers: { cookie: cookies.member },
        payload: { password: MEMBER.password },
        remoteAddress: "10.4.0.2",
      });
      expect(deleted.statusCode).toBe(200);
      expect(
        await db
          .select()
          .from(fundReports)
          .where(eq(fundReports.userId, member?.id ?? 0)),
      ).toEqual([]);
    });
  });

  it("never calls a fund without a review date reviewed: it says when it was listed", async () => {
    const imported = rows.find((row) => row.name === "Beta Berlin") as FundRow;
    expect(imported.lastReviewed).toBeNull();
    const body = (await get(`/_api/funds/${imported.id}`)).json() as { fund: FundResult };
    expect(body.fund.lastReviewed).toBeNull();
    expect(body.fund.listedOn).toBe(imported.createdAt.toISOString().slice(0, 10));
    expect(body.fund.source).toBe("import");
  });
});
