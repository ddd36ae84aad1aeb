import superjson from "superjson";
import { apiGet, apiPost } from "./api-client.js";

/**
 * The blog's calls answer superjson text, so that dates arrive as dates. Only the blog's chunks
 * (the public pages, the home teaser, the admin editor) import this module and superjson with it.
 */
export const decodeBlog = (text: string): unknown => superjson.parse(text);
const decode = decodeBlog;

export function blogGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiGet<T>(path, { signal, decode });
}

export function blogPost<T>(path: string, body: unknown): Promise<T> {
  return apiPost<T>(path, body, { decode });
}

/** The query keys of every cached blog list and post: a write refreshes them all at once. */
export const BLOG_QUERY_KEYS = {
  /** Every public blog query (lists of any size, single posts). */
  public: ["blog"] as const,
  list: (limit: number | undefined) => ["blog", "posts", limit ?? "all"] as const,
  post: (slug: string) => ["blog", "post", slug] as const,
  admin: ["admin", "blog-posts"] as const,
};

/** The public blog's API paths. */
export const BLOG_URLS = {
  list: (limit: number | undefined) => `/_api/blog/posts${limit === undefined ? "" : `?limit=${limit}`}`,
  post: (slug: string) => `/_api/blog/post?slug=${encodeURIComponent(slug)}`,
};
