import { useQuery } from "@tanstack/react-query";
import { BLOG_TEXTS } from "../../../../shared/blog-texts.js";
import type { BlogPost } from "../../../../shared/schemas/blog.js";
import { ApiError } from "../../../lib/api-client.js";
import { BLOG_QUERY_KEYS, blogGet } from "../../../lib/blog-api.js";

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
      blogGet<{ posts: BlogPost[] }>(`/_api/blog/posts${limit === undefined ? "" : `?limit=${limit}`}`, signal).then(
        (answer) => answer.posts,
        (error: unknown) => withFallback(error, BLOG_TEXTS.fetchPostsFailed),
      ),
  });
}

/** One published post; a draft or an unknown slug fails with 404, which no retry will fix. */
export function useBlogPost(slug: string | undefined) {
  return useQuery({
    queryKey: BLOG_QUERY_KEYS.post(slug ?? ""),
    enabled: Boolean(slug),
    queryFn: ({ signal }) =>
      blogGet<{ post: BlogPost }>(`/_api/blog/post?slug=${encodeURIComponent(slug ?? "")}`, signal).then(
        (answer) => answer.post,
        (error: unknown) => withFallback(error, BLOG_TEXTS.fetchPostFailed),
      ),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
  });
}
