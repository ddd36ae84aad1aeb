import { matchPath } from "react-router";
import { countriesPageQuery } from "../features/funds/api/page-queries.js";
import { fundStatsPageQuery } from "../lib/fund-stats.js";
import type { PageQuery } from "../lib/page-data.js";
import { type SessionData, sessionPageQuery } from "../lib/session.js";

// The blog's queries decode superjson, and a fund page's need the entitlement rules: that code
// comes with those pages' own chunks, not the entry.
const blogQueries = () => import("../features/blog/api/page-queries.js");
const fundQueries = () => import("../features/funds/api/fund-page-queries.js");

/** Every page starts with the session: the header, the paywall and a fund page depend on it. */
export const FIRST_QUERIES: readonly PageQuery[] = [sessionPageQuery];

/**
 * The queries a public page shows in its first render, beyond the session. The server answers
 * them before rendering; the browser fills its cache with the same answers before hydrating.
 * Search results are not among them: they follow the visitor's own form, from the browser.
 */
export async function pageQueries(pathname: string, session: SessionData | undefined): Promise<PageQuery[]> {
  if (pathname === "/") {
    const { blogTeaserPageQuery } = await blogQueries();
    return [countriesPageQuery, fundStatsPageQuery, blogTeaserPageQuery()];
  }
  // The match's form offers the countries and says how many funds stated a status (its switch); its
  // shortlist comes from the browser's POST.
  if (pathname === "/match") return [countriesPageQuery, fundStatsPageQuery];
  if (matchPath("/blog", pathname)) return [(await blogQueries()).blogListPageQuery(undefined)];
  const post = matchPath("/blog/:slug", pathname);
  if (post?.params.slug) return [(await blogQueries()).blogPostPageQuery(post.params.slug)];
  if (matchPath("/funds/:fund", pathname)) return (await fundQueries()).fundPageQueries(pathname, session?.user);
  return [];
}
