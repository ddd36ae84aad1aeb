import { matchPath } from "react-router";
import { BLOG_TEASER_LIMIT } from "../../shared/blog.js";
import { seesAllResults } from "../../shared/entitlements.js";
import { parseFundPath } from "../../shared/fund-page.js";
import { countriesPageQuery, fundPageQuery } from "../features/funds/api/page-queries.js";
import type { PageQuery } from "../lib/page-data.js";
import { type SessionData, sessionPageQuery } from "../lib/session.js";

// The blog's queries decode superjson: that code comes with the blog's own chunk, not the entry.
const blogQueries = () => import("../features/blog/api/page-queries.js");

/** Every page starts with the session: the header, the paywall and a fund page depend on it. */
export const FIRST_QUERIES: readonly PageQuery[] = [sessionPageQuery];

/**
 * The queries a public page shows in its first render, beyond the session. The server answers
 * them before rendering; the browser fills its cache with the same answers before hydrating.
 * Search results are not among them: they follow the visitor's own form, from the browser.
 */
export async function pageQueries(pathname: string, session: SessionData | undefined): Promise<PageQuery[]> {
  if (pathname === "/") {
    const { blogListPageQuery } = await blogQueries();
    return [countriesPageQuery, blogListPageQuery(BLOG_TEASER_LIMIT)];
  }
  if (matchPath("/blog", pathname)) return [(await blogQueries()).blogListPageQuery(undefined)];
  const post = matchPath("/blog/:slug", pathname);
  if (post?.params.slug) return [(await blogQueries()).blogPostPageQuery(post.params.slug)];
  const fund = matchPath("/funds/:fund", pathname) ? parseFundPath(pathname) : null;
  if (fund && fund.id > 0) return [fundPageQuery(fund.id, seesAllResults(session?.user))];
  return [];
}
