import type { PageMeta } from "../../shared/page-meta.js";
import { PAGE_DATA_ELEMENT_ID, PART_PRELOADS_ELEMENT_ID } from "../../shared/server-render.js";
import { BRAND_NAME } from "../../shared/site.js";

export type AppConfigForClient = {
  gtmId: string | null;
  gtmScriptUrl: string | null;
  /** Identity providers the login page may offer ("google"); empty until one is configured. */
  signInProviders: string[];
  /** "stripe" or "demo" (docs/decisions/0009); the subscribe page labels demo checkouts. */
  paymentsMode: "stripe" | "demo";
  /** Loads Stripe's browser script when set. */
  stripePublishableKey: string | null;
  /** "llm" or "demo": the admin's AI writer labels demo drafts. */
  aiWriterMode: "llm" | "demo";
};

/**
 * Everything the server writes into a page's head: the meta every page has (PageMeta), plus what
 * a page about one thing (a blog post, a fund) tells crawlers and link previews about it.
 */
export type PageHead = Omit<PageMeta, "inSitemap"> & {
  keywords?: string | null | undefined;
  /** Open Graph and Twitter card; pages without one get a website card from title and description. */
  card?: {
    type: "website" | "article";
    /** Absolute URL of the picture a link preview shows. */
    image?: string | null | undefined;
    publishedTime?: Date | null | undefined;
    modifiedTime?: Date | null | undefined;
  };
  /** Structured data (schema.org) for the page at this origin, written as application/ld+json. */
  jsonLd?: (origin: string) => Record<string, unknown>;
};

/**
 * What the server answers for a page path: its status and its head, or a permanent redirect to
 * the page's canonical path (a fund page reached with an old or missing slug).
 */
export type PageResolution = { status: 200 | 404; head: PageHead } | { status: 301; location: string };

/**
 * A domain's pages (/blog/:slug, /funds/:id-:slug): the resolution for a path it owns, or
 * undefined for a path that is not its own. It may answer 404 for its own path (an unknown slug),
 * or redirect to the canonical path of the page it names.
 */
export type PageResolver = (pathname: string) => PageResolution | undefined | Promise<PageResolution | undefined>;

/**
 * What server rendering adds to a page (src/server/site/ssr.ts): the root element with the app's
 * HTML and the data block after it, already encoded (see appBytes), and the lazy parts' chunks.
 */
export type ServerRenderedApp = { root: Buffer; preloads: readonly string[] };

const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = "</head>";

/**
 * The app's part of a page as UTF-8 bytes: its server-rendered HTML in the root element, then the
 * answers it was rendered with (JSON in a data block: the browser reads it, never runs it, so the
 * CSP has nothing to allow).
 */
export function appBytes(html: string, data: unknown): Buffer {
  return Buffer.from(
    `<div id="root">${html}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`,
  );
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** JSON inside a script element: '<' is escaped so that no text in it can close the element. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * index.html with the head of each page filled in on the server: title, description, robots,
 * canonical link, link-preview card and structured data for crawlers that run no JavaScript, plus
 * the client's runtime configuration in a meta tag (the CSP forbids inline scripts; structured data
 * is not a script the browser runs).
 */
export class HtmlShell {
  private readonly before: string;
  private readonly after: string;
  /**
   * The template around a rendered page's own parts, as UTF-8 bytes made once: up to the head's
   * lines, from them to </head> (the inline stylesheet), to the root element, and the rest. A kept
   * page is then one concatenation of bytes; no page-sized string is made or kept.
   */
  private readonly parts: { before: Buffer; toHeadEnd: Buffer; toRoot: Buffer; rest: Buffer } | undefined;
  /** Rendered pages by head and origin; a head that is rebuilt (a post edited) leaves with its entries. */
  private readonly cache = new WeakMap<PageHead, Map<string, string>>();

  constructor(
    template: string,
    private readonly clientConfig: AppConfigForClient,
  ) {
    // The build's own title and description are replaced by the per-page ones.
    const stripped = template
      .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
      .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, "");
    const anchor = stripped.search(/<meta charset[^>]*>/i);
    const insertAt = anchor === -1 ? stripped.indexOf("<head>") + "<head>".length : stripped.indexOf(">", anchor) + 1;
    this.before = stripped.slice(0, insertAt);
    this.after = stripped.slice(insertAt);
    const headEnd = this.after.indexOf(HEAD_END);
    const root = this.after.indexOf(ROOT_ELEMENT);
    this.parts =
      headEnd === -1 || root === -1 || root < headEnd
        ? undefined
        : {
            before: Buffer.from(`${this.before}\n`),
            toHeadEnd: Buffer.from(this.after.slice(0, headEnd)),
            toRoot: Buffer.from(this.after.slice(headEnd, root)),
            rest: Buffer.from(this.after.slice(root + ROOT_ELEMENT.length)),
          };
  }

  /**
   * The page with the app's server-rendered HTML in its root element, the answers it was rendered
   * with, and the list of the chunks of its lazy parts (JSON in a data block: the browser reads it,
   * never runs it) for the client to preload after the first paint, as UTF-8 bytes ready to send or
   * compress.
   */
  renderWithApp(head: PageHead, origin: string, app: ServerRenderedApp): Buffer {
    if (!this.parts) return Buffer.from(this.render(head, origin));
    // Not modulepreload links, which the browser would fetch before the first paint: the client's
    // after-paint script (src/client/after-paint.js) preloads them once the page has painted.
    const preloads =
      app.preloads.length > 0
        ? `    <script type="application/json" id="${PART_PRELOADS_ELEMENT_ID}">${jsonForScript(app.preloads)}</script>\n`
        : "";
    return Buffer.concat([
      this.parts.before,
      Buffer.from(this.head(head, origin)),
      this.parts.toHeadEnd,
      Buffer.from(preloads),
      this.parts.toRoot,
      app.root,
      this.parts.rest,
    ]);
  }

  render(head: PageHead, origin: string): string {
    let byOrigin = this.cache.get(head);
    if (!byOrigin) {
      byOrigin = new Map();
      this.cache.set(head, byOrigin);
    }
    let html = byOrigin.get(origin);
    if (!html) {
      html = `${this.before}\n${this.head(head, origin)}${this.after}`;
      // One entry per origin the app is reached on; a flood of Host headers must not grow it.
      if (byOrigin.size >= 8) byOrigin.clear();
      byOrigin.set(origin, html);
    }
    return html;
  }

  private head(head: PageHead, origin: string): string {
    const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
    const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
    const lines = [`<title>${escapeHtml(head.title)}</title>`, meta("description", head.description)];
    if (head.keywords) lines.push(meta("keywords", head.keywords));
    if (head.robots) lines.push(meta("robots", head.robots));
    const canonical = head.canonicalPath === undefined ? undefined : origin + head.canonicalPath;
    if (canonical) lines.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
    for (const feed of head.feeds ?? []) {
      lines.push(
        `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(origin + feed.path)}" />`,
      );
    }
    // Link previews: only for pages meant to be found (a noindex page is not shared as a card).
    if (!head.robots?.includes("noindex")) {
      const card = head.card ?? { type: "website" };
      lines.push(
        property("og:site_name", BRAND_NAME),
        property("og:type", card.type),
        property("og:title", head.title),
        property("og:description", head.description),
      );
      if (canonical) lines.push(property("og:url", canonical));
      if (card.image) lines.push(property("og:image", card.image));
      if (card.publishedTime) lines.push(property("article:published_time", card.publishedTime.toISOString()));
      if (card.modifiedTime) lines.push(property("article:modified_time", card.modifiedTime.toISOString()));
      lines.push(
        meta("twitter:card", card.image ? "summary_large_image" : "summary"),
        meta("twitter:title", head.title),
        meta("twitter:description", head.description),
      );
      if (card.image) lines.push(meta("twitter:image", card.image));
    }
    if (head.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd(origin))}</script>`);
    lines.push(meta("app-config", JSON.stringify(this.clientConfig)));
    return `    ${lines.join("\n    ")}\n`;
  }
}
