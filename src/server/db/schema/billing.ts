import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * Every Stripe event id and Checkout Session id already applied. Inserted in the same transaction
 * as the change it records, so a replayed webhook or a callback racing the webhook applies once.
 */
export const billingApplied = pgTable("billing_applied", {
  key: text("key").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

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

/** Demo mode's payment provider keeps its customers, sessions and subscriptions here. */
export const demoStripeObjects = pgTable(
  "demo_stripe_objects",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("demo_stripe_objects_type_idx").on(table.type)],
);
