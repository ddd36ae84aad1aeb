import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/** How a session began (sessions.sign_in_method). */
export const SIGN_IN_METHODS = ["password", "provider"] as const;

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the cookie's token: a copy of the table does not let anyone sign in. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    /**
     * How the session began: 'password' (log-in, registration, a new or reset password) or
     * 'provider' (an OpenID sign-in). created_at is when. A passwordless account confirms a
     * sensitive change by a recent provider sign-in (docs/security.md); null for sessions older
     * than this column, which count as no recent sign-in.
     */
    signInMethod: text("sign_in_method", { enum: SIGN_IN_METHODS }),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_idx").on(table.tokenHash),
    index("sessions_user_id_idx").on(table.userId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
