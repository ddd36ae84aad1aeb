import type { Logger } from "pino";
import { DATA_CHANGED_CHANNEL, type Database } from "../db/client.js";
import type { SessionRow, UserRow } from "../db/types.js";

/** The accounts' row in data_versions: its trigger fires on any change to users or sessions. */
export const ACCOUNTS_DATA = "accounts";

/** Longest an entry is trusted without a notification, in case one was lost. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

export type SessionWithUser = { session: SessionRow; user: UserRow };

type Entry = { found: SessionWithUser; cachedAt: number };

/**
 * The sessions this instance has resolved, by token hash, so that a signed-in request does not
 * cost a database round trip (a search must stay within its speed budget for subscribers too).
 * Correctness comes from the accounts trigger: any update or deletion of a user or a session
 * notifies every instance, which drops the whole cache. A write through this instance is seen
 * before the write returns (PGlite delivers its notifications first; every pooled PostgreSQL
 * connection LISTENs and PostgreSQL hands a session its own notifications at commit); another
 * instance's write within milliseconds. A lookup that raced with a change is not kept.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger?: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      DATA_CHANGED_CHANNEL,
      (payload) => {
        if (payload.startsWith(`${ACCOUNTS_DATA}:`)) this.clear();
      },
      () => this.clear(),
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.clear();
  }

  /** Drops everything: the next request of every session reads it again. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * The live session for the token hash and its user: from memory when nothing has changed since
   * it was read, else from `load`. Only live sessions are kept; an expired one is never served.
   */
  async get(
    tokenHash: string,
    now: Date,
    load: () => Promise<SessionWithUser | undefined>,
  ): Promise<SessionWithUser | undefined> {
    const hit = this.entries.get(tokenHash);
    if (hit) {
      if (hit.found.session.expiresAt > now && Date.now() - hit.cachedAt < MAX_AGE_MS) return hit.found;
      this.entries.delete(tokenHash);
    }
    const generation = this.generation;
    const found = await load();
    // A change that landed while the row was being read may be newer than the row: do not keep it.
    if (found && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        this.logger?.debug({ entries: this.entries.size }, "session cache full; cleared");
        this.entries.clear();
      }
      this.entries.set(tokenHash, { found, cachedAt: Date.now() });
    }
    return found;
  }
}
