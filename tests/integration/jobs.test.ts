import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client.js";
import { jobRuns, jobSchedules, sessions, users } from "../../src/server/db/schema/index.js";
import { JobQueue } from "../../src/server/jobs/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";

const ADMIN = { email: "jobs-admin@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "jobs-member@example.com", password: "Member-pass-1", displayName: "Mo Member" };
const silent = pino({ level: "silent" });
const MINUTE = 60_000;

describe.each(TEST_DRIVERS)("the job queue's admin API on %s", (driver) => {
  let t: TestApp;
  let adminCookie = "";
  let memberCookie = "";

  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";
  const call = (method: "GET" | "POST", url: string, cookie: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      cookies: cookie ? { fundmatch_session: cookie } : {},
    });

  beforeAll(async () => {
    t = await createTestApp(driver, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    adminCookie = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN }),
    );
    memberCookie = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: MEMBER }),
    );
  });
  afterAll(async () => t?.close());

  it.each([
    ["GET", "/_api/admin/jobs", undefined],
    ["POST", "/_api/admin/jobs/run", { name: "expired-records-sweep" }],
  ] as const)("guards %s %s: 401 logged out, 403 for a member", async (method, url, payload) => {
    const before = await t.testDatabase.database.db.select().from(jobRuns);
    expect((await call(method, url, "", payload)).statusCode).toBe(401);
    expect((await call(method, url, memberCookie, payload)).statusCode).toBe(403);
    expect(await t.testDatabase.database.db.select().from(jobRuns)).toEqual(before);
  });

  it("lists each job with its schedule and next run", async () => {
    const response = await call("GET", "/_api/admin/jobs", adminCookie);
    expect(response.statusCode).toBe(200);
    const jobs = response.json().jobs as Array<{ name: string; schedule: string; nextRunAt: string }>;
    expect(jobs.map((job) => [job.name, job.schedule])).toEqual([
      ["expired-records-sweep", "0 * * * *"],
      ["saved-search-alerts", "0 8 * * 1"],
      ["pipeline-reminders", "0 7 * * *"],
      ["pitch-stats", "20 * * * *"],
      ["pitch-digest", "0 8 * * *"],
    ]);
    const alerts = jobs.find((job) => job.name === "saved-search-alerts");
    const next = new Date(alerts?.nextRunAt ?? "");
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([1, 8, 0]);
  });

  it("runs the sweep now through the queue: expired sessions go, live ones stay, and the run is listed", async () => {
    const db = t.testDatabase.database.db;
    const [member] = await db.select().from(users).where(eq(users.email, MEMBER.email));
    const past = new Date(Date.now() - MINUTE);
    await db.insert(sessions).values([
      { tokenHash: "jobs-expired-1", userId: member?.id as number, expiresAt: past },
      { tokenHash: "jobs-expired-2", userId: member?.id as number, expiresAt: past },
    ]);
    const response = await call("POST", "/_api/admin/jobs/run", adminCookie, { name: "expired-records-sweep" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: "expired-records-sweep", status: "succeeded", handled: 2 });
    const left = (await db.select().from(sessions)).map((row) => row.tokenHash);
    expect(left.filter((hash) => hash.startsWith("jobs-expired"))).toEqual([]);
    // The admin's own session is live and kept.
    expect((await call("GET", "/_api/admin/jobs", adminCookie)).statusCode).toBe(200);
    const jobs = (await call("GET", "/_api/admin/jobs", adminCookie)).json().jobs;
    const sweep = jobs.find((job: { name: string }) => job.name === "expired-records-sweep");
    expect(sweep.runs[0]).toMatchObject({ status: "succeeded", trigger: "manual", handled: 2, error: null });
    expect(sweep.runs[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it("answers 0 handled when a job has nothing to send (no saved searches, no reminders)", async () => {
    for (const name of ["saved-search-alerts", "pipeline-reminders"]) {
      const response = await call("POST", "/_api/admin/jobs/run", adminCookie, { name });
      expect(response.json()).toEqual({ name, status: "succeeded", handled: 0 });
    }
  });

  it("answers 404 for an unknown job and 409 while a run of the job is pending", async () => {
    const unknown = await call("POST", "/_api/admin/jobs/run", adminCookie, { name: "no-such-job" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "No such job." });
    const db = t.testDatabase.database.db;
    // A run another instance is running (its lease still good).
    const [pending] = await db
      .insert(jobRuns)
      .values({
        name: "pipeline-reminders",
        status: "running",
        trigger: "schedule",
        runAt: new Date(),
        startedAt: new Date(),
        leaseUntil: new Date(Date.now() + 60 * MINUTE),
      })
      .returning();
    const busy = await call("POST", "/_api/admin/jobs/run", adminCookie, { name: "pipeline-reminders" });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatch(/already running/);
    await db.delete(jobRuns).where(eq(jobRuns.id, pending?.id as number));
    expect((await call("POST", "/_api/admin/jobs/run", adminCookie, { name: "bad\u0000name" })).statusCode).toBe(400);
  });
});

describe.each(TEST_DRIVERS)("the job queue on %s", (driver) => {
  let shared: TestDatabase;
  const queues: JobQueue[] = [];
  let clock = new Date("2026-11-25T10:00:00Z"); // a Wednesday

  beforeAll(async () => {
    shared = await createTestDatabase(driver);
    await shared.database.migrate();
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await shared.database.db.delete(jobRuns);
    await shared.database.db.delete(jobSchedules);
  });
  afterAll(async () => shared?.drop());

  const queueOn = (database = shared.database) => {
    const queue = new JobQueue(database, silent, { now: () => clock, pollMs: 3_600_000 });
    queues.push(queue);
    return queue;
  };

  it("retries a failing handler with exponential backoff, then records the outcome", async () => {
    clock = new Date("2026-11-25T10:00:00Z");
    let calls = 0;
    const queue = queueOn();
    queue.register({
      name: "flaky",
      schedule: "0 3 * * *",
      description: "fails twice",
      handler: async () => {
        calls++;
        if (calls < 3) throw new Error(`failure ${calls}`);
        return { handled: 7 };
      },
    });
    await queue.start();
    await queue.firstPass;
    expect(await queue.runNow("flaky")).toEqual({ name: "flaky", status: "retrying", handled: 0 });
    const [retry] = await shared.database.db.select().from(jobRuns).where(eq(jobRuns.status, "queued"));
    expect(retry).toMatchObject({ attempt: 2, trigger: "retry" });
    expect(retry?.runAt.getTime()).toBe(clock.getTime() + 30_000);
    // Not before its time.
    clock = new Date(clock.getTime() + 29_000);
    await queue.wake();
    expect(calls).toBe(1);
    clock = new Date(clock.getTime() + 1_000);
    await queue.wake();
    expect(calls).toBe(2);
    const [third] = await shared.database.db.select().from(jobRuns).where(eq(jobRuns.status, "queued"));
    // The second wait is twice the first.
    expect(third?.runAt.getTime()).toBe(clock.getTime() + 60_000);
    clock = new Date(clock.getTime() + 60_000);
    await queue.wake();
    expect(calls).toBe(3);
    const { jobs } = await queue.overview();
    expect(jobs[0]?.runs.map((run) => [run.attempt, run.status, run.handled, run.error])).toEqual([
      [3, "succeeded", 7, null],
      [2, "retrying", null, "failure 2"],
      [1, "retrying", null, "failure 1"],
    ]);
    expect(jobs[0]?.failures.map((run) => run.error)).toEqual(["failure 2", "failure 1"]);
  });

  it("marks a run failed after its last attempt", async () => {
    clock = new Date("2026-11-25T10:00:00Z");
    const queue = queueOn();
    queue.register({
      name: "broken",
      schedule: "0 3 * * *",
      description: "always fails",
      maxAttempts: 1,
      handler: async () => {
        throw new Error("the upstream is down");
      },
    });
    await queue.start();
    expect(await queue.runNow("broken")).toEqual({ name: "broken", status: "failed", handled: 0 });
    expect((await queue.overview()).jobs[0]?.failures[0]).toMatchObject({ error: "the upstream is down" });
  });

  it("runs a job that fell due while the app was down when it starts again, once", async () => {
    clock = new Date("2026-11-25T10:00:00Z"); // Wednesday
    let calls = 0;
    const weekly = {
      name: "weekly",
      schedule: "0 8 * * 1",
      description: "Mondays 08:00",
      handler: async () => ({ handled: ++calls }),
    };
    const before = queueOn();
    before.register(weekly);
    await before.start();
    await before.firstPass;
    expect(calls).toBe(0);
    const [schedule] = await shared.database.db.select().from(jobSchedules);
    expect(schedule?.nextRunAt.toISOString()).toBe("2026-11-30T08:00:00.000Z");
    await before.stop();
    // Down over two Mondays: the missed ticks make one run at the start, then the next Monday.
    clock = new Date("2026-12-09T12:00:00Z");
    const after = queueOn();
    after.register(weekly);
    await after.start();
    await after.firstPass;
    expect(calls).toBe(1);
    const [moved] = await shared.database.db.select().from(jobSchedules);
    expect(moved?.nextRunAt.toISOString()).toBe("2026-12-14T08:00:00.000Z");
    await after.wake();
    expect(calls).toBe(1);
  });

  it.runIf(driver === "postgres")("runs each due job once with two instances on one database", async () => {
    clock = new Date("2026-11-25T10:00:00Z");
    const calls: string[] = [];
    let gate = Promise.resolve();
    const other = await openDatabase({ url: shared.url });
    try {
      const instances = [queueOn(), queueOn(other)];
      instances.forEach((queue, index) => {
        for (const name of ["a", "b", "c"]) {
          queue.register({
            name,
            schedule: "*/5 * * * *",
            description: name,
            handler: async () => {
              calls.push(`${name}@${index}`);
              await gate;
              return { handled: 1 };
            },
          });
        }
      });
      for (const queue of instances) await queue.start();
      await Promise.all(instances.map((queue) => queue.firstPass));
      expect(calls).toEqual([]);
      // The tick comes for both instances at once, several times over.
      clock = new Date("2026-11-25T10:05:00Z");
      await Promise.all([...instances, ...instances].map((queue) => queue.wake()));
      expect(calls.map((call) => call.split("@")[0]).sort()).toEqual(["a", "b", "c"]);
      // Run now on one while its run is under way on the other: refused (409), not run twice.
      calls.length = 0;
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = (instances[0] as JobQueue).runNow("a");
      await expect.poll(() => calls.length, { timeout: 20_000 }).toBe(1);
      await expect((instances[1] as JobQueue).runNow("a")).rejects.toMatchObject({ kind: "conflict" });
      release();
      expect(await first).toEqual({ name: "a", status: "succeeded", handled: 1 });
      expect(calls).toHaveLength(1);
    } finally {
      for (const queue of queues.splice(0)) await queue.stop();
      await other.close();
    }
  });
});
