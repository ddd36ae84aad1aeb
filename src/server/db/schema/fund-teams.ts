import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { CLAIM_STATUSES, MEMBERSHIP_VIA } from "../../../shared/fund-team.js";
import { funds } from "./funds.js";
import { users } from "./users.js";

/**
 * The accounts on a fund's team: each may edit that fund and no other (the rule is
 * `canEditFund` in src/shared/entitlements.ts). A member may list themselves on the fund page
 * (opt-in, removable at any time); an admin may remove a member.
 */
export const fundMembers = pgTable(
  "fund_members",
  {
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    via: text("via", { enum: MEMBERSHIP_VIA }).notNull(),
    /** The work address the membership was proven or approved with. */
    email: text("email").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Opt-in listing on the fund page's team; the three fields below show only while this is true. */
    listed: boolean("listed").notNull().default(false),
    listedName: text("listed_name"),
    listedRole: text("listed_role"),
    listedLinkedin: text("listed_linkedin"),
  },
  (table) => [
    primaryKey({ columns: [table.fundId, table.userId] }),
    // "Which funds is this account a member of": asked on every editor call.
    index("fund_members_user_idx").on(table.userId),
    check(
      "fund_members_listed_linkedin_http",
      sql`${table.listedLinkedin} is null or ${table.listedLinkedin} ~* '^https?://'`,
    ),
  ],
);

/**
 * A claim to a fund's profile: a work address at the fund's domain gets a single-use link (only its
 * hash is kept), any other address goes to the admins with the user's note.
 */
export const fundClaims = pgTable(
  "fund_claims",
  {
    id: serial("id").primaryKey(),
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    note: text("note"),
    status: text("status", { enum: CLAIM_STATUSES }).notNull(),
    /** SHA-256 of the verification link's token; null for claims sent to review. */
    tokenHash: text("token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The admin's reason when refusing, shown to the claimant. */
    decisionNote: text("decision_note"),
  },
  (table) => [
    uniqueIndex("fund_claims_token_hash_idx").on(table.tokenHash),
    index("fund_claims_status_created_idx").on(table.status, table.createdAt),
    index("fund_claims_fund_idx").on(table.fundId),
    index("fund_claims_user_idx").on(table.userId),
  ],
);

/**
 * Every change to a fund's facts made through the fund's editor or reverted by an admin: who, when,
 * which field, the value before and after (as the fund result names and shapes it). Kept when the
 * member leaves; the author is set null only when the account is deleted.
 */
export const fundFactChanges = pgTable(
  "fund_fact_changes",
  {
    id: serial("id").primaryKey(),
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's address at the time, so the history still reads after the account is gone. */
    authorEmail: text("author_email").notNull(),
    field: text("field").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    revertedAt: timestamp("reverted_at", { withTimezone: true, mode: "date" }),
    revertedBy: integer("reverted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("fund_fact_changes_fund_changed_idx").on(table.fundId, table.changedAt),
    index("fund_fact_changes_user_idx").on(table.userId),
  ],
);

/**
 * What founders did with a fund's page, per calendar month (UTC): counts only, never who. `month`
 * is the month's first day.
 */
export const fundMonthlyCounts = pgTable(
  "fund_monthly_counts",
  {
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    pageViews: integer("page_views").notNull().default(0),
    saves: integer("saves").notNull().default(0),
    shortlists: integer("shortlists").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.fundId, table.month] }),
    check("fund_monthly_counts_first_day", sql`extract(day from ${table.month}) = 1`),
  ],
);

export type FundMemberRow = typeof fundMembers.$inferSelect;
export type FundClaimRow = typeof fundClaims.$inferSelect;
export type FundFactChangeRow = typeof fundFactChanges.$inferSelect;
export type FundMonthlyCountRow = typeof fundMonthlyCounts.$inferSelect;
