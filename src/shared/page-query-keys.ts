import { SEARCH_QUERY_KEYS } from "./search-params.js";

/**
 * The query keys each server-rendered page reads while it renders (useSearchParams and the like).
 * A page not listed reads none. The server renders and keeps a visitor's page under its path plus
 * these keys only, so a query the page ignores (`/?x=random`, a campaign tag) is served the kept
 * render instead of forcing a fresh one (docs/decisions/0017-server-rendering.md). A page that
 * starts reading a key in its first render must add it here, or every visitor gets the page as
 * rendered without it.
 */
const PAGE_QUERY_KEYS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  // The home page is the search page: its form and results follow the search in the URL.
  ["/", new Set(SEARCH_QUERY_KEYS)],
]);

/**
 * The URL a page is rendered and kept under: the path, and of the query only the keys the page
 * reads, in the order given. A URL without a query is returned as it is (no work on a cache hit).
 */
export function pageRenderUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const pathname = url.slice(0, mark);
  const keys = PAGE_QUERY_KEYS.get(pathname);
  if (!keys) return pathname;
  const kept = new URLSearchParams();
  // Decoded as the browser decodes them, so the render reads the same values the browser will.
  for (const [key, value] of new URLSearchParams(url.slice(mark + 1))) if (keys.has(key)) kept.append(key, value);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
