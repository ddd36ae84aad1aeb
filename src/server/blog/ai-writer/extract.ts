import type { Readability } from "@mozilla/readability";
import type { FetchedPage } from "./fetch-page.js";
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
function blockText(root: Node): string {
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
  const cut = text.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const cleanLine = (value: string | null | undefined) => (value ? value.replace(/\s+/g, " ").trim() : "");

/** "Seed rounds grow | Example News" → "Seed rounds grow": the post names the site on its own. */
export function withoutSiteSuffix(title: string, siteName: string): string {
  if (!siteName) return title;
  const escaped = siteName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const stripped = title.replace(new RegExp(`\\s+[|\\-–—:·•]\\s+${escaped}$`, "i"), "");
  return stripped.length >= 3 ? stripped : title;
}

function siteOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/**
 * The HTML parser and Readability, loaded on the writer's first page rather than at every start
 * (about 0.2 s of start-up on a 2-core machine, for an admin-only tool).
 */
async function loadHtmlTools() {
  const [{ parseHTML }, { Readability }] = await Promise.all([import("linkedom"), import("@mozilla/readability")]);
  return { parseHTML, Readability };
}

type HtmlTools = Awaited<ReturnType<typeof loadHtmlTools>>;

function fromHtml(page: FetchedPage, sourceUrl: string, { parseHTML, Readability: Reader }: HtmlTools): Article {
  let parsed: ReturnType<Readability<Node>["parse"]>;
  let documentTitle = "";
  try {
    const { document } = parseHTML(page.body);
    documentTitle = cleanLine(document.title);
    // The serializer hands back the article's DOM node, so its text can be read block by block.
    parsed = new Reader<Node>(document, { serializer: (node) => node }).parse();
  } catch {
    parsed = null;
  }
  const text = parsed?.content ? blockText(parsed.content) : "";
  if (text.length < ARTICLE_TEXT_MIN) throw new Unreadable("no article text was found on the page");
  const siteName = cleanLine(parsed?.siteName) || siteOf(page.url);
  return {
    url: sourceUrl,
    title: withoutSiteSuffix(cleanLine(parsed?.title) || documentTitle || siteOf(page.url), siteName),
    siteName,
    byline: cleanLine(parsed?.byline) || null,
    text: capText(text),
  };
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

/**
 * The article in a fetched page: Readability keeps the main text and drops scripts, styles,
 * navigation, footers and other boilerplate. A plain-text page is taken as it is. Throws
 * Unreadable when too little text remains.
 */
export async function extractArticle(page: FetchedPage, sourceUrl: string): Promise<Article> {
  return page.kind === "html" ? fromHtml(page, sourceUrl, await loadHtmlTools()) : fromText(page, sourceUrl);
}
