import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { funds } from "./funds.js";

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

export type FundMonthlyCountRow = typeof fundMonthlyCounts.$inferSelect;
