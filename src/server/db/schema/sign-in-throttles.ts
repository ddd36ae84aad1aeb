import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * Wrong passwords counted across every instance (issue 35): one row per account address for the
 * clients it does not know, and one per known device. Keys are SHA-256 hashes ("account:<address>",
 * "device:<token>"), so the table holds no address, including the addresses of accounts that do not
 * exist. A row is worthless once its window has ended; the expiry sweep deletes it.
 */
export const signInThrottles = pgTable("sign_in_throttles", {
  keyHash: text("key_hash").primaryKey(),
  failures: integer("failures").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * A browser that has signed in to the account with its password before (a "device cookie", as
 * OWASP calls it): its wrong passwords are counted on their own, so that guesses from strangers,
 * which lock the account's unknown clients out for a while, never lock its owner's own browsers
 * out. Only the token's SHA-256 is kept; it is forgotten when the address is proven again or the
 * password changes.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("known_devices_user_id_idx").on(table.userId)],
);

/**
 * "Forgot password?" requests waiting to be handled off the request path (issue 35): the request
 * only writes a row, the same for every address, and the job queue's workers look the account up,
 * issue the link and send the e-mail. Kept an hour after it was asked for, which is also how the
 * e-mails per address per hour are counted across instances; then the expiry sweep deletes it.
 */
export const passwordResetRequests = pgTable(
  "password_reset_requests",
  {
    id: serial("id").primaryKey(),
    /** As typed; compared by lower(email). */
    email: text("email").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** A worker holds the request until then; one that died lets another take it after. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    /** Handled: the e-mail was sent, or there was nothing to send. */
    handledAt: timestamp("handled_at", { withTimezone: true, mode: "date" }),
    /** Whether handling it sent an e-mail (counted for the per-address limit). */
    mailed: boolean("mailed").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("password_reset_requests_pending_idx").on(table.handledAt, table.id)],
);
