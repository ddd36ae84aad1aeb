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

/** The indexable public pages (noindex pages such as the legal ones stay out, as search engines ask). */
export function sitemapXml(origin: string): string {
  const urls = Object.entries(PAGE_META)
    .filter(([, meta]) => meta.inSitemap)
    .map(([path]) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
