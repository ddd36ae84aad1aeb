import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BLOG_ADMIN_TEXTS } from "../../../../../shared/admin-texts.js";
import type { AiWriterResponse, BlogPost, BlogPostCreateRequest } from "../../../../../shared/schemas/blog.js";
import { ApiError, apiPost } from "../../../../lib/api-client.js";
import { BLOG_QUERY_KEYS, blogGet, blogPost } from "../../../../lib/blog-api.js";

/** Every post, drafts included. */
export function useAdminBlogPosts() {
  return useQuery({
    queryKey: BLOG_QUERY_KEYS.admin,
    queryFn: ({ signal }) =>
      blogGet<{ posts: BlogPost[] }>("/_api/admin/blog-posts", signal).then((answer) => answer.posts),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/** Each blog write refreshes the cached public lists and posts and the admin list. */
function useRefreshBlog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BLOG_QUERY_KEYS.public }),
      queryClient.invalidateQueries({ queryKey: BLOG_QUERY_KEYS.admin }),
    ]);
}

export type SavePostRequest = BlogPostCreateRequest & { id?: number | undefined };

/** Creates the post, or updates it when it has an id. */
export function useSavePost() {
  const refresh = useRefreshBlog();
  return useMutation({
    mutationFn: ({ id, ...fields }: SavePostRequest) =>
      id === undefined
        ? blogPost<{ post: BlogPost }>("/_api/admin/blog-post/create", fields).then((answer) => answer.post)
        : blogPost<{ post: BlogPost }>("/_api/admin/blog-post/update", { id, ...fields }).then((answer) => answer.post),
    onSettled: refresh,
  });
}

export function useDeletePost() {
  const refresh = useRefreshBlog();
  return useMutation({
    mutationFn: (id: number) => blogPost<{ message: string }>("/_api/admin/blog-post/delete", { id }),
    onSettled: refresh,
  });
}

export function useAiWriter() {
  return useMutation({
    mutationFn: (urls: string[]) => apiPost<AiWriterResponse>("/_api/admin/ai-blog-writer", { urls }),
  });
}

export const saveFailedFallback = (isNew: boolean) =>
  isNew ? BLOG_ADMIN_TEXTS.createFailed : BLOG_ADMIN_TEXTS.updateFailed;
