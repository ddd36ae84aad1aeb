import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { funds } from "./funds.js";
import { users } from "./users.js";

/** A subscriber's favourites; deleting the user or the fund removes the row. */
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
  },
  (table) => [primaryKey({ columns: [table.userId, table.fundId] }), index("saved_funds_fund_id_idx").on(table.fundId)],
);
