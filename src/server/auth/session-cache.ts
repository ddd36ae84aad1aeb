import type { Logger } from "pino";
import type { Database } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { DATA_CHANGED_CHANNEL } from "../db/versioned-snapshot.js";

/**
 * What the database triggers send (docs/decisions/0014-session-cache.md): 'sessions:user:<id>'
 * when a user row changes or one of its sessions ends, 'sessions:all' on a truncation.
 */
const PREFIX = "sessions:";
const USER_PREFIX = `${PREFIX}user:`;
const ALL = `${PREFIX}all`;

/** How long a writer waits for every instance to answer its barrier before answering anyway. */
const SYNC_TIMEOUT_MS = 2_000;

export type SessionCacheOptions = {
  /** Sessions held at most; the least recently used go first. */
  maxEntries: number;
  /** How long an entry is trusted without reading the database again. */
  ttlMs: number;
};

export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { maxEntries: 10_000, ttlMs: 60_000 };

/** One live session as this instance knows it. */
export type CachedSession = {
  readonly user: Readonly<UserRow>;
  readonly sessionId: number;
  /** The sliding expiry as this instance last extended it. */
  expiresAt: Date;
  /** The expiry last read from or written to the database. */
  storedExpiresAt: Date;
  /** When it was read from the database (ms, on the clock resolve was given). */
  readonly loadedAt: number;
};

/**
 * The signed-in sessions of this instance, in memory: a request with a cached session costs no
 * database round trip. Bounded (LRU by token hash) and short-lived (ttlMs), and dropped at once on
 * every instance when the user changes or the session ends, through the triggers' NOTIFY on the
 * channel the data snapshots already listen to. While that LISTEN connection is down nothing is
 * served from here, since the notifications it would have carried are lost.
 *
 * A read racing an eviction must not put the old row back: every eviction bumps `epoch`, and a
 * row read from the database is stored only if no eviction happened since the read began.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly tokenUser = new Map<string, number>();
  private epoch = 0;
  /** Serving: started, its LISTEN connection up, not stopped. */
  private online = false;
  private connected = true;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly evictionListeners = new Set<(userId: number | "all") => void>();

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly options: SessionCacheOptions = SESSION_CACHE_DEFAULTS,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      DATA_CHANGED_CHANNEL,
      (payload) => this.onNotification(payload),
      () => {
        this.connected = true;
        if (this.unlisten) this.setOnline(true);
      },
      () => {
        this.connected = false;
        this.setOnline(false);
      },
    );
    this.online = this.connected;
  }

  async stop(): Promise<void> {
    this.connected = false;
    this.setOnline(false);
    await this.unlisten?.();
    await this.writesDone();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Lets notifications that already reached this process be handled before a cached session is
   * trusted. On PostgreSQL they arrive on their own socket: a request read from the network in the
   * same turn as a notification must not be answered from an entry that notification evicts.
   * PGlite delivers them in-process while the writing statement completes, before it returns, so
   * it would not need the wait; it yields all the same, for speed: continued in the check phase,
   * the signed-in requests a poll has read are finished together instead of each in its own read
   * callback, and on PGlite at 50 connections that took the signed-in session call from about
   * 19,500 to 25,500 req/s and a subscriber's search from about 14,000 to 22,000 (the same
   * server, interleaved runs; PostgreSQL, which always yielded, was already there).
   */
  settle(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  /** The live cached session for a token hash, or undefined (not cached, too old, expired, or offline). */
  lookup(tokenHash: string, nowMs: number): CachedSession | undefined {
    if (!this.online) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (nowMs - entry.loadedAt >= this.options.ttlMs || entry.expiresAt.getTime() <= nowMs) {
      this.remove(tokenHash);
      return undefined;
    }
    // Most recently used goes last; the first entry is the one to drop when full.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry;
  }

  /** Taken before reading a session from the database; store() accepts the row only with it. */
  ticket(): number {
    return this.epoch;
  }

  store(ticket: number, tokenHash: string, entry: CachedSession): void {
    if (!this.online || ticket !== this.epoch) return;
    this.remove(tokenHash);
    this.entries.set(tokenHash, entry);
    this.tokenUser.set(tokenHash, entry.user.id);
    let tokens = this.byUser.get(entry.user.id);
    if (!tokens) {
      tokens = new Set();
      this.byUser.set(entry.user.id, tokens);
    }
    tokens.add(tokenHash);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** Drops every cached session of the user on this instance, and any read of it in flight. */
  evictUser(userId: number): void {
    this.epoch += 1;
    const tokens = this.byUser.get(userId);
    if (tokens) for (const tokenHash of [...tokens]) this.remove(tokenHash);
    for (const listener of this.evictionListeners) listener(userId);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.byUser.clear();
    this.tokenUser.clear();
    for (const listener of this.evictionListeners) listener("all");
  }

  /**
   * After a write that changed what a user's requests see has committed: drops the user here at
   * once, then waits until every instance listening on the database has answered a barrier sent
   * after the write. Each answers only once the notifications committed before the barrier, the
   * trigger's among them, have reached its cache, so by the time the writer answers, no instance
   * can serve the old session or row to a request that follows.
   */
  async userChanged(userId: number): Promise<void> {
    this.evictUser(userId);
    await this.sync();
  }

  /** Runs a write-back without holding up the request; stop() waits for those still running. */
  track(work: Promise<unknown>): void {
    const guarded = work.catch((error: unknown) =>
      this.logger.warn({ err: error }, "session expiry not written back; the next use retries"),
    );
    this.pending.add(guarded);
    void guarded.finally(() => this.pending.delete(guarded));
  }

  /** Resolves once the write-backs started so far have finished (stop() and tests wait on it). */
  async writesDone(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** Called with the user id (or "all") of each eviction; returns the unsubscribe (tests wait on it). */
  onEviction(listener: (userId: number | "all") => void): () => void {
    this.evictionListeners.add(listener);
    return () => this.evictionListeners.delete(listener);
  }

  private async sync(): Promise<void> {
    if (!this.online) return;
    try {
      const { complete, missing } = await this.database.barrier(DATA_CHANGED_CHANNEL, SYNC_TIMEOUT_MS);
      if (!complete) this.logger.warn({ missing }, "session eviction barrier: not every instance answered in time");
    } catch (error) {
      // The write itself has committed and the trigger has notified; only the wait is lost.
      this.logger.warn({ err: error }, "session eviction barrier could not be sent");
    }
  }

  private onNotification(payload: string): void {
    if (!payload.startsWith(PREFIX)) return;
    if (payload.startsWith(USER_PREFIX)) {
      const userId = Number(payload.slice(USER_PREFIX.length));
      if (Number.isSafeInteger(userId)) this.evictUser(userId);
    } else if (payload === ALL) {
      this.clear();
    }
  }

  private setOnline(online: boolean): void {
    // Either way what is held may have missed notifications: start again from the database.
    this.clear();
    if (this.online !== online) {
      this.logger.info({ online }, online ? "session cache resumed" : "session cache paused: LISTEN connection lost");
    }
    this.online = online;
  }

  private remove(tokenHash: string): void {
    if (!this.entries.delete(tokenHash)) return;
    const userId = this.tokenUser.get(tokenHash);
    this.tokenUser.delete(tokenHash);
    if (userId === undefined) return;
    const tokens = this.byUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(userId);
  }
}
