import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * The one-time code e-mailed to an account without a password, to confirm a sensitive change
 * (profile, password, deactivation, deletion) when its sign-in is not recent. One live code per
 * account: asking again replaces it. Stored salted and hashed; spent by its first correct use;
 * dead after its expiry or after too many wrong tries. The account domain owns it.
 */
export const confirmationCodes = pgTable("confirmation_codes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** `<salt>:<sha256(salt, code)>`, both hex. */
  codeHash: text("code_hash").notNull(),
  /** Wrong codes tried against this one. */
  attempts: integer("attempts").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
