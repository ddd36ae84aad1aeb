import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * An OpenID Connect sign-in in progress: PKCE verifier and nonce, keyed by a hash of the state.
 * Kept in the database so that the callback may land on any instance; used once, then deleted.
 */
export const oauthFlows = pgTable("oauth_flows", {
  stateHash: text("state_hash").primaryKey(),
  nonce: text("nonce").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** The short-lived, single-use token the sign-in popup hands to its opener (establish_session). */
export const authTempTokens = pgTable("auth_temp_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});
