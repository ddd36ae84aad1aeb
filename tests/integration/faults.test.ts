import { EventEmitter, once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/server/app.js";
import { loadConfig } from "../../src/server/config.js";
import { openDatabase } from "../../src/server/db/client.js";
import { funds, users } from "../../src/server/db/schema/index.js";
import { insertFunds } from "../support/funds.js";
import { TestCluster } from "../support/postgres-cluster.js";
import { freePort, startServer } from "../support/process.js";

/** Process starts, an initdb and a crash recovery on a busy 2-core machine: generous, never a wait. */
const FAULT_TEST_TIMEOUT_MS = 300_000;
/** How soon after the database is back the app must serve again, by itself. */
const RECOVERY_LIMIT_MS = 5_000;
const PASSWORD = "Fault-pass-1";

type Call = { kind: "register" | "session" | "save"; status: number; at: number };

/**
 * Clients that keep calling the app until stopped, recording every answer and every write the app
 * acknowledged. Progress is an event: the test waits for what it needs to have seen, not for a time.
 */
class Load extends EventEmitter {
  readonly calls: Call[] = [];
  private unexpected: Call | undefined;
  readonly registered: string[] = [];
  readonly saved: number[] = [];
  private stopped = false;
  private running: Promise<void>[] = [];

  /** @param allowed the statuses the run may see; any other ends every wait with an error at once. */
  constructor(private readonly allowed: readonly number[]) {
    super();
  }

  start(workers: number, step: (worker: number, round: number) => Promise<void>): void {
    this.running = Array.from({ length: workers }, async (_, worker) => {
      for (let round = 0; !this.stopped; round++) {
        await step(worker, round);
        // Lets the test's own work in between (a stop, a start) and keeps a dead server from spinning.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
  }

  record(call: Omit<Call, "at">): void {
    const recorded = { ...call, at: performance.now() };
    this.calls.push(recorded);
    if (!this.allowed.includes(call.status)) this.unexpected ??= recorded;
    this.emit("progress");
  }

  /** Resolves once the condition holds, checked after each recorded call; throws on an unexpected status. */
  async until(condition: () => boolean): Promise<void> {
    for (;;) {
      if (this.unexpected) throw new Error(`unexpected answer: ${JSON.stringify(this.unexpected)}`);
      if (condition()) return;
      await once(this, "progress");
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }
}

/**
 * (a) The database restarts under load: while it is down the app answers 503 (never 500) and keeps
 * serving what it holds in memory; once it is back the app serves again within seconds without a
 * restart, and every write it acknowledged is in the database.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("a PostgreSQL restart under load", () => {
  let cluster: TestCluster | undefined;
  let app: App | undefined;
  afterAll(async () => {
    await app?.close();
    await cluster?.dispose();
  });

  it(
    "answers 503 while the database is down, recovers by itself, and loses no acknowledged write",
    async () => {
      cluster = await TestCluster.create();
      await cluster.start();
      const config = loadConfig({
        NODE_ENV: "test",
        DATABASE_URL: cluster.url,
        SEED_ON_START: "false",
        LOG_LEVEL: "silent",
        RATE_LIMIT_PER_MINUTE: "0",
        RATE_LIMIT_SENSITIVE_SCALE: "1000",
      });
      const running = await buildApp(config, { logger: false });
      app = running;
      const db = running.services.database.db;
      await insertFunds(
        db,
        Array.from({ length: 400 }, (_, i) => ({ name: `Fault Fund ${i}` })),
      );
      const fundIds = (await db.select({ id: funds.id }).from(funds)).map((fund) => fund.id);

      // A subscriber who saves funds, and whose session check is a signed-in read.
      const subscriber = await running.inject({
        method: "POST",
        url: "/_api/auth/register_with_password",
        payload: { email: "saver@example.com", password: PASSWORD, displayName: "Saver" },
      });
      const cookie = subscriber.cookies.find((each) => each.name === "fundmatch_session")?.value ?? "";
      await db
        .update(users)
        .set({ subscriptionStatus: "active", subscriptionType: "lifetime" })
        .where(eq(users.email, "saver@example.com"));

      const load = new Load([200, 201, 503]);
      let nextFund = 0;
      load.start(4, async (worker, round) => {
        const email = `fault-${worker}-${round}@example.com`;
        const registered = await running.inject({
          method: "POST",
          url: "/_api/auth/register_with_password",
          payload: { email, password: PASSWORD, displayName: "Fault" },
        });
        if (registered.statusCode === 201) load.registered.push(email);
        load.record({ kind: "register", status: registered.statusCode });

        const session = await running.inject({
          method: "GET",
          url: "/_api/auth/session",
          cookies: { fundmatch_session: cookie },
        });
        load.record({ kind: "session", status: session.statusCode });

        const fundId = fundIds[nextFund++ % fundIds.length] as number;
        const save = await running.inject({
          method: "POST",
          url: "/_api/user/save-fund",
          cookies: { fundmatch_session: cookie },
          payload: { fundId },
        });
        if (save.statusCode === 200) load.saved.push(fundId);
        load.record({ kind: "save", status: save.statusCode });
      });

      try {
        await load.until(() => load.registered.length >= 4 && load.saved.length >= 8);

        // A crash of the database server: connections cut, no checkpoint.
        await cluster.stop("immediate");
        const downAt = performance.now();
        const answeredWhileDown = (kind: Call["kind"]) =>
          load.calls.some((call) => call.kind === kind && call.at > downAt && call.status === 503);
        await load.until(
          () => answeredWhileDown("register") && answeredWhileDown("save") && answeredWhileDown("session"),
        );
        expect((await running.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(503);
        const down = await running.inject({
          method: "POST",
          url: "/_api/user/save-fund",
          cookies: { fundmatch_session: cookie },
          payload: { fundId: fundIds[0] },
        });
        expect(down.statusCode).toBe(503);
        expect(down.headers["retry-after"]).toBe("5");
        expect(down.json()).toEqual({ error: "The service is briefly unavailable. Please try again in a moment." });
        // What is held in memory still answers: the fund search.
        expect((await running.inject({ method: "POST", url: "/_api/funds/search", payload: {} })).statusCode).toBe(200);

        await cluster.start();
        const upAt = performance.now();
        const servedSince = (kind: Call["kind"], ok: number) =>
          load.calls.find((call) => call.kind === kind && call.at > upAt && call.status === ok)?.at;
        await load.until(
          () =>
            servedSince("register", 201) !== undefined &&
            servedSince("save", 200) !== undefined &&
            servedSince("session", 200) !== undefined,
        );
        const recoveredAfter =
          Math.max(
            servedSince("register", 201) as number,
            servedSince("save", 200) as number,
            servedSince("session", 200) as number,
          ) - upAt;
        expect(recoveredAfter).toBeLessThan(RECOVERY_LIMIT_MS);
        expect((await running.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
        // A little more load after the recovery, so that writes acknowledged then are checked too.
        const registeredAtRecovery = load.registered.length;
        await load.until(() => load.registered.length >= registeredAtRecovery + 4);
      } finally {
        await load.stop();
      }

      const unexpected = load.calls.filter((call) => ![200, 201, 503].includes(call.status));
      expect(unexpected).toEqual([]);
      expect(load.calls.filter((call) => call.status === 503).length).toBeGreaterThan(0);

      // Read back on a connection of the test's own: every acknowledged write is there.
      const check = new pg.Client({ connectionString: cluster.url });
      await check.connect();
      try {
        const stored = await check.query<{ email: string }>("select email from users where email = any($1)", [
          load.registered,
        ]);
        expect(new Set(stored.rows.map((row) => row.email))).toEqual(new Set(load.registered));
        const saved = await check.query<{ fund_id: number }>(
          "select fund_id from saved_funds join users on users.id = saved_funds.user_id where users.email = $1",
          ["saver@example.com"],
        );
        const savedIds = new Set(saved.rows.map((row) => row.fund_id));
        expect(load.saved.filter((id) => !savedIds.has(id))).toEqual([]);
      } finally {
        await check.end();
      }
    },
    FAULT_TEST_TIMEOUT_MS,
  );
});

/**
 * (c) The embedded database killed mid-write: SIGKILL during registrations, then a start on the
 * same DATA_DIR must come up healthy with every registration the app had acknowledged.
 */
describe("a SIGKILL during writes on PGlite", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-sigkill-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    "restarts healthy on the same data with every acknowledged write",
    async () => {
      const port = String(await freePort());
      const env = {
        PORT: port,
        DATA_DIR: dataDir,
        SEED_ON_START: "false",
        RATE_LIMIT_PER_MINUTE: "0",
        RATE_LIMIT_SENSITIVE_SCALE: "1000",
      };
      const first = await startServer(env);
      const base = `http://127.0.0.1:${port}`;
      const load = new Load([201, 0]);
      load.start(3, async (worker, round) => {
        const email = `kill-${worker}-${round}@example.com`;
        try {
          const response = await fetch(`${base}/_api/auth/register_with_password`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email, password: PASSWORD, displayName: "Kill" }),
          });
          if (response.status === 201) load.registered.push(email);
          load.record({ kind: "register", status: response.status });
        } catch {
          // The process is gone: this write was never acknowledged.
          load.record({ kind: "register", status: 0 });
        }
      });
      try {
        await load.until(() => load.registered.length >= 12);
        first.child.kill("SIGKILL");
        expect(await first.exited).toBeNull();
        await load.until(() => load.calls.some((call) => call.status === 0));
      } finally {
        await load.stop();
      }
      expect(load.calls.filter((call) => ![201, 0].includes(call.status))).toEqual([]);

      const second = await startServer(env);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const login = await fetch(`${base}/_api/auth/login_with_password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: load.registered.at(-1), password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);

      const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
      try {
        const stored = await database.db
          .select({ email: users.email })
          .from(users)
          .where(inArray(users.email, load.registered));
        expect(new Set(stored.map((row) => row.email))).toEqual(new Set(load.registered));
      } finally {
        await database.close();
      }
    },
    FAULT_TEST_TIMEOUT_MS,
  );
});
