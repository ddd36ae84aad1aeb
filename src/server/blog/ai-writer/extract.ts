import { Worker } from "node:worker_threads";
import { countOf } from "../../../shared/inflect.js";
import { graphemePrefix } from "../../../shared/text-cut.js";
import type { FetchedPage } from "./fetch-page.js";
import { MAX_NESTING_DEPTH, nestsDeeperThan } from "./nesting-depth.js";
import { Unreadable } from "./unreadable.js";

/** One source article, reduced to what the writer needs. */
export type Article = {
  /** The address as the admin gave it: the one the post cites. */
  url: string;
  title: string;
  siteName: string;
  byline: string | null;
  /** Plain text, one paragraph per line, at most ARTICLE_TEXT_MAX characters. */
  text: string;
};

/** Per article, so that ten long articles still make a prompt of bounded size. */
export const ARTICLE_TEXT_MAX = 12_000;
/** Less than this is a cookie wall, a login page or a teaser, not an article. */
export const ARTICLE_TEXT_MIN = 200;

const BLOCK_TAGS = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "BR",
  "DD",
  "DIV",
  "DL",
  "DT",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HR",
  "LI",
  "MAIN",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "TABLE",
  "TD",
  "TH",
  "TR",
  "UL",
]);
const SKIPPED_TAGS = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "IFRAME", "OBJECT", "CANVAS"]);

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * The text of a DOM subtree with a line break around every block, so that "…larger.</p><p>Next"
 * does not run two sentences together. Walked with an explicit stack: a page may nest deeply.
 */
export function blockText(root: Node): string {
  const parts: string[] = [];
  const stack: Array<Node | "\n"> = [root];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined) break;
    if (item === "\n") {
      parts.push("\n");
      continue;
    }
    if (item.nodeType === TEXT_NODE) {
      parts.push(item.textContent ?? "");
      continue;
    }
    if (item.nodeType !== ELEMENT_NODE) continue;
    const tag = (item as Element).tagName.toUpperCase();
    if (SKIPPED_TAGS.has(tag)) continue;
    const block = BLOCK_TAGS.has(tag);
    if (block) {
      parts.push("\n");
      stack.push("\n");
    }
    const children = Array.from(item.childNodes);
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (child) stack.push(child);
    }
  }
  return normaliseText(parts.join(""));
}

/** Whitespace collapsed within lines, blank lines dropped, one paragraph per line. */
export function normaliseText(text: string): string {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** Cut at a word boundary, marked with an ellipsis. */
export function capText(text: string, max = ARTICLE_TEXT_MAX): string {
  if (text.length <= max) return text;
  const cut = graphemePrefix(text, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const cleanLine = (value: string | null | undefined) => (value ? value.replace(/\s+/g, " ").trim() : "");

/** "Seed rounds grow | Example News" → "Seed rounds grow": the post names the site on its own. */
export function withoutSiteSuffix(title: string, siteName: string): string {
  if (!siteName) return title;
  const escaped = siteName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const stripped = title.replace(new RegExp(`\\s+[|\\-–—:·•]\\s+${escaped}$`, "i"), "");
  return stripped.length >= 3 ? stripped : title;
}

export function siteOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

function fromText(page: FetchedPage, sourceUrl: string): Article {
  const text = normaliseText(page.body);
  if (text.length < ARTICLE_TEXT_MIN) throw new Unreadable("no article text was found on the page");
  const firstLine = text.split("\n", 1)[0] ?? "";
  return {
    url: sourceUrl,
    title: firstLine.length <= 150 ? firstLine : siteOf(page.url),
    siteName: siteOf(page.url),
    byline: null,
    text: capText(text),
  };
}

export type ExtractLimits = {
  /** Pages nested deeper are refused before they are parsed into a document (see nesting-depth.ts). */
  maxDepth: number;
  /** For parsing one HTML page and finding its article, in a worker thread that is ended at the limit. */
  timeoutMs: number;
};

export const EXTRACT_LIMITS: ExtractLimits = { maxDepth: MAX_NESTING_DEPTH, timeoutMs: 10_000 };

/**
 * The reader's heap. Four pages are read at a time; a 2 MB page needs a few tens of MB as a DOM,
 * so this leaves room for any real one while four hostile ones cannot exhaust the server.
 */
const WORKER_HEAP_MB = 256;

/** What the worker answers: the article, or why there is none. */
export type WorkerAnswer = { ok: true; article: Article } | { ok: false; reason: string };
export type WorkerTask = { body: string; pageUrl: string; sourceUrl: string };

/**
 * The worker's script. Bundled, it is dist/server/extract-worker.js beside main.js (see
 * scripts/build-server.mjs); from the sources (tsx, vitest) it is the .ts file beside this one,
 * loaded through tsx's loader, which a worker thread does not inherit.
 */
function workerSource(task: WorkerTask): { source: string | URL; options: ConstructorParameters<typeof Worker>[1] } {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return { source: new URL("./extract-worker.js", here), options: { workerData: task } };
  const script = new URL("./extract-worker.ts", here).href;
  const source = `
    const { workerData } = require("node:worker_threads");
    import(workerData.tsx).then(({ register }) => { register(); return import(workerData.script); });`;
  return { source, options: { eval: true, workerData: { ...task, tsx: import.meta.resolve("tsx/esm/api"), script } } };
}

/**
 * Parses the page and runs Readability in a worker thread: a page built to be slow to read keeps
 * that thread busy, never the server's, and is ended at the time limit. The worker's heap is
 * bounded too, so a page that would need more memory fails on its own.
 */
function readInWorker(task: WorkerTask, timeoutMs: number): Promise<Article> {
  const { source, options } = workerSource(task);
  return new Promise<Article>((resolve, reject) => {
    const worker = new Worker(source, { ...options, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      const seconds = Math.max(1, Math.round(timeoutMs / 1000));
      settle(() => reject(new Unreadable(`the page took more than ${countOf(seconds, "second", "seconds")} to read`)));
    }, timeoutMs);
    worker.once("message", (answer: WorkerAnswer) =>
      settle(() => (answer.ok ? resolve(answer.article) : reject(new Unreadable(answer.reason)))),
    );
    // A worker that fails (out of its heap, say) is a page that could not be read, never a 500.
    worker.once("error", (error) => {
      const code = (error as { code?: unknown }).code;
      const reason =
        code === "ERR_WORKER_OUT_OF_MEMORY" ? "the page needs too much memory to read" : "reading the page failed";
      settle(() => reject(new Unreadable(reason)));
    });
    worker.once("exit", () => settle(() => reject(new Unreadable("reading the page failed"))));
  });
}

/**
 * The article in a fetched page: Readability keeps the main text and drops scripts, styles,
 * navigation, footers and other boilerplate. A plain-text page is taken as it is. Throws
 * Unreadable when too little text remains, when the page nests deeper than the limit, or when
 * reading it takes longer than the limit.
 */
export async function extractArticle(
  page: FetchedPage,
  sourceUrl: string,
  limits: ExtractLimits = EXTRACT_LIMITS,
): Promise<Article> {
  if (page.kind === "text") return fromText(page, sourceUrl);
  if (nestsDeeperThan(page.body, limits.maxDepth)) {
    throw new Unreadable(`its HTML nests elements more than ${limits.maxDepth} levels deep`);
  }
  return readInWorker({ body: page.body, pageUrl: page.url, sourceUrl }, limits.timeoutMs);
}
