import { sql } from "drizzle-orm";
import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../../../shared/entitlements.js";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** As the person typed it; uniqueness and look-ups use lower(email). */
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    /** argon2id (PHC string); null for accounts that only sign in with an OpenID provider. */
    passwordHash: text("password_hash"),
    avatarUrl: text("avatar_url"),
    /**
     * When the person last proved they receive mail at `email` (an e-mailed link used, a provider
     * that verifies addresses, the operator's ADMIN_EMAIL); null while nobody has. A guest payment
     * for the address does not go to an account in that state (docs/security.md).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    accountStatus: text("account_status", { enum: ["active", "deactivated"] })
      .notNull()
      .default("active"),
    // Filled in by billing (Stripe); the search gate reads them through the request's viewer.
    stripeCustomerId: text("stripe_customer_id"),
    subscriptionStatus: text("subscription_status"),
    subscriptionType: text("subscription_type"),
    subscriptionEndDate: timestamp("subscription_end_date", { withTimezone: true, mode: "date" }),
    /** The Stripe subscription behind a monthly plan; null for lifetime and free accounts. */
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** A paused subscription stops giving access from this moment (the end of the paid period). */
    subscriptionPauseAt: timestamp("subscription_pause_at", { withTimezone: true, mode: "date" }),
    /**
     * The monthly plan will not renew: it ends at subscription_end_date (the customer cancelled at
     * the period's end in the billing portal, or the account was deactivated).
     */
    subscriptionCancelAtPeriodEnd: boolean("subscription_cancel_at_period_end").notNull().default(false),
    /** The renewal was stopped by the app when the account was deactivated; reactivation resumes it. */
    subscriptionStoppedOnDeactivation: boolean("subscription_stopped_on_deactivation").notNull().default(false),
    /** When the stored subscription state was true at Stripe: older events never overwrite it. */
    subscriptionStateAt: timestamp("subscription_state_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`),
    uniqueIndex("users_stripe_customer_id_idx").on(table.stripeCustomerId),
  ],
);

export type UserRow = typeof users.$inferSelect;
