import { hash, randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { Db } from "../../db/client.js";
import { addressGroup } from "../../http/client-address.js";
import { isInternalRequest } from "../../http/internal-request.js";
import { addCounts, type CountIncrement } from "./repository.js";

/**
 * The founders' interest in a fund (issue 24, "What the fund sees"), counted at the real events and
 * stored as counts only. docs/investors.md ("What founders and funds see") says what counts.
 *
 * - Who counts: a signed-in account that is not an admin and not on the fund's own team, or a
 *   visitor, told apart by their address alone (an IPv6 address by its /64, `addressGroup`), never
 *   stored; crawlers that say so are left out, and so are the server's own calls for the page every
 *   visitor is served. Not the browser's user agent: anyone can send a new one with every request,
 *   and one address sending 300 of them was 300 views.
 * - An account once per fund, month and kind; a visitor's address once per fund, day and kind: a
 *   refresh, a second save after an unsave, the same shortlist asked again are not new founders,
 *   and the people behind one address (an office, a phone network) count once a day, however
 *   many they are. This process keeps a bounded set of hashes of (kind, founder, fund, month, and
 *   the day for a visitor), salted with a secret drawn at start, in memory only: never written
 *   anywhere, gone at restart, emptied when the month turns. Several instances (or a restart) may
 *   each count a founder once: the counts are estimates, never a person.
 * - The request path only hashes and queues; the counts reach the database in one statement per
 *   flush (every FLUSH_INTERVAL_MS, when the queue is long, before the fund's counts are read,
 *   and on shutdown), where the team members among the founders are left out.
 */

export type AudienceEvent = "pageView" | "save" | "shortlist";

/** Who did it, as the counts need it: an account's id, or a visitor's address group. */
export type AudienceViewer = { userId: number } | { visitorKey: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often the queued events are written. */
const FLUSH_INTERVAL_MS = 10_000;
/** A longer queue is written at once (a burst of shortlists must not grow memory unbounded). */
const FLUSH_AT_EVENTS = 5_000;
/** Hashes kept for the dedupe: some 160 bytes each (a 43-character hash and a fund id). Past this, the oldest are forgotten (counted again). */
const MAX_SEEN = 200_000;
/** Events kept when the database refuses a flush (retried at the next one); beyond, the newest are dropped and logged. */
const MAX_PENDING = 100_000;

/** Crawlers and link previews that name themselves: not founders. */
const CRAWLER = /bot\b|bot\/|crawler|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\//i;

type Pending = { userId: number | null; fundId: number; month: string; event: AudienceEvent };

const COLUMN: Record<AudienceEvent, "pageViews" | "saves" | "shortlists"> = {
  pageView: "pageViews",
  save: "saves",
  shortlist: "shortlists",
};

/** The first day of the UTC month of `now`, as the table keys it. */
export function monthOf(now: Date): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

/**
 * Who made this request, for the counts; undefined when it must not count (an admin, a crawler, the
 * server's own call). Team members are left out later, at the flush, where membership is read once
 * per batch instead of on the request.
 */
export function audienceViewerOf(request: FastifyRequest): AudienceViewer | undefined {
  if (isInternalRequest(request)) return undefined;
  const agent = request.headers["user-agent"];
  if (typeof agent === "string" && CRAWLER.test(agent)) return undefined;
  const viewer = request.viewer;
  if (viewer.kind === "user") return viewer.role === "admin" ? undefined : { userId: viewer.userId };
  return { visitorKey: addressGroup(request.ip) };
}

export type MembershipReader = (userIds: readonly number[]) => Promise<Map<number, Set<number>>>;

export class AudienceRecorder {
  private readonly salt = randomBytes(16).toString("hex");
  private seen = new Set<string>();
  private seenMonth = "";
  /** The span of seenMonth, in milliseconds since the epoch (from inclusive, until exclusive). */
  private monthFrom = 0;
  private monthUntil = 0;
  private pending: Pending[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly memberships: MembershipReader,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is queued (the app's onClose): no count is lost on shutdown. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /**
   * Queues the event for these funds, once per account, fund, month and kind, or once per visitor's
   * address, fund, day and kind. Cheap: no I/O.
   */
  record(event: AudienceEvent, viewer: AudienceViewer | undefined, fundIds: readonly number[], now = new Date()): void {
    if (!viewer || fundIds.length === 0) return;
    const at = now.getTime();
    // The month is worked out again only when the clock leaves the one known: every fund page a
    // visitor is served passes here, and writing out a date each time was a visible part of it.
    if (at < this.monthFrom || at >= this.monthUntil) {
      const month = monthOf(now);
      this.monthFrom = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
      this.monthUntil = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      if (month !== this.seenMonth) {
        this.seen = new Set();
        this.seenMonth = month;
      }
    }
    const month = this.seenMonth;
    // A visitor's key names the day of the month too (UTC): their address is seen again tomorrow.
    const who =
      "userId" in viewer
        ? `u${viewer.userId}`
        : `v${viewer.visitorKey}\u0000${Math.floor((at - this.monthFrom) / DAY_MS)}`;
    const userId = "userId" in viewer ? viewer.userId : null;
    // One one-shot hash per call (no hasher object), not one per fund: the founder is hidden in it,
    // and the fund's id appended only tells one call's keys apart (a shortlist names three or more).
    const founderKey = hash("sha256", `${this.salt}\u0000${event}\u0000${who}\u0000${month}`, "base64url");
    for (const fundId of fundIds) {
      const key = `${founderKey}.${fundId}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      if (this.seen.size > MAX_SEEN) this.seen.delete(this.seen.values().next().value as string);
      this.pending.push({ userId, fundId, month, event });
    }
    if (this.pending.length >= FLUSH_AT_EVENTS) void this.flush();
  }

  /** Writes the queued counts; flushes run one after another. Never throws (a failed write is retried). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const events = this.pending;
    if (events.length === 0) return;
    this.pending = [];
    try {
      const userIds = [...new Set(events.flatMap((item) => (item.userId === null ? [] : [item.userId])))];
      const members = await this.memberships(userIds);
      const sums = new Map<string, CountIncrement>();
      for (const item of events) {
        // The fund's own team looking at its page is not a founder's interest.
        if (item.userId !== null && members.get(item.userId)?.has(item.fundId)) continue;
        const key = `${item.fundId}\u0000${item.month}`;
        let sum = sums.get(key);
        if (!sum) {
          sum = { fundId: item.fundId, month: item.month, pageViews: 0, saves: 0, shortlists: 0 };
          sums.set(key, sum);
        }
        sum[COLUMN[item.event]] += 1;
      }
      await addCounts(this.db, [...sums.values()]);
    } catch (error) {
      const kept = events.slice(0, Math.max(0, MAX_PENDING - this.pending.length));
      if (kept.length < events.length) {
        this.logger.error({ dropped: events.length - kept.length }, "audience counts dropped after a failed write");
      }
      this.pending = [...kept, ...this.pending];
      this.logger.error(
        { err: error, events: events.length },
        "audience counts not written; retried at the next flush",
      );
    }
  }
}
