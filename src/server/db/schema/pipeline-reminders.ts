import { date, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * The last UTC day each account was sent its pipeline reminder: the job claims the day here before
 * it sends, so a second run or a retry the same day sends nothing (docs/decisions/0032). The account
 * domain owns it; deleting the account deletes the row.
 */
export const pipelineReminderDays = pgTable("pipeline_reminder_days", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSentOn: date("last_sent_on", { mode: "string" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
