import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { REPORT_FIELDS, REPORT_OUTCOMES, REPORT_STATUSES } from "../../../shared/fund-report-texts.js";
import { funds } from "./funds.js";
import { users } from "./users.js";

/**
 * 'Report outdated info': a signed-in user's short correction of one fund's field. Nothing about
 * the reporter is stored but their account's id (no address, no client): deleting the account
 * deletes their reports, deleting the fund deletes its reports.
 */
export const fundReports = pgTable(
  "fund_reports",
  {
    id: serial("id").primaryKey(),
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    field: text("field", { enum: REPORT_FIELDS }).notNull(),
    note: text("note").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** When an admin marked it done; null while open. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    /** The admin who marked it done; null once that account is deleted. */
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    /** What the admin decided when marking it done: the fund was updated, or nothing needed to change. */
    outcome: text("outcome", { enum: REPORT_OUTCOMES }),
    /** The fund's fields the admin says changed (outcome updated); empty otherwise. */
    changedFields: text("changed_fields", { enum: REPORT_FIELDS }).array().notNull().default([]),
    /** The admin's short reply to the reporter ('' for none); shown on their profile and in the e-mail. */
    reply: text("reply").notNull().default(""),
    /** When the reporter was e-mailed that it is done: set once, so marking done again never e-mails twice. */
    reporterNotifiedAt: timestamp("reporter_notified_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("fund_reports_status_created_idx").on(table.status, table.createdAt),
    index("fund_reports_user_created_idx").on(table.userId, table.createdAt),
    index("fund_reports_fund_id_idx").on(table.fundId),
  ],
);

export type FundReportRow = typeof fundReports.$inferSelect;
