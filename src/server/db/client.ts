import { constants, existsSync, mkdirSync, readdirSync } from "node:fs";
import { cp, readFile, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import v8 from "node:v8";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { Logger } from "pino";
import { MIGRATIONS_DIR } from "../paths.js";
import { startDataDir } from "./data-dir.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** The dialect-neutral Drizzle handle repositories use: the same API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

type PgModule = typeof import("pg").default;

export type Notification = { channel: string; payload: string };

export type BarrierResult = { complete: boolean; missing: number };

export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly db: Db;
  /**
   * Applies the committed migrations, then runs `then` (the seed) while still holding the start-up
   * lock, so that several instances starting at once neither migrate nor seed twice.
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel; `onDisconnect` fires when the listening connection drops
   * (notifications sent from then on are lost) and `onReconnect` once it is back.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
    onDisconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /** Sends a notification on a channel (delivered to every listener, this instance's included). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Resolves once every instance listening on the channel, this one included, has handed its
   * subscribers every notification committed before the call (`complete`), or after `timeoutMs`
   * with how many had not answered (`missing`). On PGlite, which delivers in-process as a statement
   * completes, there is nothing to wait for.
   */
  barrier(channel: string, timeoutMs: number): Promise<BarrierResult>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = {
  /** postgres://… uses PostgreSQL through pg; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omitted = in memory (tests). */
  dataDir?: string;
  /**
   * In memory only: a cluster to start from, as PGlite's dumpDataDir writes it, instead of an initdb.
   * The tests start each database from the migrated template this way (docs/testing.md).
   */
  loadDataDir?: Blob;
  /**
   * A new PGlite data directory starts from the build's cluster with the shipped data already in
   * it, when there is one (the caller would seed it otherwise): seconds of seeding done once, at
   * build time, instead of at every first start (docs/decisions/0019-memory-and-start.md).
   */
  seeded?: boolean;
  logger?: Logger;
  poolSize?: number;
};

/** The channel every data-version trigger notifies on, with the payload '<name>:<version>'. */
export const DATA_CHANGED_CHANNEL = "data_changed";

// An arbitrary constant shared by every instance, so concurrent start-ups migrate one at a time.
const MIGRATION_LOCK_KEY = 727_274_001;

/** Writes every change to the data files, so that a copy of the cluster opens without replaying its log. */
export async function checkpoint(database: Database): Promise<void> {
  await database.db.execute(sql`checkpoint`);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  compileWebAssemblyOnce();
  // Compiled on background threads while the data directory is prepared, rather than after it.
  const wasmModule = options.dataDir ? compilePgliteWasm() : undefined;
  if (options.dataDir) {
    const start = await startDataDir(options.dataDir, options.seeded === true);
    if (start.template === "seeded") options.logger?.info("shipped data copied from the build's seeded cluster");
    if (!existsSync(path.join(options.dataDir, "PG_VERSION"))) await initialisePgliteDataDir(options.dataDir);
  }
  const pgliteWasmModule = await wasmModule;
  // One options object: PGlite reads its second argument only when the first is a data directory's
  // path, so `new PGlite(undefined, {...})` for an in-memory database dropped every option — the
  // template (an initdb ran instead, 2 CPU-seconds against 0.5) and the start parameters.
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    startParams: PGLITE_START_PARAMS,
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    ...(options.loadDataDir && !options.dataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    kind: "pglite",
    db,
    async migrate(then) {
      // PGlite has a single connection in a single process: nothing else can start in between.
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      await then?.();
    },
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async barrier() {
      return { complete: true, missing: 0 };
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * PostgreSQL's settings for PGlite, on top of PGlite's own start parameters. The defaults size
 * shared memory for a server with many connections: 128 MB of shared_buffers, which PostgreSQL
 * touches at start, so they sat in the process's RSS however small the data (about 120 MiB of the
 * idle server's ~400). This single connection reads the tables mostly once, into the in-memory
 * snapshots, and the operating system's page cache still holds the files beneath, so 16 MB is plenty.
 * The memory for sorts and index builds is capped too: WebAssembly memory that has grown once is
 * never given back, so a large sort would raise the idle RSS for the rest of the process's life.
 * (docs/decisions/0019-memory-and-start.md)
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...["-c", "shared_buffers=16MB"],
  ...["-c", "work_mem=4MB"],
  ...["-c", "maintenance_work_mem=16MB"],
  ...["-c", "temp_buffers=2MB"],
];

/**
 * V8 compiles WebAssembly twice: at once with its baseline compiler, then the hot functions again
 * with its optimising one in background threads. For PGlite's 9 MB module that second pass kept
 * about 80 MiB of the idle server's RSS (compiler memory the allocator does not give back) and made
 * database calls only ~1.4 times faster, on a path the in-memory snapshots keep off every hot route.
 * The flag must be set before the module is compiled; it only concerns WebAssembly, not JavaScript.
 */
function compileWebAssemblyOnce(): void {
  v8.setFlagsFromString("--liftoff-only");
}

/** PGlite's WebAssembly, compiled ahead; undefined (PGlite then loads it itself) if it cannot be. */
async function compilePgliteWasm(): Promise<WebAssembly.Module | undefined> {
  try {
    const file = new URL("./pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
    return await WebAssembly.compile(await readFile(file));
  } catch {
    return undefined;
  }
}

/**
 * Creating a PGlite cluster (initdb) grows its WebAssembly memory to about 700 MB, which a WASM
 * instance never gives back: done in the server's own thread, a first start would idle at ~800 MB
 * RSS against ~330 MB after a restart. A short-lived worker thread does it instead and takes that
 * memory with it when it exits.
 */
async function initialisePgliteDataDir(dataDir: string): Promise<void> {
  const moduleUrl = import.meta.resolve("@electric-sql/pglite");
  const source = `
    const { workerData } = require("node:worker_threads");
    import(workerData.moduleUrl).then(async ({ PGlite }) => {
      const db = new PGlite(workerData.dataDir);
      await db.waitReady;
      await db.close();
    });`;
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { moduleUrl, dataDir } });
    worker.once("error", reject);
    worker.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite initialisation exited with code ${code}`)),
    );
  });
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  // Loaded only for PostgreSQL: a PGlite server never needs the driver (about 0.1 s of start-up).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle client that dies (server restart) must not crash the process; the pool replaces it.
  pool.on("error", (error) => options.logger?.warn({ err: error }, "idle PostgreSQL client error"));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // One LISTEN connection per channel, however many caches subscribe to it.
  type Subscriber = {
    onNotify(payload: string): void;
    onReconnect?: (() => void) | undefined;
    onDisconnect?: (() => void) | undefined;
  };
  const channels = new Map<string, { subscribers: Set<Subscriber>; listener: ReturnType<typeof createPgListener> }>();
  let closed = false;

  return {
    kind: "postgres",
    db,
    async migrate(then) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        await then?.();
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    async listen(channel, onNotify, onReconnect, onDisconnect) {
      const subscriber: Subscriber = { onNotify, onReconnect, onDisconnect };
      let entry = channels.get(channel);
      if (!entry) {
        const subscribers = new Set<Subscriber>();
        const listener = createPgListener(
          pg,
          url,
          channel,
          (payload) => {
            for (const each of subscribers) each.onNotify(payload);
          },
          () => {
            for (const each of subscribers) each.onReconnect?.();
          },
          () => {
            for (const each of subscribers) each.onDisconnect?.();
          },
          options.logger,
        );
        entry = { subscribers, listener };
        channels.set(channel, entry);
      }
      entry.subscribers.add(subscriber);
      await entry.listener.ready;
      // Joined a listener that has dropped since: this subscriber must know it too.
      if (!entry.listener.connected()) onDisconnect?.();
      const current = entry;
      return async () => {
        current.subscribers.delete(subscriber);
        if (current.subscribers.size > 0 || channels.get(channel) !== current) return;
        channels.delete(channel);
        await current.listener.stop();
      };
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async barrier(channel, timeoutMs) {
      const entry = channels.get(channel);
      if (!entry) throw new Error(`no listener on ${channel} to wait for`);
      return entry.listener.barrier(timeoutMs);
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...channels.values()].map((entry) => entry.listener.stop()));
      channels.clear();
      await pool.end();
    },
  };
}

/**
 * Who listens on a channel, across instances: each LISTEN connection holds a session-level advisory
 * lock (class: the channel, key: its member id) for as long as it is up, and PostgreSQL drops it
 * with the connection, so a crashed or cut-off instance leaves the list by itself.
 */
const LISTENERS_SQL = `select objid::bigint as member from pg_locks
  where locktype = 'advisory' and granted and objsubid = 2 and classid = $1::bigint::oid
    and database = (select oid from pg_database where datname = current_database())`;

/** The lock class of a channel's listeners: a 31-bit FNV-1a of its name, the same in every process. */
export function listenerLockClass(channel: string): number {
  let hash = 0x811c9dc5;
  for (const char of channel) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash & 0x7fffffff;
}

/**
 * The listeners' own messages on the channel, never handed to subscribers: a barrier
 * ('<from>:<n>') and each other listener's answer to it ('<from>:<n>:<by>').
 */
const BARRIER_PREFIX = "listener:barrier:";
const ANSWER_PREFIX = "listener:answer:";

/**
 * A dedicated connection for LISTEN (a pooled one would lose the subscription when released).
 * It reconnects with backoff; since notifications sent meanwhile are lost, onDisconnect lets the
 * caller stop trusting what it caches and onReconnect lets it re-check.
 *
 * It answers other instances' barriers from its notification handler: notifications reach a
 * connection in commit order and are handed to subscribers synchronously, so an answer means
 * every notification committed before the barrier has reached this instance's subscribers.
 */
function createPgListener(
  pg: PgModule,
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  onDisconnect: (() => void) | undefined,
  logger: Logger | undefined,
) {
  let client: pg.Client | undefined;
  let member: number | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let barriers = 0;
  /** This instance's barriers in flight: the members yet to answer each. */
  const waiting = new Map<string, { members: Set<number>; done: () => void }>();
  const lockClass = listenerLockClass(channel);

  const answered = (key: string, by: number) => {
    const barrier = waiting.get(key);
    if (!barrier?.members.delete(by)) return;
    if (barrier.members.size === 0) barrier.done();
  };

  const onControl = (connection: pg.Client, payload: string): boolean => {
    if (payload.startsWith(BARRIER_PREFIX)) {
      const key = payload.slice(BARRIER_PREFIX.length);
      const from = Number(key.slice(0, key.indexOf(":")));
      if (from === member) answered(key, from);
      else if (member !== undefined)
        connection
          .query("select pg_notify($1, $2)", [channel, `${ANSWER_PREFIX}${key}:${member}`])
          .catch((error: unknown) => logger?.warn({ err: error, channel }, "barrier answer not sent"));
      return true;
    }
    if (payload.startsWith(ANSWER_PREFIX)) {
      const rest = payload.slice(ANSWER_PREFIX.length);
      const separator = rest.lastIndexOf(":");
      answered(rest.slice(0, separator), Number(rest.slice(separator + 1)));
      return true;
    }
    return false;
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel !== channel) return;
      const payload = message.payload ?? "";
      if (!onControl(next, payload)) onNotify(payload);
    });
    next.on("error", (error) => {
      logger?.warn({ err: error, channel }, "LISTEN connection error; reconnecting");
      scheduleReconnect(next);
    });
    next.on("end", () => scheduleReconnect(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    // Listening first, then listed: a barrier that finds this member is sure to reach it.
    let id: number;
    for (;;) {
      id = 1 + Math.floor(Math.random() * 0x7ffffffe);
      const { rows } = await next.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [lockClass, id]);
      if (rows[0]?.ok) break;
    }
    client = next;
    member = id;
    attempt = 0;
  };

  const scheduleReconnect = (dead: pg.Client) => {
    if (stopped || client !== dead || timer) return;
    client = undefined;
    member = undefined;
    onDisconnect?.();
    dead.end().catch(() => {});
    // Capped low: while this connection is down, caches that rely on it serve nothing (session cache)
    // or may serve stale data (snapshots), so it is worth retrying often.
    const delay = Math.min(5_000, 250 * 2 ** attempt++);
    timer = setTimeout(() => {
      timer = undefined;
      connect()
        .then(() => onReconnect?.())
        .catch((error) => {
          logger?.warn({ err: error, channel }, "LISTEN reconnect failed");
          const placeholder = new pg.Client({ connectionString: url });
          client = placeholder;
          scheduleReconnect(placeholder);
        });
    }, delay);
    timer.unref();
  };

  return {
    ready: connect(),
    connected: () => client !== undefined && !timer,
    /**
     * The members are read before the barrier is sent: any of them was listening before it was
     * committed, so each will see it; an instance that starts listening later has read nothing
     * older than the barrier.
     */
    async barrier(timeoutMs: number): Promise<BarrierResult> {
      const self = member;
      const connection = client;
      if (self === undefined || !connection) return { complete: false, missing: 1 };
      const { rows } = await connection.query<{ member: string }>(LISTENERS_SQL, [lockClass]);
      const members = new Set(rows.map((row) => Number(row.member)));
      members.add(self);
      const key = `${self}:${++barriers}`;
      let timeout: NodeJS.Timeout | undefined;
      const finished = new Promise<boolean>((resolve) => {
        waiting.set(key, { members, done: () => resolve(true) });
        timeout = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        await connection.query("select pg_notify($1, $2)", [channel, `${BARRIER_PREFIX}${key}`]);
        const complete = await finished;
        return { complete, missing: members.size };
      } finally {
        clearTimeout(timeout);
        waiting.delete(key);
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      member = undefined;
      if (current) await current.end().catch(() => {});
    },
  };
}
