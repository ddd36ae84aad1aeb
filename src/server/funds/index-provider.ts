import type { Logger } from "pino";
import type { Database } from "../db/client.js";
import { loadFundsSnapshot, readFundsVersion } from "./repository.js";
import { FundSearchIndex } from "./search-index.js";

export const DATA_CHANGED_CHANNEL = "data_changed";

/** How often an instance double-checks the data version, in case a notification was lost. */
const VERSION_POLL_MS = 15_000;

/**
 * Keeps the in-memory search index in step with the database. Writes made through this instance
 * call invalidate() after they commit; writes by any other instance (or by hand) fire the funds
 * trigger's NOTIFY, which every instance LISTENs to; a periodic version check and a re-check after
 * a dropped LISTEN connection cover what a notification could miss. A search that arrives while
 * the index is stale waits for the rebuild, so it never sees data older than its own request.
 */
export class FundsIndexProvider {
  private index: FundSearchIndex | undefined;
  private generation = 0;
  private indexGeneration = -1;
  private building: { generation: number; promise: Promise<FundSearchIndex> } | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private poller: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
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

  /** The index for the latest data this instance knows of. */
  current(): Promise<FundSearchIndex> {
    if (this.index && this.indexGeneration === this.generation) return Promise.resolve(this.index);
    if (this.building?.generation === this.generation) return this.building.promise;
    const generation = this.generation;
    const promise = this.build(generation);
    this.building = { generation, promise };
    promise.catch(() => {
      if (this.building?.promise === promise) this.building = undefined;
    });
    return promise;
  }

  invalidate(): void {
    this.generation += 1;
  }

  private async build(generation: number): Promise<FundSearchIndex> {
    const started = performance.now();
    const snapshot = await loadFundsSnapshot(this.database.db);
    const index = new FundSearchIndex(snapshot.rows, snapshot.version);
    if (generation >= this.indexGeneration) {
      this.index = index;
      this.indexGeneration = generation;
    }
    if (this.building?.generation === generation) this.building = undefined;
    this.logger.info(
      { funds: index.size, version: index.version, ms: Math.round(performance.now() - started) },
      "fund search index built",
    );
    return index;
  }

  private onNotification(payload: string): void {
    const [name, version] = payload.split(":");
    if (name !== "funds") return;
    if (!this.index || Number(version) > this.index.version) this.invalidate();
  }

  private async checkVersion(): Promise<void> {
    try {
      const version = await readFundsVersion(this.database.db);
      if (this.index && version !== this.index.version) this.invalidate();
    } catch (error) {
      this.logger.warn({ err: error }, "fund data version check failed");
    }
  }
}
