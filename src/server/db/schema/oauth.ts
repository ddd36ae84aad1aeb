import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
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

/**
 * Which account an OpenID identity (issuer and subject) signs in to. Bound when the account is
 * created or first signed in to through that provider, so that later sign-ins follow the identity,
 * not whatever account holds the e-mail address.
 */
export const signInIdentities = pgTable(
  "sign_in_identities",
  {
    /** The configured issuer's URL, or 'demo' for the built-in demo provider. */
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index("sign_in_identities_user_id_idx").on(table.userId),
  ],
);
