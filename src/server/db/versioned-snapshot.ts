import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { DATA_CHANGED_CHANNEL, type Database, type Db } from "./client.js";
import { dataVersions } from "./schema/index.js";

export { DATA_CHANGED_CHANNEL };

/** How often an instance double-checks a data version, in case a notification was lost. */
const VERSION_POLL_MS = 15_000;

/** The version of one data set (funds, blog…) as its trigger last left it; 0 when it has no row yet. */
export async function readDataVersion(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, name));
  return row?.version ?? 0;
}

/** What an in-memory copy of a data set must tell about itself: the data version it was built from. */
export type Versioned = { readonly version: number };

/**
 * Keeps an in-memory copy of one data set (the fund search index, the published blog posts) in
 * step with the database, on every instance. Writes made through this instance call invalidate()
 * after they commit; writes by any other instance (or by hand) fire the data set's trigger, whose
 * NOTIFY every instance LISTENs to; a periodic version check and a re-check after a dropped LISTEN
 * connection cover what a notification could miss. A reader that arrives while the copy is stale
 * waits for the rebuild, so it never sees data older than its own request.
 */
export class VersionedSnapshot<T extends Versioned> {
  private value: T | undefined;
  private generation = 0;
  private valueGeneration = -1;
  private building: { generation: number; promise: Promise<T> } | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private poller: NodeJS.Timeout | undefined;

  /**
   * @param name the data set's row in data_versions and the prefix of its notifications
   * @param load reads the data set and its version in one consistent snapshot and builds the copy
   */
  constructor(
    private readonly database: Database,
    private readonly name: string,
    private readonly load: (db: Db) => Promise<T>,
    private readonly logger: Logger,
    private readonly describe: (value: T) => Record<string, unknown> = () => ({}),
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      DATA_CHANGED_CHANNEL,
      (payload) => this.onNotification(payload),
      () => this.invalidate(),
    );
    this.poller = setInterval(() => {
      void this.checkVersion();
    }, VERSION_POLL_MS);
    this.poller.unref();
    await this.current();
  }

  async stop(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    await this.unlisten?.();
  }

  /** The copy for the latest data this instance knows of. */
  current(): Promise<T> {
    if (this.value && this.valueGeneration === this.generation) return Promise.resolve(this.value);
    if (this.building?.generation === this.generation) return this.building.promise;
    const generation = this.generation;
    const promise = this.build(generation);
    this.building = { generation, promise };
    promise.catch(() => {
      if (this.building?.promise === promise) this.building = undefined;
    });
    return promise;
  }

  /**
   * current(), without a promise when the copy is already the latest: for the paths that read it on
   * every request (a kept page's answer), where each promise is a turn of the microtask queue.
   */
  now(): T | Promise<T> {
    if (this.value && this.valueGeneration === this.generation) return this.value;
    return this.current();
  }

  /** The copy as it stands, without waiting for a rebuild; undefined before the first build. */
  peek(): T | undefined {
    return this.value;
  }

  invalidate(): void {
    this.generation += 1;
  }

  private async build(generation: number): Promise<T> {
    const started = performance.now();
    const value = await this.load(this.database.db);
    if (generation >= this.valueGeneration) {
      this.value = value;
      this.valueGeneration = generation;
    }
    if (this.building?.generation === generation) this.building = undefined;
    this.logger.info(
      { data: this.name, version: value.version, ms: Math.round(performance.now() - started), ...this.describe(value) },
      `${this.name} snapshot built`,
    );
    return value;
  }

  private onNotification(payload: string): void {
    const separator = payload.lastIndexOf(":");
    if (separator === -1 || payload.slice(0, separator) !== this.name) return;
    if (!this.value || Number(payload.slice(separator + 1)) > this.value.version) this.invalidate();
  }

  private async checkVersion(): Promise<void> {
    try {
      const version = await readDataVersion(this.database.db, this.name);
      if (this.value && version !== this.value.version) this.invalidate();
    } catch (error) {
      this.logger.warn({ err: error, data: this.name }, "data version check failed");
    }
  }
}

/**
 * `use` applied to what `now()` gave: at once when it is the copy itself, after it when it is a
 * promise. The callers on a kept page's path stay without a promise while their copies are current.
 */
export function whenReady<T, R>(value: T | Promise<T>, use: (ready: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(use) : use(value);
}
