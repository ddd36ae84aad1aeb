import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The demo sign-in provider's signing key (one row): every instance signs with the same key. */
export const demoIssuerKeys = pgTable("demo_issuer_keys", {
  id: text("id").primaryKey(),
  /** The private key as a JWK (P-256, ES256). */
  privateJwk: jsonb("private_jwk").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** The demo provider's authorization codes, by hash: single-use and short-lived, on any instance. */
export const demoIssuerCodes = pgTable(
  "demo_issuer_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    grant: jsonb("grant").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("demo_issuer_codes_expires_at_idx").on(table.expiresAt)],
);
