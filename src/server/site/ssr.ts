import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { pageRenderUrl } from "../../shared/page-query-keys.js";
import { type PageAnswer, type PageData, SESSION_URL, type ServerEntry } from "../../shared/server-render.js";
import { addressGroup } from "../http/client-address.js";
import { appBytes } from "../http/html-shell.js";
import { internalRequestHeaders } from "../http/internal-request.js";

/**
 * Paths the browser renders alone: signed-in areas with nothing for crawlers (robots.txt keeps them
 * out too), and the pages of e-mailed links, whose URLs carry a secret token. /unsubscribe is
 * rendered (its form must work before the script runs, for a person with no JavaScript): it reads
 * only whether its URL has a token (page-query-keys.ts), so the token is never in a render.
 * /profile is rendered with the member's own cookie (issue 38: its board is the first thing they
 * see, and drawn in the browser alone it painted after 5 s on a phone); such a page is personal,
 * never kept and never shared.
 */
const CLIENT_ONLY = /^\/(?:admin|account-settings|set-password|reset-password|claim)(?:\/|$)/i;

/**
 * Pages only a signed-in member has: a visitor asking for one is sent to the login page, which
 * brings them back once signed in (as the app does once it runs, but before any script and
 * without one).
 */
const MEMBERS_ONLY = /^\/profile\/?$/i;

/** A render that takes longer is dropped: the page goes out without its content and the browser renders it. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * What the kept pages may weigh (an estimate: the render, the whole page and its compressed
 * copies). Pages without a query are bounded by the data (a 200 page is a fixed page, a post or a
 * fund; Not Found pages are never kept); pages with a query (searches) are not, so they have a
 * budget of their own and a flood of them cannot push the others out.
 */
const PAGE_CACHE_BYTES = 48 * 1024 * 1024;
const QUERIED_PAGE_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * Renders at once (and per address), renders waiting (and per address). Beyond these the page goes
 * out unrendered (the browser renders it): one address cannot queue up the CPU, and a kept page is
 * served without waiting for any of them.
 */
const RENDER_SLOTS = { running: 4, perAddress: 2, waiting: 64, waitingPerAddress: 16 } as const;

export type ServerRendered = {
  /**
   * The root element with the app's HTML, then what the browser needs before hydrating (the answers
   * to replay and the lazy parts to load), as UTF-8 bytes (appBytes). Kept pages hold bytes, not
   * strings: a page's text as a JavaScript string is two bytes a character as soon as one character
   * is beyond Latin-1, and hundreds of such strings made every later call slower (ADR 0035).
   */
  root: Buffer;
  /** Chunk URLs of the lazy parts the page rendered, beyond what the page's own script tags load. */
  preloads: string[];
  /** Whether the page shows a signed-in visitor's data (then it must not be stored by shared caches). */
  personal: boolean;
};

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * Per lazy part (its source path), the chunk files its code needs beyond the entry's, from Vite's
 * build manifest; a part the manifest lacks is left out (the browser then fetches it on demand).
 */
function partChunks(manifest: Record<string, ManifestChunk>): (parts: readonly string[]) => string[] {
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  const cache = new Map<string, string[]>();
  return (parts) => {
    const files = new Set<string>();
    for (const part of parts) {
      let own = cache.get(part);
      if (!own) {
        const all = new Set<string>();
        closure(part, all);
        own = [...all].filter((file) => !entry.has(file) && file.endsWith(".js"));
        cache.set(part, own);
      }
      for (const file of own) files.add(file);
    }
    return [...files].map((file) => `/${file}`);
  };
}

/**
 * Renders public pages on the server with the client's own server entry (React Router's
 * StaticRouter, React's prerender), answering the page's API calls through the API's own routes
 * with the visitor's cookie, so gates and data are exactly the API's. Anything that goes wrong
 * leaves the page to the browser, as before server rendering; it never fails the request.
 */
export class ServerRenderer {
  /** Visitors' pages without a query in their render URL, then those with one. */
  private readonly pages: PageCache;
  private readonly queried: PageCache;
  private readonly inflight = new Map<string, Promise<RenderResult>>();
  private readonly slots = new RenderSlots(RENDER_SLOTS);
  /** What the server rendered and kept, for tests and the logs: counted, not timed. */
  readonly stats = { renders: 0, kept: 0, refused: 0 };

  private constructor(
    private readonly entry: ServerEntry,
    private readonly preloadsOf: (parts: readonly string[]) => string[],
    /** What a kept page weighs beyond its render and data: the shell (with its stylesheet). */
    private readonly pageOverhead: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pages = new PageCache(PAGE_CACHE_BYTES);
    this.queried = new PageCache(QUERIED_PAGE_CACHE_BYTES);
  }

  /** The renderer for a build: its server entry and the client's manifest; undefined when either is missing. */
  static async load(
    entryFile: string | undefined,
    clientDir: string,
    appConfigJson: string,
    log: FastifyBaseLogger,
    pageOverhead = 0,
  ): Promise<ServerRenderer | undefined> {
    const manifestFile = path.join(clientDir, ".vite", "manifest.json");
    if (!entryFile || !existsSync(entryFile) || !existsSync(manifestFile)) {
      log.warn("No server-rendering bundle found: pages are rendered in the browser only");
      return undefined;
    }
    const module = (await import(pathToFileURL(entryFile).href)) as { default: ServerEntry };
    module.default.configure(appConfigJson);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
    return new ServerRenderer(module.default, partChunks(manifest), pageOverhead, log);
  }

  rendersPath(pathname: string): boolean {
    return !CLIENT_ONLY.test(pathname);
  }

  /** Whether the page is a member's own, for which a visitor is sent to the login page. */
  membersOnly(pathname: string): boolean {
    return MEMBERS_ONLY.test(pathname);
  }

  /** The weight of the kept pages, for tests. */
  keptBytes(): { pages: number; queried: number } {
    return { pages: this.pages.bytes, queried: this.queried.bytes };
  }

  /**
   * A visitor's page as kept for this URL and these data versions (`visitorKey`), or undefined:
   * the lookup `render` starts with, without a promise, for the answer that is a kept page.
   */
  kept(requestUrl: string, visitorKey: string): ServerRendered | undefined {
    const url = pageRenderUrl(requestUrl);
    return this.cacheFor(url).get(`${visitorKey}\0${url}`);
  }

  /**
   * The page for this request. `visitorKey` names what a visitor's page depends on beyond its URL
   * (the data versions), or undefined for a request with a session: a visitor's page is then taken
   * from the cache without asking the API at all, which keeps a page view close to the cost of a
   * static file. `keep` says whether the page may be kept at all (only pages with status 200: a
   * Not Found page exists for every URL anyone makes up). `setCookie` is what the API calls set,
   * for this answer only.
   */
  async render(
    server: FastifyInstance,
    request: FastifyRequest,
    visitorKey: string | undefined,
    keep = true,
  ): Promise<RenderResult> {
    // The page as it reads the URL: the query keys it ignores are not part of it, nor of its key.
    const url = pageRenderUrl(request.url);
    if (visitorKey === undefined) return this.renderFresh(server, request, url, undefined, keep);
    const quickKey = `${visitorKey}\0${url}`;
    const known = this.cacheFor(url).get(quickKey);
    if (known) return { rendered: known, setCookie: [] };
    // Visitors asking for the same page at once wait for one render instead of each making their own.
    let pending = this.inflight.get(quickKey);
    if (!pending) {
      pending = this.renderFresh(server, request, url, quickKey, keep);
      this.inflight.set(quickKey, pending);
      void pending.finally(() => this.inflight.delete(quickKey));
    }
    const result = await pending;
    return result && { rendered: result.rendered, setCookie: [] };
  }

  private cacheFor(url: string): PageCache {
    return url.indexOf("?") === -1 ? this.pages : this.queried;
  }

  /**
   * Asks the page's data and renders it. A visitor's page (`quickKey` given) is everyone's: its
   * data calls are the server's own (no cookie, exempt from the requester's rate limits, which
   * must not decide what every visitor is shown), and it is kept only when every answer is a
   * success, so no error a call met is ever served from the cache.
   */
  private async renderFresh(
    server: FastifyInstance,
    request: FastifyRequest,
    url: string,
    quickKey: string | undefined,
    keep: boolean,
  ): Promise<RenderResult> {
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    // Fair shares per client, an IPv6 client by its /64 (one subscriber holds the whole prefix).
    const release = await this.slots.acquire(addressGroup(request.ip), signal);
    if (!release) {
      this.stats.refused += 1;
      return undefined;
    }
    const headers: Record<string, string> = { accept: "application/json" };
    if (quickKey === undefined) {
      // A request with a cookie: the calls are this visitor's own, as their browser's would be.
      if (request.headers.cookie) headers.cookie = request.headers.cookie;
      if (request.headers["user-agent"]) headers["user-agent"] = request.headers["user-agent"];
    } else {
      Object.assign(headers, internalRequestHeaders());
    }
    // A POST (the home page's search) carries no Origin: the API's cross-site check passes it as the
    // server's own call, as it does any client without a browser's cookies by accident.
    const fetchApi = async (wanted: string, body?: unknown) => {
      const response = await server.inject(
        body === undefined
          ? { method: "GET", url: wanted, headers, remoteAddress: request.ip }
          : {
              method: "POST",
              url: wanted,
              headers: { ...headers, "content-type": "application/json" },
              payload: JSON.stringify(body),
              remoteAddress: request.ip,
            },
      );
      const raw = response.headers["set-cookie"];
      const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
      return { status: response.statusCode, text: response.body, setCookie };
    };
    try {
      const { answers, setCookie } = await this.entry.answers(url, fetchApi);
      const personal = answers.some((answer) => answer.url === SESSION_URL && answer.status === 200);
      // A visitor's page is the same for every visitor with the same answers: rendered once, kept.
      const keepable = keep && !personal && answers.every(isKeepable);
      const cache = this.cacheFor(url);
      const key = keepable ? this.cacheKey(url, answers) : undefined;
      let rendered = key === undefined ? undefined : cache.get(key);
      if (!rendered) {
        const app = await this.entry.render(url, answers, signal);
        this.stats.renders += 1;
        const data: PageData = { answers, parts: app.parts };
        rendered = { root: appBytes(app.html, data), preloads: this.preloadsOf(app.parts), personal };
        if (key !== undefined) this.remember(cache, key, rendered);
      }
      if (quickKey !== undefined && keepable) this.remember(cache, quickKey, rendered);
      return { rendered, setCookie };
    } catch (error) {
      this.log.warn({ err: error, url }, "server rendering failed; the browser renders the page");
      return undefined;
    } finally {
      release();
    }
  }

  private cacheKey(url: string, answers: readonly PageAnswer[]): string {
    const hash = createHash("sha1").update(url);
    for (const answer of answers) hash.update(`\0${answer.url}\0${answer.status}\0${answer.text}`);
    return hash.digest("base64url");
  }

  private remember(cache: PageCache, key: string, rendered: ServerRendered): void {
    const content = rendered.root.length;
    // The render and its data, again in the whole page (with the shell), and the page's brotli and
    // gzip copies (together under a third of it), all as bytes.
    const bytes = Math.ceil(content + 1.3 * (this.pageOverhead + content));
    if (cache.set(key, rendered, bytes)) this.stats.kept += 1;
  }
}

type RenderResult = { rendered: ServerRendered; setCookie: string[] } | undefined;

/**
 * An answer a kept page may be built from: a success, or the session call's 401 (what every
 * visitor gets). Anything else (a 429, a 500, a 404 for a fund that was just removed) may be
 * passing, or the requester's own, and must not be served to everyone.
 */
function isKeepable(answer: PageAnswer): boolean {
  return (answer.status >= 200 && answer.status < 300) || (answer.url === SESSION_URL && answer.status === 401);
}

/**
 * Kept pages up to a weight, dropping the least recently used first (approximately: a page read
 * since it was kept gets one more round, the "second chance" scheme). A read sets a flag and
 * moves nothing, so a hit costs no more than a map lookup.
 */
export class PageCache {
  private readonly entries = new Map<string, { rendered: ServerRendered; bytes: number; used: boolean }>();
  bytes = 0;

  constructor(private readonly budget: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): ServerRendered | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.rendered;
  }

  /** Keeps the page unless it alone outweighs the budget; returns whether it was kept. */
  set(key: string, rendered: ServerRendered, bytes: number): boolean {
    if (bytes > this.budget) return false;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    while (this.bytes + bytes > this.budget && this.entries.size > 0) this.evictOne();
    this.entries.set(key, { rendered, bytes, used: false });
    this.bytes += bytes;
    return true;
  }

  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      this.entries.delete(key);
      if (entry.used) {
        // Read since it was kept: to the back of the line, once.
        entry.used = false;
        this.entries.set(key, entry);
        continue;
      }
      this.bytes -= entry.bytes;
      return;
    }
  }
}

/**
 * A bounded, fair queue of renders. At most `running` renders at once, and at most `perAddress` of
 * them for one address; a render beyond that waits (at most `waiting` in all, `waitingPerAddress`
 * per address), and a freed slot goes to the longest-waiting render whose address is under its
 * share, so one address's pile of renders cannot hold back another's. `acquire` resolves to a
 * release function once the render may run, or to undefined at once when the queue (or the
 * address's part of it) is full, or when the signal aborts while it waits (the render's deadline
 * counts the wait).
 */
export class RenderSlots {
  private running = 0;
  private readonly waiting: Array<{ address: string; start: () => void }> = [];
  private readonly runningBy = new Map<string, number>();
  private readonly waitingBy = new Map<string, number>();

  constructor(
    private readonly limits: { running: number; perAddress: number; waiting: number; waitingPerAddress: number },
  ) {}

  async acquire(address: string, signal: AbortSignal): Promise<(() => void) | undefined> {
    if (!this.mayStart(address)) {
      const queued = this.waitingBy.get(address) ?? 0;
      if (this.waiting.length >= this.limits.waiting || queued >= this.limits.waitingPerAddress) return undefined;
      if (signal.aborted) return undefined;
      this.waitingBy.set(address, queued + 1);
      const admitted = await new Promise<boolean>((resolve) => {
        const waiter = {
          address,
          start: () => {
            signal.removeEventListener("abort", abort);
            resolve(true);
          },
        };
        const abort = () => {
          const at = this.waiting.indexOf(waiter);
          if (at !== -1) this.waiting.splice(at, 1);
          resolve(false);
        };
        signal.addEventListener("abort", abort, { once: true });
        this.waiting.push(waiter);
      });
      count(this.waitingBy, address, -1);
      // Admitted: the release that started it has already taken the slot in its name.
      if (!admitted) return undefined;
    } else {
      this.take(address);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      count(this.runningBy, address, -1);
      this.startNext();
    };
  }

  private mayStart(address: string): boolean {
    return this.running < this.limits.running && (this.runningBy.get(address) ?? 0) < this.limits.perAddress;
  }

  private take(address: string): void {
    this.running += 1;
    count(this.runningBy, address, 1);
  }

  private startNext(): void {
    const at = this.waiting.findIndex((waiter) => this.mayStart(waiter.address));
    const next = at === -1 ? undefined : this.waiting.splice(at, 1)[0];
    if (!next) return;
    // Taken now, not when the waiting render resumes, so no other render slips in between.
    this.take(next.address);
    next.start();
  }
}

/** Adds to an address's count, dropping the entry at zero so the map holds only live addresses. */
function count(counts: Map<string, number>, address: string, by: number): void {
  const now = (counts.get(address) ?? 0) + by;
  if (now > 0) counts.set(address, now);
  else counts.delete(address);
}
