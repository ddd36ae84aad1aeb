import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { funds } from "./funds.js";

/**
 * The history of fund facts (issue 23's alerts: "what changed"): one row each time a fact's value
 * changes, with the value before and after as fund_facts keeps them (a list joined by ';', money in
 * its currency). fund_facts holds only the present, so without this the before of a change is gone.
 * Written by the funds repository beside every fact write; the funds domain owns it.
 */
export const fundFactRevisions = pgTable(
  "fund_fact_revisions",
  {
    id: serial("id").primaryKey(),
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    /** Null before: the fact had no row (it came with the fund's record, or was unknown). */
    valueBefore: text("value_before"),
    currencyBefore: text("currency_before"),
    /** Null after: the fact was cleared. */
    valueAfter: text("value_after"),
    currencyAfter: text("currency_after"),
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  // The alert job reads the changes of a window of time; the cascade finds a fund's rows.
  (table) => [
    index("fund_fact_revisions_recorded_at_idx").on(table.recordedAt),
    index("fund_fact_revisions_fund_id_idx").on(table.fundId),
  ],
);

export type FundFactRevisionRow = typeof fundFactRevisions.$inferSelect;
