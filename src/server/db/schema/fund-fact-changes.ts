import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { funds } from "./funds.js";
import { users } from "./users.js";

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

export type FundFactChangeRow = typeof fundFactChanges.$inferSelect;
