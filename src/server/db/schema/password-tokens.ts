import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * Single-use links sent by e-mail: set a password after a guest checkout, or reset a forgotten
 * one. Only a hash is kept; the purpose is checked on use, so one kind never works as the other.
 */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["set_password", "reset_password"] })
      .notNull()
      .default("set_password"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("password_tokens_user_id_idx").on(table.userId)],
);
