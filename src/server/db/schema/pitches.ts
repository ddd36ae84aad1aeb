import { sql } from "drizzle-orm";
import {
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { PASS_REASONS, PITCH_DECISIONS, PITCH_STATUSES } from "../../../shared/pitches.js";
import { funds } from "./funds.js";
import { users } from "./users.js";

/** Raw bytes: PGlite hands back a Uint8Array, node-postgres a Buffer; the app sees a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.length)),
});

/** Where a deck's bytes are kept: PostgreSQL's pitch_deck_chunks by default, or the S3 bucket. */
export const DECK_STORAGES = ["postgres", "s3"] as const;

/**
 * A founder's pitch to a fund that accepts pitches through FundMatch (issue 39). The id is random
 * (22 URL-safe characters): a pitch's and its deck's addresses are never guessable. The startup's
 * profile is kept as it was sent, so the fund reads what the founder sent even if the profile
 * changes. Gone with the founder's account or the fund (and its deck with it).
 */
export const pitches = pgTable(
  "pitches",
  {
    id: text("id").primaryKey(),
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    founderId: integer("founder_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: PITCH_STATUSES }).notNull().default("sent"),
    startupName: text("startup_name").notNull(),
    stage: text("stage"),
    sectors: text("sectors").array().notNull().default(sql`'{}'::text[]`),
    country: text("country"),
    raiseAmountUsd: doublePrecision("raise_amount_usd"),
    description: text("description"),
    message: text("message").notNull(),
    /** An https link to the deck, when the founder gave one instead of a file. */
    deckUrl: text("deck_url"),
    /** The uploaded deck: where it is kept, its key there, its pages and bytes; null without a file. */
    deckStorage: text("deck_storage", { enum: DECK_STORAGES }),
    deckKey: text("deck_key"),
    deckPages: integer("deck_pages"),
    deckBytes: integer("deck_bytes"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
    decision: text("decision", { enum: PITCH_DECISIONS }),
    reason: text("reason", { enum: PASS_REASONS }),
    note: text("note"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true, mode: "date" }),
    /** When the pitch went out in its fund members' daily digest; null while it waits for it. */
    digestedAt: timestamp("digested_at", { withTimezone: true, mode: "date" }),
    /** A member of the fund's team reported the pitch as spam: the admins see it. */
    spamReportedAt: timestamp("spam_reported_at", { withTimezone: true, mode: "date" }),
    spamReportedBy: integer("spam_reported_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    // The inbox (a fund's pitches, newest first) and the founder's limits and list.
    index("pitches_fund_sent_idx").on(table.fundId, table.sentAt),
    index("pitches_founder_sent_idx").on(table.founderId, table.sentAt),
    check("pitches_status_known", sql.raw(`status in (${PITCH_STATUSES.map((status) => `'${status}'`).join(", ")})`)),
    check(
      "pitches_answer_whole",
      sql`(${table.decision} is null) = (${table.answeredAt} is null) and (${table.reason} is null or ${table.decision} = 'pass')`,
    ),
    check("pitches_deck_url_https", sql`${table.deckUrl} is null or ${table.deckUrl} ~* '^https://'`),
    check("pitches_message_length", sql`char_length(${table.message}) between 50 and 2000`),
    check("pitches_note_length", sql`${table.note} is null or char_length(${table.note}) <= 1000`),
  ],
);

/**
 * A deck's bytes in PostgreSQL, in chunks of at most 256 KB: written and read one chunk at a time,
 * so that no instance ever holds a whole deck in memory.
 */
export const pitchDeckChunks = pgTable(
  "pitch_deck_chunks",
  {
    pitchId: text("pitch_id")
      .notNull()
      .references(() => pitches.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.pitchId, table.seq] })],
);

/**
 * Each fetch of a deck by a member of the fund's team (who, when), and the pages they looked at in
 * the app's viewer: the founder's view count and the inbox's history.
 */
export const pitchDeckViews = pgTable(
  "pitch_deck_views",
  {
    id: serial("id").primaryKey(),
    pitchId: text("pitch_id")
      .notNull()
      .references(() => pitches.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    pages: integer("pages").array().notNull().default(sql`'{}'::integer[]`),
  },
  (table) => [index("pitch_deck_views_pitch_idx").on(table.pitchId, table.viewedAt)],
);

export type PitchRow = typeof pitches.$inferSelect;
export type NewPitchRow = typeof pitches.$inferInsert;
export type PitchDeckViewRow = typeof pitchDeckViews.$inferSelect;

/**
 * Each fund's answer record over the last 12 months (issue 39), written by the `pitch-stats` job:
 * only funds with at least 5 pitches received have a row. A write bumps the funds' data version (a
 * trigger, migration 0033), so every instance's fund results show the new record.
 */
export const fundPitchStats = pgTable("fund_pitch_stats", {
  fundId: integer("fund_id")
    .primaryKey()
    .references(() => funds.id, { onDelete: "cascade" }),
  received: integer("received").notNull(),
  answered: integer("answered").notNull(),
  /** The median of the answered pitches' days from sent to answered; null when none was answered. */
  medianDaysToAnswer: doublePrecision("median_days_to_answer"),
  computedAt: timestamp("computed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type FundPitchStatsRow = typeof fundPitchStats.$inferSelect;
