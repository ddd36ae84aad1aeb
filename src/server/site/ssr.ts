import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { type PageAnswer, type PageData, SESSION_URL, type ServerEntry } from "../../shared/server-render.js";

/**
 * Paths the browser renders alone: signed-in areas with nothing for crawlers (robots.txt keeps them
 * out too), and the pages of e-mailed links, whose URLs carry a secret token.
 */
const CLIENT_ONLY = /^\/(?:admin|profile|account-settings|set-password|reset-password)(?:\/|$)/;

/** A render that takes longer is dropped: the page goes out without its content and the browser renders it. */
const RENDER_TIMEOUT_MS = 3000;

/** Rendered pages kept for visitors (no session): the same answers give the same HTML. */
const CACHE_ENTRIES = 200;

export type ServerRendered = {
  html: string;
  /** What the browser needs before hydrating: the answers to replay and the lazy parts to load. */
  data: PageData;
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
  private readonly cache = new Map<string, ServerRendered>();
  private readonly inflight = new Map<string, Promise<{ rendered: ServerRendered; setCookie: string[] } | undefined>>();

  private constructor(
    private readonly entry: ServerEntry,
    private readonly preloadsOf: (parts: readonly string[]) => string[],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The renderer for a build: its server entry and the client's manifest; undefined when either is missing. */
  static async load(
    entryFile: string | undefined,
    clientDir: string,
    appConfigJson: string,
    log: FastifyBaseLogger,
  ): Promise<ServerRenderer | undefined> {
    const manifestFile = path.join(clientDir, ".vite", "manifest.json");
    if (!entryFile || !existsSync(entryFile) || !existsSync(manifestFile)) {
      log.warn("No server-rendering bundle found: pages are rendered in the browser only");
      return undefined;
    }
    const module = (await import(pathToFileURL(entryFile).href)) as { default: ServerEntry };
    module.default.configure(appConfigJson);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
    return new ServerRenderer(module.default, partChunks(manifest), log);
  }

  rendersPath(pathname: string): boolean {
    return !CLIENT_ONLY.test(pathname);
  }

  /**
   * The page for this request. `visitorKey` names what a visitor's page depends on beyond its URL
   * (the data versions), or undefined for a request with a session: a visitor's page is then taken
   * from the cache without asking the API at all, which keeps a page view close to the cost of a
   * static file. `setCookie` is what the API calls set, for this answer only.
   */
  async render(
    server: FastifyInstance,
    request: FastifyRequest,
    visitorKey: string | undefined,
  ): Promise<{ rendered: ServerRendered; setCookie: string[] } | undefined> {
    const quickKey = visitorKey === undefined ? undefined : `${visitorKey}\0${request.url}`;
    if (quickKey === undefined) return this.renderFresh(server, request, undefined);
    const known = this.cache.get(quickKey);
    if (known) return { rendered: known, setCookie: [] };
    // Visitors asking for the same page at once wait for one render instead of each making their own.
    let pending = this.inflight.get(quickKey);
    if (!pending) {
      pending = this.renderFresh(server, request, quickKey);
      this.inflight.set(quickKey, pending);
      void pending.finally(() => this.inflight.delete(quickKey));
    }
    const result = await pending;
    return result && { rendered: result.rendered, setCookie: [] };
  }

  private async renderFresh(
    server: FastifyInstance,
    request: FastifyRequest,
    quickKey: string | undefined,
  ): Promise<{ rendered: ServerRendered; setCookie: string[] } | undefined> {
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    const cookie = request.headers.cookie;
    const headers: Record<string, string> = { accept: "application/json" };
    if (cookie) headers.cookie = cookie;
    if (request.headers["user-agent"]) headers["user-agent"] = request.headers["user-agent"];
    const fetchApi = async (url: string) => {
      // The visitor's own address: rate limits count these calls as theirs (the browser makes no copy of them).
      const response = await server.inject({ method: "GET", url, headers, remoteAddress: request.ip });
      const raw = response.headers["set-cookie"];
      const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
      return { status: response.statusCode, text: response.body, setCookie };
    };
    try {
      const { answers, setCookie } = await this.entry.answers(request.url, fetchApi);
      const personal = answers.some((answer) => answer.url === SESSION_URL && answer.status === 200);
      // A visitor's page is the same for every visitor with the same answers: rendered once, kept.
      const key = personal ? undefined : this.cacheKey(request.url, answers);
      let rendered = key === undefined ? undefined : this.cache.get(key);
      if (!rendered) {
        const app = await this.entry.render(request.url, answers, signal);
        rendered = {
          html: app.html,
          data: { answers, parts: app.parts },
          preloads: this.preloadsOf(app.parts),
          personal,
        };
        if (key !== undefined) this.remember(key, rendered);
      }
      if (quickKey !== undefined && !personal) this.remember(quickKey, rendered);
      return { rendered, setCookie };
    } catch (error) {
      this.log.warn({ err: error, url: request.url }, "server rendering failed; the browser renders the page");
      return undefined;
    }
  }

  private cacheKey(url: string, answers: readonly PageAnswer[]): string {
    const hash = createHash("sha1").update(url);
    for (const answer of answers) hash.update(`\0${answer.url}\0${answer.status}\0${answer.text}`);
    return hash.digest("base64url");
  }

  private remember(key: string, rendered: ServerRendered): void {
    if (this.cache.size >= CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, rendered);
  }
}
