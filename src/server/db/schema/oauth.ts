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

/**
 * The short-lived, single-use token the sign-in popup hands to its opener (establish_session).
 * It records what it was issued on: the identity that signed in and the account's proof of its
 * address at that moment. Redeeming it checks both again, so a token kept back from before the
 * owner proved the address (or before the identity was unbound) opens nothing (issue 35).
 */
export const authTempTokens = pgTable(
  "auth_temp_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The provider identity (issuer and subject) that signed in; it must still be bound to the account. */
    identityIssuer: text("identity_issuer").notNull(),
    identitySubject: text("identity_subject").notNull(),
    /** users.email_verified_at when the token was issued; a token of another moment of proof is void. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("auth_temp_tokens_user_id_idx").on(table.userId)],
);

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
