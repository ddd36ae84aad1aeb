import { NOT_FOUND_META, type PageMeta, pageMetaFor } from "../../shared/page-meta.js";

export type AppConfigForClient = {
  gtmId: string | null;
  gtmScriptUrl: string | null;
  /** Identity providers the login page may offer ("google"); empty until one is configured. */
  signInProviders: string[];
  /** "stripe" or "demo" (docs/decisions/0009); the subscribe page labels demo checkouts. */
  paymentsMode: "stripe" | "demo";
  /** Loads Stripe's browser script when set. */
  stripePublishableKey: string | null;
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/**
 * index.html with the head of each page filled in on the server: title, description, robots and
 * canonical link for crawlers that run no JavaScript, plus the client's runtime configuration in a
 * meta tag (the CSP forbids inline scripts).
 */
export class HtmlShell {
  private readonly before: string;
  private readonly after: string;
  private readonly cache = new Map<string, string>();

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
  }

  /** The page for a path; `known` is false for paths the client renders as Not Found. */
  render(pathname: string, origin: string): { html: string; known: boolean } {
    const meta = pageMetaFor(pathname);
    const key = `${meta ? pathname : "*"}\u0000${origin}`;
    let html = this.cache.get(key);
    if (!html) {
      html = `${this.before}\n${this.head(meta ?? NOT_FOUND_META, origin)}${this.after}`;
      if (this.cache.size > 1000) this.cache.clear();
      this.cache.set(key, html);
    }
    return { html, known: meta !== undefined };
  }

  private head(meta: PageMeta, origin: string): string {
    const lines = [
      `<title>${escapeHtml(meta.title)}</title>`,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ];
    if (meta.robots) lines.push(`<meta name="robots" content="${escapeHtml(meta.robots)}" />`);
    if (meta.canonicalPath) lines.push(`<link rel="canonical" href="${escapeHtml(origin + meta.canonicalPath)}" />`);
    lines.push(`<meta name="app-config" content="${escapeHtml(JSON.stringify(this.clientConfig))}" />`);
    return `    ${lines.join("\n    ")}\n`;
  }
}
