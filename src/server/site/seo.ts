import { PAGE_META } from "../../shared/page-meta.js";
import { escapeHtml } from "../http/html-shell.js";

/** Paths crawlers have no business in: the API and the signed-in areas. */
const DISALLOWED = ["/_api/", "/admin", "/profile", "/account-settings"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** A page a domain adds to the sitemap (a blog post, a fund page), with when it last changed. */
export type SitemapEntry = { path: string; lastModified?: Date | null | undefined };

/** A domain's pages for the sitemap, read when the sitemap is asked for. */
export type SitemapSource = () => readonly SitemapEntry[] | Promise<readonly SitemapEntry[]>;

/** The most URLs one sitemap file may list (the sitemaps protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The indexable public pages (noindex pages such as the legal ones stay out, as search engines
 * ask), then each domain's pages with their last-modified dates.
 */
export function sitemapEntries(entries: readonly SitemapEntry[] = []): SitemapEntry[] {
  const fixed: SitemapEntry[] = Object.entries(PAGE_META)
    .filter(([, meta]) => meta.inSitemap)
    .map(([path]) => ({ path }));
  return [...fixed, ...entries];
}

/** A urlset of the given entries (at most SITEMAP_MAX_URLS of them: see sitemapIndexXml). */
export function sitemapXml(origin: string, all: readonly SitemapEntry[]): string {
  const urls = all.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeHtml(origin + path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** When the site has more pages than one sitemap may list: an index of /sitemap-1.xml, /sitemap-2.xml… */
export function sitemapIndexXml(origin: string, parts: number): string {
  const items = Array.from(
    { length: parts },
    (_, index) => `  <sitemap><loc>${escapeHtml(`${origin}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}
