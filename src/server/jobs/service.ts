import type { Logger } from "pino";
import type { Database } from "../db/client.js";
import type { JobRunRow } from "../db/types.js";
import { conflict, notFound } from "../errors.js";
import { type Cron, nextCronTime, parseCron } from "./cron.js";
import * as repository from "./repository.js";

export type JobContext = {
  /** The queue's clock at the start of the attempt (tests move it). */
  now: Date;
  attempt: number;
  logger: Logger;
};

export type JobDefinition = {
  name: string;
  /** Five-field cron, read in UTC. */
  schedule: string;
  /** What the job does, for the admin page. */
  description: string;
  handler: (context: JobContext) => Promise<{ handled: number }>;
  /** Attempts before a run counts as failed; 3 unless told. */
  maxAttempts?: number;
  /** The wait before the first retry, doubled for each further one; 30 s unless told. */
  backoffMs?: number;
  /** Due at once on a database that has never run it (a sweep), rather than at its first tick. */
  runOnFirstStart?: boolean;
};

/**
 * Work that arrives one item at a time from requests (a "Forgot password?" e-mail), kept in a table
 * of its domain: `takeOne` claims one waiting item (FOR UPDATE SKIP LOCKED, so each is taken by one
 * instance), handles it, and says whether there was one. Every instance's pass drains it, woken by
 * `poke` (NOTIFY) and by the poll, which picks up items a dead instance held.
 */
export type WorkerDefinition = {
  name: string;
  takeOne: (now: Date) => Promise<boolean>;
};

export type RunOutcome = { name: string; status: "succeeded" | "failed" | "retrying"; handled: number };

export type JobQueueOptions = {
  now?: () => Date;
  /** How often each instance looks for due ticks and runs; NOTIFY wakes it sooner. */
  pollMs?: number;
  /** A running attempt not finished by then is taken to be lost with its instance and run again. */
  leaseMs?: number;
};

/** The channel instances tell each other on: `queued` (work to take) or `finished:<run id>`. */
export const JOBS_CHANNEL = "job_queue";

type Registered = JobDefinition & { cron: Cron };

/**
 * The job queue on the app's own database (docs/decisions/0022-job-queue.md). Every instance runs
 * the same loop: enqueue the ticks that are due (one instance wins each tick), then claim and run
 * due attempts (one instance gets each). Nothing runs per process on a timer of its own: the timer
 * only asks the database whether there is work.
 */
export class JobQueue {
  private readonly jobs = new Map<string, Registered>();
  private readonly workers = new Map<string, WorkerDefinition>();
  private readonly waiters = new Map<number, Array<() => void>>();
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** The pass at start (the ticks due while the app was down included); tests wait on it. */
  firstPass: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    options: JobQueueOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 15 * 60_000;
  }

  register(definition: JobDefinition): void {
    if (this.jobs.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
    this.jobs.set(definition.name, { ...definition, cron: parseCron(definition.schedule) });
  }

  registerWorker(definition: WorkerDefinition): void {
    if (this.workers.has(definition.name)) throw new Error(`worker ${definition.name} is registered twice`);
    this.workers.set(definition.name, definition);
  }

  /**
   * Tells every instance (this one too, through its listener) that a worker's item waits. Not
   * awaited by the caller's answer beyond the NOTIFY itself; a lost notification waits for the poll.
   */
  async poke(): Promise<void> {
    try {
      await this.database.notify(JOBS_CHANNEL, "queued");
    } catch (error) {
      this.logger.warn({ err: error }, "could not notify the job queue; the next poll takes the work");
    }
  }

  definitions(): JobDefinition[] {
    return [...this.jobs.values()];
  }

  async start(): Promise<void> {
    this.stopped = false;
    const now = this.now();
    for (const job of this.jobs.values()) {
      await repository.ensureSchedule(
        this.database.db,
        job.name,
        job.runOnFirstStart ? now : nextCronTime(job.cron, now),
      );
    }
    this.unlisten = await this.database.listen(
      JOBS_CHANNEL,
      (payload) => this.onNotify(payload),
      () => this.wake(),
    );
    this.firstPass = this.wake();
    this.timer = setInterval(() => {
      void this.wake();
      this.checkWaiters();
    }, this.pollMs);
    // Never the reason the process stays alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.unlisten?.();
    this.unlisten = undefined;
    await this.draining;
  }

  /**
   * One pass: enqueue due ticks, then run due attempts until none is left. Overlapping calls join
   * the pass under way and ask it to go round once more.
   */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          await this.enqueueDueTicks();
          while (!this.stopped && (await this.runOne())) {}
          while (!this.stopped && (await this.takeWork())) {}
        } while (this.again && !this.stopped);
      } catch (error) {
        this.logger.warn({ err: error }, "job queue pass failed; next try at the next poll");
      } finally {
        this.draining = undefined;
      }
    })();
    return this.draining;
  }

  /**
   * Runs a job now through the queue (so still once across instances) and answers when the attempt
   * has finished, wherever it ran. A second request while a run of the job is queued or running is
   * refused (409) rather than queued behind it: the operator sees the run under way on the page.
   */
  async runNow(name: string): Promise<RunOutcome> {
    if (!this.jobs.has(name)) throw notFound("No such job.");
    const id = await repository.enqueueManual(this.database.db, name, this.now());
    if (id === undefined) throw conflict("This job is already running. Try again when it has finished.");
    const finished = new Promise<void>((resolve) => {
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]);
    });
    await this.database.notify(JOBS_CHANNEL, "queued");
    void this.wake();
    // In case the other instance's notification was lost: look again at each poll.
    await finished;
    const run = await repository.findRun(this.database.db, id);
    return {
      name,
      status: (run?.status ?? "failed") as RunOutcome["status"],
      handled: run?.handled ?? 0,
    };
  }

  /** Each job with its schedule, next tick and recent runs, for the admin page. */
  async overview() {
    const schedules = await repository.findSchedules(this.database.db);
    const jobs = [];
    for (const job of this.jobs.values()) {
      const runs = await repository.recentRuns(this.database.db, job.name, repository.KEPT_RUNS);
      jobs.push({
        name: job.name,
        description: job.description,
        schedule: job.schedule,
        nextRunAt: (schedules.get(job.name) ?? nextCronTime(job.cron, this.now())).toISOString(),
        runs: runs.slice(0, 10).map(publicRun),
        failures: runs.filter((run) => run.status === "failed" || run.status === "retrying").map(publicRun),
      });
    }
    return { jobs };
  }

  private async enqueueDueTicks(): Promise<void> {
    const now = this.now();
    const schedules = await repository.findSchedules(this.database.db);
    let queued = false;
    for (const job of this.jobs.values()) {
      const dueAt = schedules.get(job.name);
      if (!dueAt || dueAt > now) continue;
      // Ticks missed while the app was down collapse into this one run; the next is after now.
      if (await repository.claimTick(this.database.db, job.name, nextCronTime(job.cron, now), now)) {
        queued = true;
      }
    }
    if (queued) await this.database.notify(JOBS_CHANNEL, "queued");
  }

  /** One item of each worker that has one; false when none had any. */
  private async takeWork(): Promise<boolean> {
    let took = false;
    for (const worker of this.workers.values()) {
      try {
        if (await worker.takeOne(this.now())) took = true;
      } catch (error) {
        this.logger.warn(
          { err: error, worker: worker.name },
          "worker could not take its work; next try at the next poll",
        );
      }
    }
    return took;
  }

  /** Claims and runs one due attempt; false when there was none. */
  private async runOne(): Promise<boolean> {
    const now = this.now();
    const run = await repository.claimRun(
      this.database.db,
      [...this.jobs.keys()],
      now,
      new Date(now.getTime() + this.leaseMs),
    );
    if (!run) return false;
    await this.execute(run, now);
    return true;
  }

  private async execute(run: JobRunRow, startedAt: Date): Promise<void> {
    const job = this.jobs.get(run.name) as Registered;
    const logger = this.logger.child({ job: run.name, run: run.id, attempt: run.attempt });
    let outcome: { status: RunOutcome["status"]; handled: number | null; error: string | null };
    let retry: { name: string; attempt: number; runAt: Date } | undefined;
    try {
      const { handled } = await job.handler({ now: startedAt, attempt: run.attempt, logger });
      outcome = { status: "succeeded", handled, error: null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const maxAttempts = job.maxAttempts ?? 3;
      if (run.attempt < maxAttempts) {
        const delay = (job.backoffMs ?? 30_000) * 2 ** (run.attempt - 1);
        retry = { name: run.name, attempt: run.attempt + 1, runAt: new Date(this.now().getTime() + delay) };
        outcome = { status: "retrying", handled: null, error: message };
        logger.warn({ err: error, retryAt: retry.runAt }, "job attempt failed; retrying with backoff");
      } else {
        outcome = { status: "failed", handled: null, error: message };
        logger.error({ err: error }, "job failed after its last attempt");
      }
    }
    await repository.finishRun(this.database.db, run.id, outcome, this.now(), retry);
    await repository.pruneRuns(this.database.db, run.name);
    if (outcome.status === "succeeded" && outcome.handled) logger.info({ handled: outcome.handled }, "job ran");
    this.resolveWaiters(run.id);
    await this.database.notify(JOBS_CHANNEL, `finished:${run.id}`);
  }

  private onNotify(payload: string): void {
    if (payload === "queued") {
      void this.wake();
      return;
    }
    const id = Number(payload.slice("finished:".length));
    if (payload.startsWith("finished:") && Number.isInteger(id)) this.resolveWaiters(id);
  }

  private resolveWaiters(id: number): void {
    for (const resolve of this.waiters.get(id) ?? []) resolve();
    this.waiters.delete(id);
  }

  private checkWaiters(): void {
    for (const id of this.waiters.keys()) {
      void repository.findRun(this.database.db, id).then((run) => {
        if (run && run.status !== "queued" && run.status !== "running") this.resolveWaiters(id);
      });
    }
  }
}

function publicRun(run: JobRunRow) {
  return {
    id: run.id,
    status: run.status as "queued" | "running" | "succeeded" | "failed" | "retrying",
    trigger: run.trigger as "schedule" | "manual" | "retry",
    attempt: run.attempt,
    startedAt: run.startedAt?.toISOString() ?? null,
    durationMs: run.startedAt && run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
    handled: run.handled,
    error: run.error,
  };
}
