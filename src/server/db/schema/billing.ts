import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every Stripe event id and Checkout Session id already applied. Inserted in the same transaction
 * as the change it records, so a replayed webhook or a callback racing the webhook applies once.
 */
export const billingApplied = pgTable("billing_applied", {
  key: text("key").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
