import { useQuery } from "@tanstack/react-query";
import { BLOG_TEXTS } from "../../../../shared/blog-texts.js";
import type { BlogPost, BlogPostSummary } from "../../../../shared/schemas/blog.js";
import { ApiError } from "../../../lib/api-client.js";
import { BLOG_QUERY_KEYS, BLOG_URLS, blogGet } from "../../../lib/blog-api.js";

/** The server's error text, else the blog's fallback for the call. */
function withFallback(error: unknown, fallback: string): never {
  if (error instanceof ApiError) throw new ApiError(error.serverMessage ?? fallback, error.status, error.serverMessage);
  throw new Error(fallback);
}

/** The published posts, newest first; `limit` for the home teaser's three. */
export function useBlogPosts(limit?: number) {
  return useQuery({
    queryKey: BLOG_QUERY_KEYS.list(limit),
    queryFn: ({ signal }) =>
      blogGet<{ posts: BlogPostSummary[] }>(BLOG_URLS.list(limit), signal).then(
        (answer) => answer.posts,
        (error: unknown) => withFallback(error, BLOG_TEXTS.fetchPostsFailed),
      ),
  });
}

/**
 * One published post, or null for a draft or an unknown slug (a 404, which no retry will fix and
 * which the server-rendered page already knows about).
 */
export function useBlogPost(slug: string | undefined) {
  return useQuery({
    queryKey: BLOG_QUERY_KEYS.post(slug ?? ""),
    enabled: Boolean(slug),
    queryFn: ({ signal }) =>
      blogGet<{ post: BlogPost }>(BLOG_URLS.post(slug ?? ""), signal).then(
        (answer): BlogPost | null => answer.post,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          return withFallback(error, BLOG_TEXTS.fetchPostFailed);
        },
      ),
    retry: 1,
  });
}
