import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundMembers, funds, pitchDeckChunks, pitches, savedFunds } from "../../src/server/db/schema/index.js";
import { PITCH_DECK_MAX_BYTES, PITCH_TEXTS } from "../../src/shared/pitches.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { multipart, type Part } from "../support/multipart.js";
import { pdfBytes } from "../support/pdf.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

const ORIGIN = "https://fundmatch.example";
const ADMIN = { email: "pitch-admin@example.com", password: "Admin-pass-1" };
const PASSWORD = "Member-pass-1";
const MESSAGE =
  "We build payroll software for small clinics; 40 paying customers, growing 15% a month. We raise a seed round.";

/**
 * Pitching through FundMatch (issue 39), end to end through the API: a fund's team opts in, a
 * founder pitches with a PDF, the team reads the inbox and the deck (the same bytes), answers, and
 * the founder sees the answer, the deck's views and the pipeline; the e-mails are read back from the
 * outbox as a mail client would. Every refusal of the issue, and nobody else reaching a pitch.
 */
describe.each(TEST_DRIVERS)("pitching through FundMatch on %s", (driver) => {
  let t: TestApp;
  let dataDir = "";
  let ip = 0;
  let accounts = 0;
  const fundIds: Record<string, number> = {};
  let adminCookie = "";
  const nextIp = () => `10.39.${Math.floor(++ip / 250)}.${ip % 250}`;
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const db = () => t.testDatabase.database.db;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "fundmatch-pitches-"));
    t = await createTestApp(driver, {
      PUBLIC_ORIGIN: ORIGIN,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: "0",
    });
    await insertFunds(db(), [
      { name: "Pitch Ventures", website: "https://pitch.example" },
      { name: "Other Capital", website: "https://other.example" },
      { name: "Closed Door Fund", website: "https://closed.example" },
      { name: "Record Fund", website: "https://record.example" },
    ]);
    t.app.services.fundsIndex.invalidate();
    for (const row of await db().select({ id: funds.id, name: funds.name }).from(funds)) fundIds[row.name] = row.id;
    const login = await t.app.inject({
      method: "POST",
      url: "/_api/auth/login_with_password",
      payload: ADMIN,
      remoteAddress: nextIp(),
    });
    adminCookie = cookieOf(login);
    expect(adminCookie).not.toBe("");
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  type Account = { id: number; email: string; cookie: string };

  async function account(name: string, subscribed: boolean): Promise<Account> {
    const email = `${name}${++accounts}@example.com`;
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: PASSWORD, displayName: `${name} ${accounts}` },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().user.id as number;
    if (subscribed) {
      await changeUserBehindTheApp(t.app, email, { subscriptionStatus: "active", subscriptionType: "monthly" });
    }
    return { id, email, cookie: cookieOf(registered) };
  }

  async function founder(name = "founder"): Promise<Account> {
    const person = await account(name, true);
    const profile = await call("PUT", "/_api/user/startup-profile", person, {
      stage: "seed",
      sectors: ["digital_health"],
      country: "Germany",
      raiseAmountUsd: 1_500_000,
      description: "Payroll for clinics",
    });
    expect(profile.statusCode, profile.body).toBe(200);
    return person;
  }

  async function member(fund: string, name = "member"): Promise<Account> {
    const person = await account(name, false);
    await db()
      .insert(fundMembers)
      .values({
        fundId: fundIds[fund] as number,
        userId: person.id,
        via: "admin",
        email: `${name}${accounts}@${fund.split(" ")[0]?.toLowerCase()}.example`,
      });
    return person;
  }

  function call(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, who?: Account, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      ...(who ? { cookies: { fundmatch_session: who.cookie } } : {}),
    });
  }

  function pitch(fund: string | number, who: Account | undefined, parts: Part[]) {
    const body = multipart(parts);
    return t.app.inject({
      method: "POST",
      url: `/_api/funds/${typeof fund === "number" ? fund : fundIds[fund]}/pitches`,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: nextIp(),
      ...(who ? { cookies: { fundmatch_session: who.cookie } } : {}),
    });
  }

  const form = (deck: Buffer | null, extra: Part[] = [], fileName = "deck.pdf"): Part[] => [
    { name: "message", value: MESSAGE },
    { name: "startupName", value: "Clinic Payroll" },
    ...(deck ? [{ name: "deck", value: deck, fileName, type: "application/pdf" }] : []),
    ...extra,
  ];

  async function mailsTo(to: string): Promise<ParsedMail[]> {
    const outbox = path.join(dataDir, "outbox");
    const files = (await readdir(outbox).catch(() => [] as string[])).sort();
    const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(outbox, file)))));
    return mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.text === to));
  }

  const pipelineLine = async (userId: number, fund: string) => {
    const [row] = await db()
      .select({ status: savedFunds.status, note: savedFunds.note })
      .from(savedFunds)
      .where(and(eq(savedFunds.userId, userId), eq(savedFunds.fundId, fundIds[fund] as number)));
    return row;
  };

  let team: Account;
  let otherTeam: Account;

  it("a fund's team opts in with pitchRoute 'fundmatch' in its editor", async () => {
    team = await member("Pitch Ventures", "ana");
    otherTeam = await member("Other Capital", "bo");
    for (const [who, fund] of [
      [team, "Pitch Ventures"],
      [otherTeam, "Other Capital"],
    ] as const) {
      const response = await call("PATCH", `/_api/investor/funds/${fundIds[fund]}`, who, { pitchRoute: "fundmatch" });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().fund).toMatchObject({ pitchRoute: "fundmatch", pitchTarget: null });
    }
    // An address is refused with this route, as with introductions only.
    const withTarget = await call("PATCH", `/_api/investor/funds/${fundIds["Pitch Ventures"]}`, team, {
      pitchRoute: "fundmatch",
      pitchTarget: "ana@pitch.example",
    });
    expect(withTarget.statusCode).toBe(400);
  });

  it("refuses a visitor (401), a member without a subscription (402), a fund that does not accept pitches (409), a founder without a profile (409)", async () => {
    const deck = pdfBytes({ pages: 2 });
    expect((await pitch("Pitch Ventures", undefined, form(deck))).statusCode).toBe(401);
    const unpaid = await account("unpaid", false);
    const noSubscription = await pitch("Pitch Ventures", unpaid, form(deck));
    expect(noSubscription.statusCode).toBe(402);
    expect(noSubscription.json().error).toBe(PITCH_TEXTS.subscriptionRequired);
    const person = await founder();
    const closed = await pitch("Closed Door Fund", person, form(deck));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(PITCH_TEXTS.notAccepting);
    expect((await pitch(999_999, person, form(deck))).statusCode).toBe(404);
    const noProfile = await account("noprofile", true);
    const refused = await pitch("Pitch Ventures", noProfile, form(deck));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PITCH_TEXTS.profileRequired);
    expect(await db().select().from(pitches)).toEqual([]);
  });

  it("refuses a bad form: message length, no deck, both deck and link, an http link", async () => {
    const person = await founder();
    const deck = pdfBytes();
    const short = await pitch("Pitch Ventures", person, [
      { name: "message", value: "Too short." },
      { name: "startupName", value: "X" },
      { name: "deck", value: deck, fileName: "deck.pdf" },
    ]);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/50 to 2000 characters/);
    expect((await pitch("Pitch Ventures", person, form(null))).json().error).toBe(PITCH_TEXTS.deckRequired);
    const both = await pitch(
      "Pitch Ventures",
      person,
      form(deck, [{ name: "deckUrl", value: "https://deck.example/a" }]),
    );
    expect(both.json().error).toBe(PITCH_TEXTS.deckOrUrl);
    const http = await pitch(
      "Pitch Ventures",
      person,
      form(null, [{ name: "deckUrl", value: "http://deck.example/a" }]),
    );
    expect(http.statusCode).toBe(400);
    expect(http.json().error).toBe(PITCH_TEXTS.deckUrl);
    const json = await call("POST", `/_api/funds/${fundIds["Pitch Ventures"]}/pitches`, person, { message: MESSAGE });
    expect(json.statusCode).toBe(415);
  });

  it("checks the deck by its bytes: a renamed non-PDF, an encrypted or broken PDF, 20 MB + 1 byte are refused; exactly 20 MB is taken", {
    timeout: 120_000,
  }, async () => {
    const person = await founder();
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64)]);
    const renamed = await pitch("Pitch Ventures", person, form(png, [], "deck.pdf"));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toBe(PITCH_TEXTS.notPdf);
    const encrypted = await pitch("Pitch Ventures", person, form(pdfBytes({ encrypted: true })));
    expect(encrypted.statusCode).toBe(400);
    expect(encrypted.json().error).toBe(PITCH_TEXTS.encrypted);
    const broken = await pitch("Pitch Ventures", person, form(Buffer.from("%PDF-1.4\n1 0 obj garbage\n%%EOF\n")));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe(PITCH_TEXTS.broken);
    const over = await pitch("Pitch Ventures", person, form(pdfBytes({ pages: 1, padTo: PITCH_DECK_MAX_BYTES + 1 })));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toBe(PITCH_TEXTS.tooLarge);
    expect(await db().select().from(pitches).where(eq(pitches.founderId, person.id))).toEqual([]);

    const exact = pdfBytes({ pages: 4, padTo: PITCH_DECK_MAX_BYTES });
    expect(exact.length).toBe(PITCH_DECK_MAX_BYTES);
    const taken = await pitch("Pitch Ventures", person, form(exact));
    expect(taken.statusCode, taken.body).toBe(201);
    const [row] = await db().select().from(pitches).where(eq(pitches.founderId, person.id));
    expect(row).toMatchObject({ deckPages: 4, deckBytes: PITCH_DECK_MAX_BYTES, deckStorage: "postgres" });
    // Stored in chunks of at most 256 KB, never one value of 20 MB.
    const [chunks] = await db()
      .select({
        count: sql<number>`count(*)::int`,
        largest: sql<number>`max(octet_length(${pitchDeckChunks.data}))::int`,
      })
      .from(pitchDeckChunks)
      .where(eq(pitchDeckChunks.pitchId, row?.id ?? ""));
    expect(chunks).toEqual({ count: 80, largest: 256 * 1024 });
    const own = await call("GET", `/_api/user/pitches/${row?.id}/deck`, person);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(exact)).toBe(true);
  });

  it("the whole loop: pitch, inbox, deck (same bytes, its view recorded), meeting, the founder's list, pipeline and e-mail", async () => {
    const person = await founder("loop");
    const deck = pdfBytes({ pages: 3, title: "Loop deck" });
    const sent = await pitch("Pitch Ventures", person, form(deck));
    expect(sent.statusCode, sent.body).toBe(201);
    const created = sent.json().pitch;
    expect(created).toMatchObject({ status: "sent", fundId: fundIds["Pitch Ventures"] });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await pipelineLine(person.id, "Pitch Ventures")).toEqual({ status: "contacted", note: "" });

    // One pitch per fund in 90 days.
    const again = await pitch("Pitch Ventures", person, form(deck));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PITCH_TEXTS.repeat);

    const fundId = fundIds["Pitch Ventures"] as number;
    const inbox = await call("GET", `/_api/investor/funds/${fundId}/pitches`, team);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const listed = inbox.json().pitches.find((each: { id: string }) => each.id === created.id);
    expect(listed).toMatchObject({
      status: "sent",
      startup: {
        name: "Clinic Payroll",
        stage: "seed",
        sectors: ["digital_health"],
        country: "Germany",
        raiseAmountUsd: 1_500_000,
        description: "Payroll for clinics",
      },
      message: MESSAGE,
      deck: { pages: 3, bytes: deck.length },
      deckUrl: null,
      answeredAt: null,
    });
    // Filters: status, stage, sector, country.
    const filtered = async (query: string) =>
      (await call("GET", `/_api/investor/funds/${fundId}/pitches?${query}`, team))
        .json()
        .pitches.some((each: { id: string }) => each.id === created.id);
    expect(await filtered("status=sent&stage=seed&sector=digital_health&country=germany")).toBe(true);
    expect(await filtered("stage=series_a")).toBe(false);
    expect(await filtered("status=meeting")).toBe(false);

    // Nobody else reads the inbox or the deck.
    expect((await call("GET", `/_api/investor/funds/${fundId}/pitches`, otherTeam)).statusCode).toBe(403);
    expect((await call("GET", `/_api/investor/funds/${fundId}/pitches`, person)).statusCode).toBe(403);
    expect((await call("GET", "/_api/investor/funds/999999/pitches", team)).statusCode).toBe(404);
    expect((await call("GET", `/_api/investor/funds/${fundId}/pitches`)).statusCode).toBe(401);
    const otherFund = fundIds["Other Capital"] as number;
    expect(
      (await call("GET", `/_api/investor/funds/${otherFund}/pitches/${created.id}/deck`, otherTeam)).statusCode,
    ).toBe(404);
    expect((await call("GET", `/_api/investor/funds/${fundId}/pitches/${created.id}/deck`, otherTeam)).statusCode).toBe(
      403,
    );
    const stranger = await founder("stranger");
    expect((await call("GET", `/_api/user/pitches/${created.id}/deck`, stranger)).statusCode).toBe(404);
    expect((await call("DELETE", `/_api/user/pitches/${created.id}`, stranger)).statusCode).toBe(404);
    expect((await call("GET", `/_api/user/pitches`, stranger)).json().pitches).toEqual([]);

    const fetched = await call("GET", `/_api/investor/funds/${fundId}/pitches/${created.id}/deck`, team);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(deck)).toBe(true);
    expect(fetched.headers["content-type"]).toBe("application/pdf");
    expect(fetched.headers["content-disposition"]).toBe('inline; filename="Clinic Payroll.pdf"');
    expect(fetched.headers["content-security-policy"]).toMatch(/^sandbox; default-src 'none'/);
    expect(fetched.headers["cache-control"]).toBe("private, no-store");
    const pages = await call("POST", `/_api/investor/funds/${fundId}/pitches/${created.id}/deck/pages`, team, {
      pages: [1, 2],
    });
    expect(pages.statusCode, pages.body).toBe(200);

    const mine = await call("GET", "/_api/user/pitches", person);
    expect(mine.json().pitches).toEqual([
      expect.objectContaining({
        id: created.id,
        fundId,
        fundName: "Pitch Ventures",
        status: "reviewing",
        decision: null,
        deckViews: { opened: 1, pagesViewed: 2, lastViewedAt: expect.any(String) },
      }),
    ]);

    const answer = await call("POST", `/_api/investor/funds/${fundId}/pitches/${created.id}/answer`, team, {
      decision: "meeting",
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().pitch).toMatchObject({ status: "meeting", decision: "meeting", reason: null });
    expect(answer.json().pitch.history.map((entry: { event: string }) => entry.event)).toEqual([
      "sent",
      "viewed",
      "meeting",
    ]);
    const twice = await call("POST", `/_api/investor/funds/${fundId}/pitches/${created.id}/answer`, team, {
      decision: "pass",
      reason: "Too early",
    });
    expect(twice.statusCode).toBe(409);
    expect(await pipelineLine(person.id, "Pitch Ventures")).toMatchObject({ status: "in_conversation" });
    expect((await call("DELETE", `/_api/user/pitches/${created.id}`, person)).statusCode).toBe(409);

    const [mail] = await mailsTo(person.email);
    expect(mail?.subject).toBe("Pitch Ventures would like to meet Clinic Payroll");
    const memberAddress = (
      await db().select({ email: fundMembers.email }).from(fundMembers).where(eq(fundMembers.userId, team.id))
    )[0]?.email;
    expect(mail?.replyTo?.text).toBe(memberAddress);
    expect(mail?.text).toContain(`reach ana`);
    expect(mail?.text).toContain(`${ORIGIN}/profile#pitches`);
  });

  it("a pass e-mails the reason and note kindly, and puts the fund at Passed with the reason in the note", async () => {
    const person = await founder("passed");
    const sent = await pitch(
      "Pitch Ventures",
      person,
      form(null, [{ name: "deckUrl", value: "https://docs.example/deck" }]),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().pitch.id as string;
    const fundId = fundIds["Pitch Ventures"] as number;
    expect((await call("GET", `/_api/investor/funds/${fundId}/pitches/${id}/deck`, team)).statusCode).toBe(404);
    const noReason = await call("POST", `/_api/investor/funds/${fundId}/pitches/${id}/answer`, team, {
      decision: "pass",
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(PITCH_TEXTS.reasonRequired);
    const badReason = await call("POST", `/_api/investor/funds/${fundId}/pitches/${id}/answer`, team, {
      decision: "pass",
      reason: "Bad vibes",
    });
    expect(badReason.statusCode).toBe(400);
    const longNote = await call("POST", `/_api/investor/funds/${fundId}/pitches/${id}/answer`, team, {
      decision: "pass",
      reason: "Too early",
      note: "x".repeat(1001),
    });
    expect(longNote.statusCode).toBe(400);
    const byOther = await call("POST", `/_api/investor/funds/${fundId}/pitches/${id}/answer`, otherTeam, {
      decision: "meeting",
    });
    expect(byOther.statusCode).toBe(403);
    const passed = await call("POST", `/_api/investor/funds/${fundId}/pitches/${id}/answer`, team, {
      decision: "pass",
      reason: "Too early",
      note: "Come back after your first 100 customers.",
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(await pipelineLine(person.id, "Pitch Ventures")).toEqual({
      status: "passed",
      note: "Passed through FundMatch: Too early (Come back after your first 100 customers.)",
    });
    const [mail] = await mailsTo(person.email);
    expect(mail?.subject).toBe("Pitch Ventures answered your pitch for Clinic Payroll");
    expect(mail?.replyTo).toBeUndefined();
    expect(mail?.text).toContain("Their reason: Too early.");
    expect(mail?.text).toContain("Their note:");
    expect(mail?.text).toContain("Come back after your first 100 customers.");
    // Nothing the product cannot know: that the team read the pitch "carefully".
    expect(mail?.text).not.toContain("carefully");
    const [mine] = (await call("GET", "/_api/user/pitches", person)).json().pitches;
    expect(mine).toMatchObject({ status: "passed", decision: "pass", reason: "Too early", deckViews: { opened: 0 } });
  });

  it("a withdraw before any answer takes the pitch out of the inbox and deletes its deck", async () => {
    const person = await founder("withdraw");
    const sent = await pitch("Other Capital", person, form(pdfBytes({ pages: 2 })));
    expect(sent.statusCode).toBe(201);
    const id = sent.json().pitch.id as string;
    const withdrawn = await call("DELETE", `/_api/user/pitches/${id}`, person);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await db().select().from(pitchDeckChunks).where(eq(pitchDeckChunks.pitchId, id))).toEqual([]);
    const inbox = await call("GET", `/_api/investor/funds/${fundIds["Other Capital"]}/pitches`, otherTeam);
    expect(inbox.json().pitches.map((each: { id: string }) => each.id)).not.toContain(id);
    expect((await call("DELETE", `/_api/user/pitches/${id}`, person)).statusCode).toBe(409);
    // A withdrawn pitch does not hold the fund for 90 days: the founder may send a corrected one.
    expect((await pitch("Other Capital", person, form(pdfBytes()))).statusCode).toBe(201);
  });

  it("at most 20 pitches in 30 days (429), and 10 deck uploads an hour per account", async () => {
    const person = await founder("busy");
    const now = Date.now();
    await db()
      .insert(pitches)
      .values(
        Array.from({ length: 20 }, (_, index) => ({
          id: `busy${String(index).padStart(18, "0")}`,
          fundId: fundIds["Closed Door Fund"] as number,
          founderId: person.id,
          startupName: "Busy",
          message: MESSAGE,
          deckUrl: "https://docs.example/busy",
          sentAt: new Date(now - (index + 1) * 24 * 60 * 60 * 1000),
        })),
      );
    const refused = await pitch("Pitch Ventures", person, form(pdfBytes()));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(PITCH_TEXTS.tooMany);

    const uploader = await founder("uploader");
    await db()
      .insert(pitches)
      .values(
        Array.from({ length: 10 }, (_, index) => ({
          id: `upld${String(index).padStart(18, "0")}`,
          fundId: fundIds["Closed Door Fund"] as number,
          founderId: uploader.id,
          startupName: "Uploader",
          message: MESSAGE,
          deckPages: 1,
          deckBytes: 100,
          status: "withdrawn" as const,
          sentAt: new Date(now - (index + 1) * 60 * 1000),
        })),
      );
    const uploads = await pitch("Pitch Ventures", uploader, form(pdfBytes()));
    expect(uploads.statusCode).toBe(429);
    expect(uploads.json().error).toBe(PITCH_TEXTS.tooManyUploads);
    // A link instead of a file is not an upload.
    expect(
      (await pitch("Pitch Ventures", uploader, form(null, [{ name: "deckUrl", value: "https://d.example/x" }])))
        .statusCode,
    ).toBe(201);
  });

  it("a member reports a pitch as spam and an admin sees it; the data export lists pitches; deleting the account deletes its decks", async () => {
    const person = await founder("spammy");
    const sent = await pitch("Other Capital", person, form(pdfBytes({ pages: 1 })));
    const id = sent.json().pitch.id as string;
    const fundId = fundIds["Other Capital"] as number;
    expect((await call("POST", `/_api/investor/funds/${fundId}/pitches/${id}/spam`, team)).statusCode).toBe(403);
    const reported = await call("POST", `/_api/investor/funds/${fundId}/pitches/${id}/spam`, otherTeam);
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await call("GET", "/_api/admin/pitch-spam-reports", person)).statusCode).toBe(403);
    const list = await t.app.inject({
      method: "GET",
      url: "/_api/admin/pitch-spam-reports",
      cookies: { fundmatch_session: adminCookie },
      remoteAddress: nextIp(),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().pitches).toEqual([
      expect.objectContaining({
        id,
        fund: { id: fundId, name: "Other Capital" },
        founder: expect.objectContaining({ email: person.email }),
      }),
    ]);

    const exported = await call("GET", "/_api/user/export-data", person);
    expect(JSON.parse(exported.body).pitches).toEqual([
      expect.objectContaining({ id, fundName: "Other Capital", startupName: "Clinic Payroll", message: MESSAGE }),
    ]);

    expect((await db().select().from(pitchDeckChunks).where(eq(pitchDeckChunks.pitchId, id))).length).toBe(1);
    const deleted = await call("POST", "/_api/user/delete-account", person, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().select().from(pitches).where(eq(pitches.id, id))).toEqual([]);
    expect(await db().select().from(pitchDeckChunks).where(eq(pitchDeckChunks.pitchId, id))).toEqual([]);
  });

  it("e-mails each fund's team a daily digest of new pitches, with one-click unsubscribe, once per pitch", async () => {
    const runDigest = async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/_api/admin/jobs/run",
        payload: { name: "pitch-digest" },
        cookies: { fundmatch_session: adminCookie },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    // bo (Other Capital) turns the digest off; ana (Pitch Ventures) keeps it.
    const off = await call("PUT", "/_api/user/email-preferences", otherTeam, { pitch_digest: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ pitch_digest: false });
    const person = await founder("digest");
    expect((await pitch("Pitch Ventures", person, form(pdfBytes()))).statusCode).toBe(201);

    expect(await runDigest()).toMatchObject({ status: "succeeded", handled: 1 });
    const [digest, ...more] = await mailsTo(team.email);
    expect(more).toEqual([]);
    expect(digest?.subject).toMatch(/^\d+ new pitch(es)? to Pitch Ventures$/);
    expect(digest?.text).toContain("Clinic Payroll");
    expect(digest?.text).toContain("Seed · Germany · raising $1.5M");
    expect(digest?.text).toContain(`${ORIGIN}/investor/funds/${fundIds["Pitch Ventures"]}/pitches`);
    const unsubscribe = digest?.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
    expect(unsubscribe).toMatch(/<https:\/\/fundmatch\.example\/_api\/email\/unsubscribe\?token=[^>]+>/);
    expect(digest?.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toMatch(
      /List-Unsubscribe=One-Click/,
    );
    expect(await mailsTo(otherTeam.email)).toEqual([]);
    // Each pitch goes out once: the next day's run has nothing new.
    expect(await runDigest()).toMatchObject({ status: "succeeded", handled: 0 });

    // One click in the mail client turns it off for the account.
    const token = /token=([^>\s]+)>/.exec(unsubscribe)?.[1] ?? "";
    const clicked = await t.app.inject({
      method: "POST",
      url: `/_api/email/unsubscribe?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: nextIp(),
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect((await call("GET", "/_api/user/email-preferences", team)).json()).toMatchObject({ pitch_digest: false });
  });

  it("shows a fund's answer record once it received 5 pitches in 12 months, computed by the pitch-stats job", async () => {
    const fundId = fundIds["Record Fund"] as number;
    const runJob = async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/_api/admin/jobs/run",
        payload: { name: "pitch-stats" },
        cookies: { fundmatch_session: adminCookie },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const fundAnswer = async () => {
      const response = await call("GET", `/_api/funds/${fundId}`);
      expect(response.statusCode).toBe(200);
      return response.json().fund;
    };
    const person = await founder("record");
    const now = Date.now();
    const DAY = 24 * 60 * 60 * 1000;
    const row = (index: number, answeredAfterDays: number | null, sentDaysAgo = 30 + index) => ({
      id: `rec${String(index).padStart(19, "0")}`,
      fundId,
      founderId: person.id,
      startupName: "Record",
      message: MESSAGE,
      deckUrl: "https://docs.example/record",
      sentAt: new Date(now - sentDaysAgo * DAY),
      ...(answeredAfterDays === null
        ? {}
        : {
            status: "passed" as const,
            decision: "pass" as const,
            reason: "Too early" as const,
            answeredAt: new Date(now - sentDaysAgo * DAY + answeredAfterDays * DAY),
          }),
    });
    // Four in the window and one older than 12 months: not enough for a record. (The funds pitched in
    // the tests above may get theirs in this run.)
    await db()
      .insert(pitches)
      .values([row(1, 2), row(2, 6), row(3, 10), row(4, null), row(5, 3, 400)]);
    expect(await runJob()).toMatchObject({ status: "succeeded" });
    expect(await fundAnswer()).toMatchObject({ acceptsPitches: false, pitchStats: null });

    await db().insert(pitches).values(row(6, 6));
    expect(await runJob()).toMatchObject({ status: "succeeded", handled: 1 });
    expect((await fundAnswer()).pitchStats).toEqual({ received: 5, answered: 4, medianDaysToAnswer: 6 });
    // Nothing changed: nothing is written (the fund results are not rebuilt for nothing).
    expect(await runJob()).toMatchObject({ handled: 0 });
    // The opted-in fund says so to everyone, a visitor included.
    expect((await call("GET", `/_api/funds/${fundIds["Pitch Ventures"]}`)).json().fund).toMatchObject({
      acceptsPitches: true,
    });
  });
});
