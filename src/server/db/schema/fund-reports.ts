import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { REPORT_FIELDS, REPORT_STATUSES } from "../../../shared/fund-report-texts.js";
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
  },
  (table) => [
    index("fund_reports_status_created_idx").on(table.status, table.createdAt),
    index("fund_reports_user_created_idx").on(table.userId, table.createdAt),
    index("fund_reports_fund_id_idx").on(table.fundId),
  ],
);

export type FundReportRow = typeof fundReports.$inferSelect;
