import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The key that signs e-mailed links when EMAIL_TOKEN_SECRET is not set: generated once per
 * database so that links survive restarts and work on every instance. The mail domain owns it.
 */
export const emailSigningKeys = pgTable("email_signing_keys", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
