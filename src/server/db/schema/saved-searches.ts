import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { SAVED_SEARCH_NAME_MAX } from "../../../shared/saved-searches.js";
import { users } from "./users.js";

/**
 * A subscriber's saved searches (issue 23): the search request body as validated, a name, and
 * whether the weekly alert e-mails what is new. Deleting the user removes them.
 *
 * For the alert job: a search's new funds are the funds added or changed after
 * max(created_at, last_alert_at); last_alert_at is null until the first alert, so created_at is the
 * baseline. Alerts go only to accounts whose subscription still allows saving searches
 * (canSaveSearches); a lapsed subscriber keeps the rows but is sent nothing.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The fundSearchRequestSchema output (without limit/offset): what POST /_api/funds/search takes. */
    search: jsonb("search").$type<Record<string, unknown>>().notNull(),
    alerts: boolean("alerts").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** When the alert job last e-mailed this search's new funds; null before the first alert. */
    lastAlertAt: timestamp("last_alert_at", { withTimezone: true, mode: "date" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    index("saved_searches_user_id_idx").on(table.userId, table.createdAt),
    check(
      "saved_searches_name_length_check",
      sql`char_length(${table.name}) between 1 and ${sql.raw(String(SAVED_SEARCH_NAME_MAX))}`,
    ),
  ],
);
