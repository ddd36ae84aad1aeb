import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { PitchStatus } from "../../shared/pitches.js";
import type { Db } from "../db/client.js";
import {
  type FundPitchStatsRow,
  fundPitchStats,
  type NewPitchRow,
  type PitchDeckViewRow,
  type PitchRow,
  pitchDeckChunks,
  pitchDeckViews,
  pitches,
} from "../db/schema/pitches.js";

/**
 * The pitches domain owns `pitches`, their decks' chunks and the decks' views. It reads its own
 * tables only: the service adds the funds' names (funds domain), the members (investors domain) and
 * the accounts (users repository).
 */

/** A chunk of a deck in PostgreSQL: small enough that a read or write of one is cheap, large enough to be few. */
export const DECK_CHUNK_BYTES = 256 * 1024;

/** The advisory lock class of a founder's pitch limits (any fixed 31-bit number). */
const PITCHES_OF_FOUNDER_LOCK = 0x50_49_54; // "PIT"

/**
 * Takes, for the caller's transaction, the founder's lock: a second pitch of the same founder waits
 * until the first commits, then counts it (the 90-day and 30-day rules cannot both pass in parallel).
 */
export async function lockFounder(db: Db, founderId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${PITCHES_OF_FOUNDER_LOCK}::int, ${founderId}::int)`);
}

/** The founder's pitches sent since the moment, withdrawn ones included (they were sent). */
export async function countFounderPitchesSince(db: Db, founderId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pitches)
    .where(and(eq(pitches.founderId, founderId), gte(pitches.sentAt, since)));
  return row?.value ?? 0;
}

/** The founder's decks uploaded since the moment (the per-account upload limit). */
export async function countFounderDecksSince(db: Db, founderId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pitches)
    .where(and(eq(pitches.founderId, founderId), gte(pitches.sentAt, since), isNotNull(pitches.deckBytes)));
  return row?.value ?? 0;
}

/** Whether the founder has a pitch to the fund since the moment that was not withdrawn. */
export async function hasLivePitchSince(db: Db, founderId: number, fundId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: pitches.id })
    .from(pitches)
    .where(
      and(
        eq(pitches.founderId, founderId),
        eq(pitches.fundId, fundId),
        gte(pitches.sentAt, since),
        ne(pitches.status, "withdrawn"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertPitch(db: Db, values: NewPitchRow): Promise<PitchRow> {
  const [row] = await db.insert(pitches).values(values).returning();
  if (!row) throw new Error("insert into pitches returned no row");
  return row;
}

export async function findPitch(db: Db, pitchId: string): Promise<PitchRow | undefined> {
  const [row] = await db.select().from(pitches).where(eq(pitches.id, pitchId));
  return row;
}

/** A fund's pitches the team sees (not withdrawn), newest first. */
export async function fundPitches(db: Db, fundId: number): Promise<PitchRow[]> {
  return db
    .select()
    .from(pitches)
    .where(and(eq(pitches.fundId, fundId), ne(pitches.status, "withdrawn")))
    .orderBy(desc(pitches.sentAt), desc(pitches.id));
}

/** The founder's own pitches, newest first. */
export async function founderPitches(db: Db, founderId: number): Promise<PitchRow[]> {
  return db
    .select()
    .from(pitches)
    .where(eq(pitches.founderId, founderId))
    .orderBy(desc(pitches.sentAt), desc(pitches.id));
}

/**
 * Records the team's answer on a pitch still waiting for one; undefined when it no longer is (two
 * members answering at once: one wins, the other is told).
 */
export async function answerPitch(
  db: Db,
  pitchId: string,
  answer: Pick<PitchRow, "decision" | "reason" | "note" | "answeredBy"> & { answeredAt: Date; status: PitchStatus },
): Promise<PitchRow | undefined> {
  const [row] = await db
    .update(pitches)
    .set(answer)
    .where(and(eq(pitches.id, pitchId), inArray(pitches.status, ["sent", "reviewing"])))
    .returning();
  return row;
}

/** A new pitch becomes 'reviewing' once a member opens it; any other status stays. */
export async function markReviewing(db: Db, pitchId: string): Promise<void> {
  await db
    .update(pitches)
    .set({ status: "reviewing" })
    .where(and(eq(pitches.id, pitchId), eq(pitches.status, "sent")));
}

/** The founder withdraws a pitch not yet answered; the deck's fields are cleared (its bytes go separately). */
export async function withdrawPitch(
  db: Db,
  pitchId: string,
  founderId: number,
  now: Date,
): Promise<PitchRow | undefined> {
  const [row] = await db
    .update(pitches)
    .set({ status: "withdrawn", withdrawnAt: now })
    .where(
      and(eq(pitches.id, pitchId), eq(pitches.founderId, founderId), inArray(pitches.status, ["sent", "reviewing"])),
    )
    .returning();
  return row;
}

export async function clearDeck(db: Db, pitchId: string): Promise<void> {
  await db
    .update(pitches)
    .set({ deckStorage: null, deckKey: null, deckPages: null, deckBytes: null })
    .where(eq(pitches.id, pitchId));
}

export async function reportSpam(db: Db, pitchId: string, userId: number, now: Date): Promise<void> {
  await db
    .update(pitches)
    .set({ spamReportedAt: now, spamReportedBy: userId })
    .where(and(eq(pitches.id, pitchId), sql`${pitches.spamReportedAt} is null`));
}

/** The pitches reported as spam, latest report first (the admins' list). */
export async function spamReported(db: Db, limit: number): Promise<PitchRow[]> {
  return db
    .select()
    .from(pitches)
    .where(isNotNull(pitches.spamReportedAt))
    .orderBy(desc(pitches.spamReportedAt), desc(pitches.id))
    .limit(limit);
}

/** The deck keys an account's pitches hold in a storage (before the account is deleted). */
export async function deckKeysOfFounder(
  db: Db,
  founderId: number,
): Promise<Array<Pick<PitchRow, "id" | "deckStorage" | "deckKey">>> {
  return db
    .select({ id: pitches.id, deckStorage: pitches.deckStorage, deckKey: pitches.deckKey })
    .from(pitches)
    .where(and(eq(pitches.founderId, founderId), isNotNull(pitches.deckKey)));
}

// --- Deck bytes in PostgreSQL ---------------------------------------------------------------

/**
 * Writes a deck file into the chunks table, one chunk read and inserted at a time: the file is never
 * held whole in memory. Runs in the caller's transaction (the pitch's own row is inserted with it).
 */
export async function writeDeckChunks(db: Db, pitchId: string, filePath: string): Promise<number> {
  let seq = 0;
  let bytes = 0;
  for await (const chunk of createReadStream(filePath, { highWaterMark: DECK_CHUNK_BYTES })) {
    const data = chunk as Buffer;
    await db.insert(pitchDeckChunks).values({ pitchId, seq: seq++, data });
    bytes += data.length;
  }
  return bytes;
}

/** A deck's bytes as a stream, one chunk fetched from the database at a time. */
export function readDeckChunks(db: Db, pitchId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [row] = await db
        .select({ data: pitchDeckChunks.data })
        .from(pitchDeckChunks)
        .where(and(eq(pitchDeckChunks.pitchId, pitchId), eq(pitchDeckChunks.seq, seq)));
      if (!row) return;
      yield row.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export async function deleteDeckChunks(db: Db, pitchIds: readonly string[]): Promise<void> {
  if (pitchIds.length === 0) return;
  await db.delete(pitchDeckChunks).where(inArray(pitchDeckChunks.pitchId, [...pitchIds]));
}

// --- Views ------------------------------------------------------------------------------------

export async function insertView(db: Db, pitchId: string, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .insert(pitchDeckViews)
    .values({ pitchId, userId, viewedAt: now })
    .returning({ id: pitchDeckViews.id });
  if (!row) throw new Error("insert into pitch_deck_views returned no row");
  return row.id;
}

/** Adds the pages a member looked at to their latest view of the deck; false when they never opened it. */
export async function addViewedPages(
  db: Db,
  pitchId: string,
  userId: number,
  pages: readonly number[],
): Promise<boolean> {
  const [latest] = await db
    .select({ id: pitchDeckViews.id, pages: pitchDeckViews.pages })
    .from(pitchDeckViews)
    .where(and(eq(pitchDeckViews.pitchId, pitchId), eq(pitchDeckViews.userId, userId)))
    .orderBy(desc(pitchDeckViews.viewedAt), desc(pitchDeckViews.id))
    .limit(1);
  if (!latest) return false;
  const merged = [...new Set([...latest.pages, ...pages])].sort((a, b) => a - b);
  await db.update(pitchDeckViews).set({ pages: merged }).where(eq(pitchDeckViews.id, latest.id));
  return true;
}

/** Every view of these pitches' decks, oldest first. */
export async function viewsOf(db: Db, pitchIds: readonly string[]): Promise<PitchDeckViewRow[]> {
  if (pitchIds.length === 0) return [];
  return db
    .select()
    .from(pitchDeckViews)
    .where(inArray(pitchDeckViews.pitchId, [...pitchIds]))
    .orderBy(asc(pitchDeckViews.viewedAt), asc(pitchDeckViews.id));
}

// --- The answer record --------------------------------------------------------------------------

/** Every fund's pitches since the moment (withdrawn ones left out): sent and answered times. */
export async function pitchTimesSince(
  db: Db,
  since: Date,
): Promise<Array<Pick<PitchRow, "fundId" | "sentAt" | "answeredAt">>> {
  return db
    .select({ fundId: pitches.fundId, sentAt: pitches.sentAt, answeredAt: pitches.answeredAt })
    .from(pitches)
    .where(and(gte(pitches.sentAt, since), ne(pitches.status, "withdrawn")));
}

/** The stored answer records, by fund. */
export async function storedPitchStats(db: Db): Promise<FundPitchStatsRow[]> {
  return db.select().from(fundPitchStats).orderBy(asc(fundPitchStats.fundId));
}

/**
 * Replaces the answer records that changed: the rows of `upserts` written, the funds of `removed`
 * cleared. Only called with changes: each write moves the funds' data version (every instance
 * rebuilds its fund results).
 */
export async function replacePitchStats(
  db: Db,
  upserts: ReadonlyArray<Omit<FundPitchStatsRow, "computedAt">>,
  removed: readonly number[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (removed.length > 0) await tx.delete(fundPitchStats).where(inArray(fundPitchStats.fundId, [...removed]));
    for (const row of upserts) {
      await tx
        .insert(fundPitchStats)
        .values({ ...row, computedAt: now })
        .onConflictDoUpdate({
          target: fundPitchStats.fundId,
          set: {
            received: row.received,
            answered: row.answered,
            medianDaysToAnswer: row.medianDaysToAnswer,
            computedAt: now,
          },
        });
    }
  });
}

/** The pitches not yet in a digest (withdrawn ones never go), by fund, oldest first. */
export async function undigestedPitches(db: Db): Promise<PitchRow[]> {
  return db
    .select()
    .from(pitches)
    .where(and(isNull(pitches.digestedAt), ne(pitches.status, "withdrawn")))
    .orderBy(asc(pitches.fundId), asc(pitches.sentAt), asc(pitches.id));
}

export async function markDigested(db: Db, pitchIds: readonly string[], now: Date): Promise<void> {
  if (pitchIds.length === 0) return;
  await db
    .update(pitches)
    .set({ digestedAt: now })
    .where(inArray(pitches.id, [...pitchIds]));
}
