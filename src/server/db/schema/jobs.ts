import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The job queue's schedule state: one row per scheduled job with the next tick it is due at. An
 * instance that finds the tick due locks the row, moves the tick on and enqueues the run in one
 * transaction, so exactly one instance enqueues each tick however many run;
 * a tick missed while every instance was down is found due at the next start (docs/decisions/0022).
 */
export const jobSchedules = pgTable("job_schedules", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * One row per attempt of a job: queued, then running (claimed with FOR UPDATE SKIP LOCKED by one
 * instance), then succeeded, failed, or retrying (this attempt failed; the next one is queued with
 * a backoff). At most one queued or running attempt per job (the partial unique index), so a run
 * asked for while one is pending joins it rather than doubling it.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** queued, running, succeeded, failed or retrying. */
    status: text("status").notNull(),
    /** schedule or manual (Run now). */
    trigger: text("trigger").notNull(),
    attempt: integer("attempt").notNull().default(1),
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    /** A running attempt whose instance died is taken over once this has passed. */
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    handled: integer("handled"),
    error: text("error"),
  },
  (table) => [
    uniqueIndex("job_runs_one_pending").on(table.name).where(sql`status in ('queued', 'running')`),
    index("job_runs_name_id").on(table.name, table.id),
  ],
);

export type JobRunRow = typeof jobRuns.$inferSelect;
