import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * One row per admin import: when, by whom, which file, which mode, and what came of it. A completed
 * run is written in the same transaction as its funds, so that an import cut short leaves neither;
 * a run that failed is recorded afterwards with its error.
 */
export const importRuns = pgTable("import_runs", {
  id: serial("id").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
  /** Kept as it was at the time: the admin's account may be renamed or deleted later. */
  adminEmail: text("admin_email"),
  fileName: text("file_name").notNull(),
  /** The source the admin named for the file's facts (shown with them publicly); null: none named. */
  sourceUrl: text("source_url"),
  fileBytes: integer("file_bytes").notNull().default(0),
  mode: text("mode").notNull(),
  /** completed or failed. */
  status: text("status").notNull(),
  totalRows: integer("total_rows").notNull().default(0),
  successfulImports: integer("successful_imports").notNull().default(0),
  failedImports: integer("failed_imports").notNull().default(0),
  duplicatesFound: integer("duplicates_found").notNull().default(0),
  duplicatesSkipped: integer("duplicates_skipped").notNull().default(0),
  duplicatesUpdated: integer("duplicates_updated").notNull().default(0),
  error: text("error"),
});

export type ImportRunRow = typeof importRuns.$inferSelect;
