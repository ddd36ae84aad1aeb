import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { HISTORY_WRITERS } from "../../../shared/fund-history.js";
import { funds } from "./funds.js";
import { importRuns } from "./import-runs.js";
import { users } from "./users.js";

/**
 * The one history of a fund's facts (issue 36, docs/decisions/0061-one-fact-history.md): every
 * change by every writer (the curated data step, an import, an admin's edit, a member of the fund's
 * team, a revert), who, when, which field, the value before and after with the provenance each had.
 * The saved-search alerts read their "what changed" from it. Kept when a member leaves; the author
 * is set null only when the account is deleted.
 */
export const fundFactChanges = pgTable(
  "fund_fact_changes",
  {
    id: serial("id").primaryKey(),
    fundId: integer("fund_id")
      .notNull()
      .references(() => funds.id, { onDelete: "cascade" }),
    /** seed, import, admin, fund_team or revert (HISTORY_WRITERS). */
    writer: text("writer", { enum: HISTORY_WRITERS }).notNull().default("fund_team"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's address at the time, so the history still reads after the account is gone; null for the curated data. */
    authorEmail: text("author_email"),
    /** The import that wrote the change (its file's name is shown to admins, never on a public page). */
    importId: integer("import_id").references(() => importRuns.id, { onDelete: "set null" }),
    /** The changes one write made to one fund share it: facts that came together are reverted together. */
    batchId: uuid("batch_id"),
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
    // The alerts read the changes of a window of time across all funds.
    index("fund_fact_changes_changed_at_idx").on(table.changedAt),
    index("fund_fact_changes_import_idx").on(table.importId),
    index("fund_fact_changes_batch_idx").on(table.batchId),
    check(
      "fund_fact_changes_writer_known",
      sql.raw(`writer in (${HISTORY_WRITERS.map((writer) => `'${writer}'`).join(", ")})`),
    ),
  ],
);

export type FundFactChangeRow = typeof fundFactChanges.$inferSelect;
