import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { COMMITTED_AMOUNT_MAX_USD, PIPELINE_NOTE_MAX, PIPELINE_STATUSES } from "../../../shared/pipeline.js";
import { funds } from "./funds.js";
import { users } from "./users.js";

/**
 * A subscriber's saved funds, each a line of their fundraising pipeline (status, private note, next
 * step). Deleting the user or the fund removes the row; the checks keep the table honest even for
 * writes that bypass the API.
 */
export const savedFunds = pgTable(
  "saved_funds",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    status: text("status", { enum: PIPELINE_STATUSES }).notNull().default("to_contact"),
    note: text("note").notNull().default(""),
    nextStepDate: date("next_step_date", { mode: "string" }),
    /** What the fund committed to the round, in whole US dollars (the round progress); null: not recorded. */
    committedAmountUsd: bigint("committed_amount_usd", { mode: "number" }),
    /** When the status, note or date last changed (the save itself counts). */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.fundId] }),
    index("saved_funds_fund_id_idx").on(table.fundId),
    check(
      "saved_funds_status_check",
      sql`${table.status} in (${sql.raw(PIPELINE_STATUSES.map((status) => `'${status}'`).join(", "))})`,
    ),
    check(
      "saved_funds_committed_amount_check",
      sql`${table.committedAmountUsd} is null or (${table.committedAmountUsd} > 0 and ${table.committedAmountUsd} <= ${sql.raw(String(COMMITTED_AMOUNT_MAX_USD))})`,
    ),
    check("saved_funds_note_length_check", sql`char_length(${table.note}) <= ${sql.raw(String(PIPELINE_NOTE_MAX))}`),
  ],
);
