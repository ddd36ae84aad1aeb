import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../../../shared/entitlements.js";

/** How a session began (sessions.sign_in_method). */
export const SIGN_IN_METHODS = ["password", "provider"] as const;

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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
