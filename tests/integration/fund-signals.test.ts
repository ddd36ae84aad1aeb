import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundFacts, fundMembers, fundMonthlyCounts, funds, users } from "../../src/server/db/schema/index.js";
import { FUND_TEAM_SOURCE } from "../../src/shared/fund-facts.js";
import { fundPath } from "../../src/shared/fund-page.js";
import { audienceResponseSchema } from "../../src/shared/schemas/fund-audience.js";
import { fundResponseSchema, fundSearchResponseSchema } from "../../src/shared/schemas/funds.js";
import { fundMatchResponseSchema } from "../../src/shared/schemas/match.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

/**
 * Issue 24, "What founders see" and "What the fund sees": the investing status, the team's mark, the
 * pitch route and the listed team in fund results; the actively-investing filter; the founders'
 * counts at views, saves and shortlists, and the team's own counts endpoint.
 */

const PASSWORD = "Sup3rSecret1";
const PEOPLE = {
  founder: "founder@example.com",
  second: "second@example.com",
  admin: "admin@example.com",
  team: "partner@active.example",
  otherTeam: "partner@paused.example",
  unlisted: "analyst@active.example",
  free: "free@example.com",
} as const;
type Person = keyof typeof PEOPLE;

const THIS_MONTH = new Date().toISOString().slice(0, 7);

describe.each(TEST_DRIVERS)("fund teams' signals on %s", (driver) => {
  let t: TestApp;
  let closed = false;
  const cookies = {} as Record<Person, string>;
  const ids = { active: 0, paused: 0, unknown: 0 };

  const request = (
    method: "GET" | "POST",
    url: string,
    who?: Person,
    payload?: object,
    client: { ip?: string; agent?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      remoteAddress: client.ip ?? "203.0.113.1",
      headers: {
        "user-agent": client.agent ?? "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
        ...(who ? { cookie: cookies[who] } : {}),
      },
    });
  const counts = async (fundId: number) => {
    await t.app.services.fundAudience.recorder.flush();
    const [row] = await t.testDatabase.database.db
      .select()
      .from(fundMonthlyCounts)
      .where(eq(fundMonthlyCounts.fundId, fundId));
    return { pageViews: row?.pageViews ?? 0, saves: row?.saves ?? 0, shortlists: row?.shortlists ?? 0 };
  };

  beforeAll(async () => {
    // A client build of one page: the fund page's answer is what the visitor's count hangs on.
    const clientDir = mkdtempSync(path.join(tmpdir(), "fundmatch-fund-signals-"));
    writeFileSync(
      path.join(clientDir, "index.html"),
      '<!doctype html><html><head><title>FundMatch</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: "0" }, { CLIENT_DIR: clientDir });
    const db = t.testDatabase.database.db;
    await insertFunds(db, [
      { name: "Active Payments Seed", country: "Germany", country_code: "DE", industry_focus: "fintech" },
      { name: "Paused Payments Seed", country: "Germany", country_code: "DE", industry_focus: "fintech" },
      { name: "Unknown Payments Seed", country: "Germany", country_code: "DE", industry_focus: "fintech" },
    ]);
    const rows = await db.select({ id: funds.id, name: funds.name }).from(funds);
    const idOf = (word: string) => rows.find((row) => row.name.startsWith(word))?.id ?? 0;
    ids.active = idOf("Active");
    ids.paused = idOf("Paused");
    ids.unknown = idOf("Unknown");
    for (const [who, email] of Object.entries(PEOPLE) as Array<[Person, string]>) {
      const response = await t.app.inject({
        method: "POST",
        url: "/_api/auth/register_with_password",
        payload: { email, password: PASSWORD, displayName: `Person ${who}` },
      });
      const session = response.cookies.find((cookie) => cookie.name === "fundmatch_session");
      cookies[who] = `fundmatch_session=${session?.value}`;
    }
    for (const who of ["founder", "second", "team", "otherTeam", "unlisted"] as const) {
      await changeUserBehindTheApp(t.app, PEOPLE[who], { subscriptionStatus: "active", subscriptionType: "monthly" });
    }
    await changeUserBehindTheApp(t.app, PEOPLE.admin, {
      role: "admin",
      subscriptionStatus: "active",
      subscriptionType: "monthly",
    });
    const userId = async (who: Person) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, PEOPLE[who])))[0]?.id ?? 0;
    await db.insert(fundMembers).values([
      {
        fundId: ids.active,
        userId: await userId("team"),
        via: "email",
        email: PEOPLE.team,
        listed: true,
        listedName: "Petra Partner",
        listedRole: "General Partner",
        listedLinkedin: "https://www.linkedin.com/in/petra-partner",
      },
      // Gave a name but did not opt in: never shown.
      { fundId: ids.active, userId: await userId("unlisted"), via: "email", email: PEOPLE.unlisted, listedName: "Ann" },
      { fundId: ids.paused, userId: await userId("otherTeam"), via: "admin", email: PEOPLE.otherTeam },
    ]);
    await db
      .update(funds)
      .set({ investingStatus: "active", pitchRoute: "form", pitchTarget: "https://active.example/pitch" })
      .where(eq(funds.id, ids.active));
    await db
      .update(funds)
      .set({ investingStatus: "paused", pausedUntil: "2027-03-01" })
      .where(eq(funds.id, ids.paused));
    await db.insert(fundFacts).values([
      {
        fundId: ids.active,
        field: "investingStatus",
        value: "active",
        kind: "stated",
        sourceName: FUND_TEAM_SOURCE,
        asOf: `${THIS_MONTH}-02`,
        origin: "fund_team",
      },
      {
        fundId: ids.active,
        field: "pitchRoute",
        value: "form",
        kind: "stated",
        sourceName: FUND_TEAM_SOURCE,
        asOf: `${THIS_MONTH}-02`,
        origin: "fund_team",
      },
    ]);
  });
  afterAll(async () => {
    if (closed) await t?.testDatabase.drop();
    else await t?.close();
  });

  describe("what founders see", () => {
    it("gives the stated status, the team's mark and the opted-in team to everyone", async () => {
      const visitor = fundResponseSchema.parse((await request("GET", `/_api/funds/${ids.active}`)).json());
      expect(visitor.fund).toMatchObject({
        investingStatus: "active",
        pausedUntil: null,
        updatedByFundTeam: THIS_MONTH,
        team: [
          { name: "Petra Partner", role: "General Partner", linkedin: "https://www.linkedin.com/in/petra-partner" },
        ],
      });
      // Only the three fields the member chose to show: no address, no account.
      expect(visitor.fund.team.map((member) => Object.keys(member).sort())).toEqual([["linkedin", "name", "role"]]);
      expect(JSON.stringify(visitor)).not.toContain(PEOPLE.team);
      expect(JSON.stringify(visitor)).not.toContain("Ann");

      const paused = fundResponseSchema.parse((await request("GET", `/_api/funds/${ids.paused}`)).json());
      expect(paused.fund).toMatchObject({
        investingStatus: "paused",
        pausedUntil: "2027-03-01",
        updatedByFundTeam: null,
        team: [],
      });
      const unknown = fundResponseSchema.parse((await request("GET", `/_api/funds/${ids.unknown}`)).json());
      expect(unknown.fund).toMatchObject({ investingStatus: null, pausedUntil: null, updatedByFundTeam: null });
    });

    it("shows the pitch route to subscribers only; others learn only that there is one", async () => {
      const visitorBody = (await request("GET", `/_api/funds/${ids.active}`)).json();
      const visitor = fundResponseSchema.parse(visitorBody);
      expect(visitorBody.fund).not.toHaveProperty("pitchRoute");
      expect(visitorBody.fund).not.toHaveProperty("pitchTarget");
      expect(visitor.fund.premiumFacts?.hasPitchRoute).toBe(true);
      expect(visitor.provenance.map((item) => item.field)).not.toContain("pitchRoute");
      expect(JSON.stringify(visitorBody)).not.toContain("active.example/pitch");
      const free = (await request("GET", `/_api/funds/${ids.active}`, "free")).json();
      expect(free.fund).not.toHaveProperty("pitchRoute");

      const subscriber = fundResponseSchema.parse(
        (await request("GET", `/_api/funds/${ids.active}`, "founder")).json(),
      );
      expect(subscriber.fund).toMatchObject({ pitchRoute: "form", pitchTarget: "https://active.example/pitch" });
      expect(subscriber.provenance.map((item) => item.field)).toContain("pitchRoute");
    });

    it("filters by actively investing for subscribers only, keeping unknown statuses without the filter", async () => {
      const search = async (who: Person | undefined, body: object) =>
        request("POST", "/_api/funds/search", who, { industryFocus: ["fintech"], ...body });
      const all = fundSearchResponseSchema.parse((await search("founder", {})).json());
      expect(all.results.map((fund) => fund.id).sort()).toEqual([ids.active, ids.paused, ids.unknown].sort());
      const active = fundSearchResponseSchema.parse((await search("founder", { activelyInvesting: true })).json());
      expect(active.results.map((fund) => fund.id)).toEqual([ids.active]);
      expect(active.totalCount).toBe(1);
      expect(active.results[0]?.investingStatus).toBe("active");

      for (const who of [undefined, "free"] as const) {
        const refused = await search(who, { activelyInvesting: true });
        expect(refused.statusCode).toBe(402);
      }
      expect((await search("founder", { activelyInvesting: false })).statusCode).toBe(400);
    });

    it("filters the match by actively investing for subscribers only", async () => {
      const match = async (who: Person | undefined, body: object) =>
        request("POST", "/_api/funds/match", who, { stage: "seed", sectors: ["fintech"], ...body });
      const all = fundMatchResponseSchema.parse((await match("second", {})).json());
      expect(all.results.map((fund) => fund.id).sort()).toEqual([ids.active, ids.paused, ids.unknown].sort());
      const active = fundMatchResponseSchema.parse((await match("second", { activelyInvesting: true })).json());
      expect(active.results.map((fund) => fund.id)).toEqual([ids.active]);
      expect(active.totalCount).toBe(1);
      expect((await match(undefined, { activelyInvesting: true })).statusCode).toBe(402);
      expect((await match("free", { activelyInvesting: true })).statusCode).toBe(402);
    });
  });

  describe("what the fund sees", () => {
    it("counts a founder's page view once a month, leaving out admins, the fund's team and crawlers", async () => {
      const before = await counts(ids.paused);
      await request("GET", `/_api/funds/${ids.paused}`, "founder");
      await request("GET", `/_api/funds/${ids.paused}`, "founder");
      await request("GET", `/_api/funds/${ids.paused}`, "admin");
      await request("GET", `/_api/funds/${ids.paused}`, "otherTeam");
      await request("GET", `/_api/funds/${ids.paused}`, undefined, undefined, {
        ip: "198.51.100.7",
        agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      });
      expect(await counts(ids.paused)).toEqual({ ...before, pageViews: before.pageViews + 1 });

      // A visitor: the fund page as served, then its data from the browser: one founder.
      const row = await t.app.services.funds.current();
      const page = fundPath(row.row(ids.paused) as NonNullable<ReturnType<typeof row.row>>);
      const visitor = { ip: "198.51.100.20", agent: "Mozilla/5.0 Safari/605.1.15" };
      expect((await request("GET", page, undefined, undefined, visitor)).statusCode).toBe(200);
      expect((await request("GET", page, undefined, undefined, visitor)).statusCode).toBe(200);
      await request("GET", `/_api/funds/${ids.paused}`, undefined, undefined, visitor);
      expect(await counts(ids.paused)).toEqual({ ...before, pageViews: before.pageViews + 2 });
      // A fund that does not exist is no one's view.
      expect((await request("GET", "/_api/funds/999999", "founder")).statusCode).toBe(404);
    });

    // A visitor was the address and the user agent together: one address sending 300 user agents
    // added 300 views. Now the address alone, IPv6 by its /64, once a day.
    it("counts a visitor once per address (IPv6: per /64) and day, whatever the user agent", async () => {
      const before = await counts(ids.unknown);
      const row = await t.app.services.funds.current();
      const page = fundPath(row.row(ids.unknown) as NonNullable<ReturnType<typeof row.row>>);
      const load = (ip: string, agent: string) => request("GET", page, undefined, undefined, { ip, agent });
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, index) => load("192.0.2.44", `Mozilla/5.0 (agent ${index}) Firefox/${index}`)),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      // The same address through the API, and as an IPv4-mapped IPv6 address: the same visitor.
      await request("GET", `/_api/funds/${ids.unknown}`, undefined, undefined, {
        ip: "192.0.2.44",
        agent: "curl-less",
      });
      await load("::ffff:192.0.2.44", "Another browser");
      expect(await counts(ids.unknown)).toEqual({ ...before, pageViews: before.pageViews + 1 });
      // Every address of one /64 is one visitor; the next /64 is another.
      for (let index = 1; index <= 20; index++) await load(`2001:db8:5:6::${index.toString(16)}`, `Agent ${index}`);
      await load("2001:db8:5:6:ffff:ffff:ffff:ffff", "Agent x");
      await load("2001:db8:5:7::1", "Agent y");
      expect(await counts(ids.unknown)).toEqual({ ...before, pageViews: before.pageViews + 3 });
      // On another day of the month the same address is counted again, once (visitors: per day).
      const recorder = t.app.services.fundAudience.recorder;
      const today = new Date();
      const otherDay = new Date(
        Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() === 1 ? 2 : 1, 12),
      );
      recorder.record("pageView", { visitorKey: "192.0.2.44" }, [ids.unknown], otherDay);
      recorder.record("pageView", { visitorKey: "192.0.2.44" }, [ids.unknown], otherDay);
      expect(await counts(ids.unknown)).toEqual({ ...before, pageViews: before.pageViews + 4 });
    });

    it("counts a save once per founder and month, and never the team's own", async () => {
      const before = await counts(ids.paused);
      const save = (who: Person) => request("POST", "/_api/user/save-fund", who, { fundId: ids.paused });
      expect((await save("founder")).statusCode).toBe(200);
      expect((await request("POST", "/_api/user/unsave-fund", "founder", { fundId: ids.paused })).statusCode).toBe(200);
      expect((await save("founder")).statusCode).toBe(200);
      expect((await save("otherTeam")).statusCode).toBe(200);
      expect((await save("admin")).statusCode).toBe(200);
      expect((await save("free")).statusCode).toBe(402);
      expect(await counts(ids.paused)).toEqual({ ...before, saves: before.saves + 1 });
    });

    it("counts a shortlist once per founder, fund and month: the funds the match showed them", async () => {
      const before = { active: await counts(ids.active), paused: await counts(ids.paused) };
      const match = (who: Person | undefined, body: object = {}) =>
        request("POST", "/_api/funds/match", who, { stage: "seed", sectors: ["fintech"], country: "Germany", ...body });
      await match("founder");
      await match("founder");
      await match("otherTeam");
      await match("admin");
      // The filtered list is a shortlist too; the paused fund is not in it.
      await match("second", { activelyInvesting: true });
      // A free account is shown the top three: those are its shortlist.
      const top = fundMatchResponseSchema.parse((await match("free")).json());
      expect(top.results.length).toBe(3);
      const afterActive = await counts(ids.active);
      const afterPaused = await counts(ids.paused);
      // New here: founder and free for both; the paused fund's team for the active fund only; second
      // was counted for both by the unfiltered match above (its filtered list is the same founder).
      expect(afterActive.shortlists - before.active.shortlists).toBe(3);
      expect(afterPaused.shortlists - before.paused.shortlists).toBe(2);
    });

    it("shows the team its own fund's counts: twelve months, counts only", async () => {
      const response = await request("GET", `/_api/investor/funds/${ids.paused}/audience`, "otherTeam");
      expect(response.statusCode).toBe(200);
      const body = audienceResponseSchema.parse(response.json());
      expect(Object.keys(response.json())).toEqual(["months"]);
      expect(body.months).toHaveLength(12);
      expect(body.months[0]?.month).toBe(THIS_MONTH);
      for (const month of response.json().months) {
        expect(Object.keys(month).sort()).toEqual(["month", "pageViews", "saves", "shortlists"]);
      }
      expect(body.months[0]).toEqual({ month: THIS_MONTH, ...(await counts(ids.paused)) });
      expect(body.months.slice(1).every((month) => month.pageViews + month.saves + month.shortlists === 0)).toBe(true);
      expect(response.body).not.toMatch(/@|founder|Person/);
    });

    it("refuses another fund's counts (403), a founder (403), an admin (403) and a visitor (401)", async () => {
      const url = `/_api/investor/funds/${ids.paused}/audience`;
      expect((await request("GET", `/_api/investor/funds/${ids.active}/audience`, "otherTeam")).statusCode).toBe(403);
      expect((await request("GET", url, "founder")).statusCode).toBe(403);
      expect((await request("GET", url, "admin")).statusCode).toBe(403);
      const visitor = await request("GET", url);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toHaveProperty("error");
      expect((await request("GET", "/_api/investor/funds/abc/audience", "otherTeam")).statusCode).toBe(400);
    });

    it("keeps nothing but counts in the table", async () => {
      const result = await t.testDatabase.database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'fund_monthly_counts' order by column_name`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
        column_name: string;
      }>;
      expect(rows.map((row) => row.column_name)).toEqual(["fund_id", "month", "page_views", "saves", "shortlists"]);
    });

    it("writes the queued counts when the app shuts down", async () => {
      const before = await counts(ids.unknown);
      await request("GET", `/_api/funds/${ids.unknown}`, "second");
      await t.app.close();
      closed = true;
      const [row] = await t.testDatabase.database.db
        .select()
        .from(fundMonthlyCounts)
        .where(eq(fundMonthlyCounts.fundId, ids.unknown));
      expect(row?.pageViews).toBe(before.pageViews + 1);
    });
  });
});
