import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
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

export type FundMemberRow = typeof fundMembers.$inferSelect;
export type FundClaimRow = typeof fundClaims.$inferSelect;
