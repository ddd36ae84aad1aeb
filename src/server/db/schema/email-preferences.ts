import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * Which optional e-mails an account receives, for the kinds whose switch lives here (transactional
 * mail has none). No row = on. Saved-search alerts have no column: each saved search's own `alerts`
 * is the one truth, which Settings and the unsubscribe link switch together. The account domain owns it.
 */
export const emailPreferences = pgTable("email_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  pipelineReminders: boolean("pipeline_reminders").notNull().default(true),
  /** The daily digest of new pitches to the member's funds (issue 39). */
  pitchDigest: boolean("pitch_digest").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Unsubscribe tokens already used (their jti), so that each works once; kept until the token
 * itself would have expired. The account domain owns it.
 */
export const usedEmailTokens = pgTable("used_email_tokens", {
  jti: text("jti").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
