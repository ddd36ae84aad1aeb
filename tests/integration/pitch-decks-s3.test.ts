import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundMembers, funds, pitchDeckChunks, pitches } from "../../src/server/db/schema/index.js";
import type { s3DeckStore } from "../../src/server/pitches/s3-deck-store.js";
import { startS3Peer } from "../peers/s3.js";
import { createTestApp, keepingMailer, type TestApp } from "../support/app.js";
import { TEST_DRIVERS } from "../support/database.js";
import { insertFunds } from "../support/funds.js";
import { multipart } from "../support/multipart.js";
import { pdfBytes } from "../support/pdf.js";
import { changeUserBehindTheApp } from "../support/sessions.js";

const PASSWORD = "Member-pass-1";
const MESSAGE = "We build payroll software for small clinics; 40 paying customers, growing 15% a month.";
const BUCKET = "fundmatch-decks";

/**
 * Decks in S3-compatible storage (S3_URL), against a real S3 peer on loopback: the pitch's deck is
 * written to the bucket (nothing in PostgreSQL's chunks), read back byte for byte by the fund's team,
 * and deleted from the bucket with a withdraw and with the founder's account.
 */
describe.each(TEST_DRIVERS)("pitch decks in S3 on %s", (driver) => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startS3Peer>>;
  let ip = 0;
  let accounts = 0;
  let fundId = 0;
  const nextIp = () => `10.40.${Math.floor(++ip / 250)}.${ip % 250}`;
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const db = () => t.testDatabase.database.db;

  beforeAll(async () => {
    peer = await startS3Peer(BUCKET);
    t = await createTestApp(driver, { S3_URL: peer.url, RATE_LIMIT_PER_MINUTE: "0" }, {}, { mailer: keepingMailer() });
    await insertFunds(db(), [{ name: "Bucket Ventures", website: "https://bucket.example" }]);
    t.app.services.fundsIndex.invalidate();
    const [fund] = await db().select({ id: funds.id }).from(funds);
    fundId = fund?.id ?? 0;
    await db().update(funds).set({ pitchRoute: "fundmatch" }).where(eq(funds.id, fundId));
    t.app.services.fundsIndex.invalidate();
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const store = () =>
    (t.app.services.pitches as unknown as { deps: { decks: ReturnType<typeof s3DeckStore> } }).deps.decks;
  const keysInBucket = async () =>
    ((await store().client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((item) => item.Key);

  async function account(name: string) {
    const email = `${name}${++accounts}@example.com`;
    const registered = await t.app.inject({
      method: "POST",
      url: "/_api/auth/register_with_password",
      payload: { email, password: PASSWORD, displayName: name },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode).toBe(201);
    return { id: registered.json().user.id as number, email, cookie: cookieOf(registered) };
  }
  async function founder() {
    const person = await account("founder");
    await changeUserBehindTheApp(t.app, person.email, { subscriptionStatus: "active", subscriptionType: "monthly" });
    const profile = await t.app.inject({
      method: "PUT",
      url: "/_api/user/startup-profile",
      payload: { stage: "seed", country: "France" },
      cookies: { fundmatch_session: person.cookie },
      remoteAddress: nextIp(),
    });
    expect(profile.statusCode).toBe(200);
    return person;
  }
  const send = (cookie: string, deck: Buffer) => {
    const body = multipart([
      { name: "message", value: MESSAGE },
      { name: "startupName", value: "Bucket Co" },
      { name: "deck", value: deck, fileName: "deck.pdf", type: "application/pdf" },
    ]);
    return t.app.inject({
      method: "POST",
      url: `/_api/funds/${fundId}/pitches`,
      payload: body.payload,
      headers: body.headers,
      cookies: { fundmatch_session: cookie },
      remoteAddress: nextIp(),
    });
  };
  const as = (cookie: string, method: "GET" | "DELETE" | "POST", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      cookies: { fundmatch_session: cookie },
      remoteAddress: nextIp(),
      ...(payload ? { payload } : {}),
    });

  it("stores the deck in the bucket, serves it to the fund's team byte for byte, and deletes it on withdraw", async () => {
    const person = await founder();
    const member = await account("member");
    await db().insert(fundMembers).values({ fundId, userId: member.id, via: "admin", email: "m@bucket.example" });
    const deck = pdfBytes({ pages: 5, padTo: 3 * 1024 * 1024 + 17 });
    const sent = await send(person.cookie, deck);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().pitch.id as string;
    const [row] = await db().select().from(pitches).where(eq(pitches.id, id));
    expect(row).toMatchObject({ deckStorage: "s3", deckKey: `decks/${id}.pdf`, deckPages: 5, deckBytes: deck.length });
    expect(await db().select().from(pitchDeckChunks).where(eq(pitchDeckChunks.pitchId, id))).toEqual([]);
    const object = await store().client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `decks/${id}.pdf` }));
    expect(
      Buffer.from(await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()).equals(
        deck,
      ),
    ).toBe(true);

    const fetched = await as(member.cookie, "GET", `/_api/investor/funds/${fundId}/pitches/${id}/deck`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers["content-type"]).toBe("application/pdf");
    expect(fetched.rawPayload.equals(deck)).toBe(true);

    const withdrawn = await as(person.cookie, "DELETE", `/_api/user/pitches/${id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await keysInBucket()).not.toContain(`decks/${id}.pdf`);
  });

  it("deletes the founder's decks from the bucket with the account", async () => {
    const person = await founder();
    const sent = await send(person.cookie, pdfBytes({ pages: 1 }));
    expect(sent.statusCode, sent.body).toBe(201);
    const key = `decks/${sent.json().pitch.id}.pdf`;
    expect(await keysInBucket()).toContain(key);
    const deleted = await as(person.cookie, "POST", "/_api/user/delete-account", { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await keysInBucket()).not.toContain(key);
  });
});
