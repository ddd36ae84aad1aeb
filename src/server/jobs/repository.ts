import { and, asc, desc, eq, inArray, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type JobRunRow, jobRuns, jobSchedules } from "../db/schema/jobs.js";

/** Runs kept per job: enough to see a pattern of failures, not a log for ever. */
export const KEPT_RUNS = 50;

export async function ensureSchedule(db: Db, name: string, firstRunAt: Date): Promise<void> {
  await db.insert(jobSchedules).values({ name, nextRunAt: firstRunAt }).onConflictDoNothing();
}

export async function findSchedules(db: Db): Promise<Map<string, Date>> {
  const rows = await db.select().from(jobSchedules);
  return new Map(rows.map((row) => [row.name, row.nextRunAt]));
}

/**
 * Moves a due tick on and enqueues its run, in one transaction. The schedule's row is locked first,
 * so of several instances that find the tick due, the first moves it and enqueues and the others,
 * once they get the row, find it no longer due; a run already pending for the job absorbs the tick
 * instead of doubling.
 */
export async function claimTick(db: Db, name: string, nextRunAt: Date, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(jobSchedules).where(eq(jobSchedules.name, name)).for("update");
    if (!row || row.nextRunAt > now) return false;
    await tx.update(jobSchedules).set({ nextRunAt }).where(eq(jobSchedules.name, name));
    await tx.insert(jobRuns).values({ name, status: "queued", trigger: "schedule", runAt: now }).onConflictDoNothing();
    return true;
  });
}

/** Queues a run now; undefined when one is already queued or running for the job. */
export async function enqueueManual(db: Db, name: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .insert(jobRuns)
    .values({ name, status: "queued", trigger: "manual", runAt: now })
    .onConflictDoNothing()
    .returning({ id: jobRuns.id });
  return row?.id;
}

/**
 * Takes one due attempt for this instance: a queued one whose time has come, or a running one whose
 * instance died (its lease passed). SKIP LOCKED lets instances claiming at once take different rows
 * and never the same one.
 */
export async function claimRun(
  db: Db,
  names: string[],
  now: Date,
  leaseUntil: Date,
  only?: number,
): Promise<JobRunRow | undefined> {
  if (names.length === 0) return undefined;
  return db.transaction(async (tx) => {
    const due = or(
      and(eq(jobRuns.status, "queued"), lte(jobRuns.runAt, now)),
      and(eq(jobRuns.status, "running"), lt(jobRuns.leaseUntil, now)),
    );
    const [found] = await tx
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(inArray(jobRuns.name, names), due, only === undefined ? undefined : eq(jobRuns.id, only)))
      .orderBy(asc(jobRuns.runAt), asc(jobRuns.id))
      .limit(1)
      .for("update", { skipLocked: true });
    const id = found?.id;
    if (id === undefined) return undefined;
    const [row] = await tx
      .update(jobRuns)
      .set({ status: "running", startedAt: now, leaseUntil, finishedAt: null })
      .where(eq(jobRuns.id, id))
      .returning();
    return row;
  });
}

export async function finishRun(
  db: Db,
  id: number,
  outcome: { status: "succeeded" | "failed" | "retrying"; handled: number | null; error: string | null },
  finishedAt: Date,
  retry?: { name: string; attempt: number; runAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(jobRuns)
      .set({ ...outcome, finishedAt, leaseUntil: null })
      .where(eq(jobRuns.id, id));
    if (retry) {
      await tx
        .insert(jobRuns)
        .values({ name: retry.name, status: "queued", trigger: "retry", attempt: retry.attempt, runAt: retry.runAt })
        .onConflictDoNothing();
    }
  });
}

export async function findRun(db: Db, id: number): Promise<JobRunRow | undefined> {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.id, id));
  return row;
}

/** The newest runs of a job, newest first. */
export function recentRuns(db: Db, name: string, limit: number): Promise<JobRunRow[]> {
  return db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(desc(jobRuns.id)).limit(limit);
}

/** Deletes a job's finished runs beyond the newest KEPT_RUNS. */
export async function pruneRuns(db: Db, name: string): Promise<void> {
  const kept = db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(eq(jobRuns.name, name))
    .orderBy(desc(jobRuns.id))
    .limit(KEPT_RUNS);
  await db
    .delete(jobRuns)
    .where(
      and(
        eq(jobRuns.name, name),
        notInArray(jobRuns.status, ["queued", "running"]),
        sql`${jobRuns.id} not in (${kept})`,
      ),
    );
}
