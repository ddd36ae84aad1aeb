import { BLOG_TEASER_LIMIT } from "../../../../shared/blog.js";
import type { BlogPost, BlogPostSummary } from "../../../../shared/schemas/blog.js";
import { BLOG_QUERY_KEYS, BLOG_URLS, decodeBlog } from "../../../lib/blog-api.js";
import type { ApiAnswer, PageQuery } from "../../../lib/page-data.js";

/** The blog answers superjson (dates stay dates); only successful answers and 404s fill the cache. */
function decoded<T>(answer: ApiAnswer, pick: (payload: never) => T): T | null | undefined {
  if (answer.status === 404) return null;
  if (answer.status < 200 || answer.status >= 300) return undefined;
  return pick(decodeBlog(answer.text) as never);
}

/** This module, which the browser loads before hydrating a page with blog data. */
const part = "features/blog/api/page-queries.ts";

/** The home page's teaser: the latest few posts. */
export const blogTeaserPageQuery = (): PageQuery => blogListPageQuery(BLOG_TEASER_LIMIT);

/** A list of published posts (the home teaser's three, or all of them on /blog). */
export const blogListPageQuery = (limit: number | undefined): PageQuery => ({
  queryKey: BLOG_QUERY_KEYS.list(limit),
  url: BLOG_URLS.list(limit),
  part,
  toData: (answer) =>
    answer.status === 404 ? undefined : decoded(answer, (payload: { posts: BlogPostSummary[] }) => payload.posts),
});

/** One published post; null (the page shows 'Post Not Found') for a draft or an unknown slug. */
export const blogPostPageQuery = (slug: string): PageQuery => ({
  queryKey: BLOG_QUERY_KEYS.post(slug),
  url: BLOG_URLS.post(slug),
  part,
  toData: (answer) => decoded(answer, (payload: { post: BlogPost }) => payload.post),
});
