import { matchPath } from "react-router";
import { countriesPageQuery } from "../features/funds/api/page-queries.js";
import { fundStatsPageQuery } from "../lib/fund-stats.js";
import type { PageQuery } from "../lib/page-data.js";
import { type SessionData, sessionPageQuery } from "../lib/session.js";

// The blog's queries decode superjson, and a fund page's need the entitlement rules: that code
// comes with those pages' own chunks, not the entry.
const blogQueries = () => import("../features/blog/api/page-queries.js");
const fundQueries = () => import("../features/funds/api/fund-page-queries.js");
// Only a URL with a search loads the search's query (and the search rules it brings).
const searchQueries = () => import("../features/funds/api/search-page-query.js");
// The member's own page: its queries come with the account area's code.
const profileQueries = () => import("../features/account/api/profile-page-queries.js");
// A fund's editor, for its team: its queries come with the editor's code.
const editorQueries = () => import("../features/investor/api/editor-page-queries.js");
// Only a /match URL with a profile loads the match's query (and the form rules it brings).
const matchQueries = () => import("../features/match/api/match-page-query.js");

/** Every page starts with the session: the header, the paywall and a fund page depend on it. */
export const FIRST_QUERIES: readonly PageQuery[] = [sessionPageQuery];

/**
 * The queries a public page shows in its first render, beyond the session. The server answers
 * them before rendering; the browser fills its cache with the same answers before hydrating.
 * A search in the home page's URL (`search` the query string) is among them: the home form is a
 * plain GET form before the app starts, and its answer is a page with the results (issue 38).
 */
export async function pageQueries(
  pathname: string,
  session: SessionData | undefined,
  search = "",
): Promise<PageQuery[]> {
  if (pathname === "/") {
    const [{ blogTeaserPageQuery }, searchQuery] = await Promise.all([
      blogQueries(),
      hasSearchKeys(search)
        ? searchQueries().then((module) => module.searchPageQuery(search, session?.user))
        : undefined,
    ]);
    return [countriesPageQuery, fundStatsPageQuery, blogTeaserPageQuery(), ...(searchQuery ? [searchQuery] : [])];
  }
  // Premium's plans list what the data holds, counted (issue 36).
  if (pathname === "/subscribe") return [fundStatsPageQuery];
  // The match's form offers the countries and says how many funds stated a status (its switch); a
  // profile in the URL (the form sent before the app started, a shared link, Back) is answered by
  // the server too, so the shortlist is in the page (issue 38).
  if (pathname === "/match") {
    const matchQuery = hasProfileKeys(search) ? (await matchQueries()).matchPageQuery(search) : undefined;
    return [countriesPageQuery, fundStatsPageQuery, ...(matchQuery ? [matchQuery] : [])];
  }
  // A member's board and account, answered with their own cookie (never kept, never shared: the
  // session call makes the page personal, src/server/site/ssr.ts).
  if (matchPath("/profile", pathname)) return (await profileQueries()).profilePageQueries(session?.user);
  const editor = matchPath("/investor/funds/:id", pathname);
  if (editor?.params.id && /^\d{1,15}$/.test(editor.params.id))
    return (await editorQueries()).editorPageQueries(Number(editor.params.id), session?.user);
  if (matchPath("/blog", pathname)) return [(await blogQueries()).blogListPageQuery(undefined)];
  const post = matchPath("/blog/:slug", pathname);
  if (post?.params.slug) return [(await blogQueries()).blogPostPageQuery(post.params.slug)];
  if (matchPath("/funds/:fund", pathname)) return (await fundQueries()).fundPageQueries(pathname, session?.user);
  return [];
}

/** Whether a query string may hold a startup profile (cheap, before loading the match's rules). */
function hasProfileKeys(search: string): boolean {
  return /[?&](?:stage|sectors|country|raise|needsLead|description)=/.test(search);
}

/** Whether a query string may hold a search (cheap, before loading the search's rules). */
function hasSearchKeys(search: string): boolean {
  return /[?&](?:search|country|stage|industry)=/.test(search);
}
