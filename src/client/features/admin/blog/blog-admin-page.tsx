import { ExternalLink, Pencil, Plus, Trash2, TriangleAlert } from "lucide-react";
import { Suspense, useState } from "react";
import { toast } from "sonner";
import { BLOG_ADMIN_TEXTS, deletePostConfirmText, postsLoadFailedText } from "../../../../shared/admin-texts.js";
import type { BlogPostStatus } from "../../../../shared/blog.js";
import { PAGE_META } from "../../../../shared/page-meta.js";
import type { BlogPost } from "../../../../shared/schemas/blog.js";
import { Badge } from "../../../components/ui/badge.js";
import { Button } from "../../../components/ui/button.js";
import { Skeleton } from "../../../components/ui/skeleton.js";
import { messageOr } from "../../../lib/api-client.js";
import { lazyPart } from "../../../lib/lazy-part.js";
import { BADGE_TONE_CLASS } from "../../../lib/subscription-status.js";
import { usePageMeta } from "../../../lib/use-page-meta.js";
import { cn } from "../../../lib/utils.js";
import { AdminPageHeader } from "../components/admin-page-header.js";
import { ConfirmDialog } from "../components/confirm-dialog.js";
import { useAdminBlogPosts, useDeletePost } from "./api/use-admin-blog.js";

// The editor (Quill, the markdown library) loads only when a post is opened for writing.
const PostEditor = lazyPart("features/admin/blog/components/post-editor.tsx", () =>
  import("./components/post-editor.js").then((module) => module.PostEditor),
);

const T = BLOG_ADMIN_TEXTS;
const SKELETON_ROWS = 5;
type Filter = "all" | BlogPostStatus;
const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: "all", label: T.filters.all },
  { value: "published", label: T.filters.published },
  { value: "draft", label: T.filters.draft },
];

type View = { kind: "list" } | { kind: "editor"; post: BlogPost | null };

/** Blog management (/admin/blog): the list of every post, and the editor in its place when writing. */
export function BlogAdminPage() {
  usePageMeta(PAGE_META["/admin/blog"]);
  const [view, setView] = useState<View>({ kind: "list" });
  if (view.kind === "editor") {
    return (
      <Suspense fallback={<EditorLoading />}>
        <PostEditor post={view.post} onClose={() => setView({ kind: "list" })} />
      </Suspense>
    );
  }
  return (
    <PostList
      onCreate={() => setView({ kind: "editor", post: null })}
      onEdit={(post) => setView({ kind: "editor", post })}
    />
  );
}

/** Dates as the admin's own locale writes them, or a dash. */
function localDate(date: Date | null): string {
  return date ? date.toLocaleDateString() : "—";
}

function StatusBadge({ status }: { status: string }) {
  if (status === "published")
    return <Badge className={cn("ring-1 ring-inset", BADGE_TONE_CLASS.success)}>{T.published}</Badge>;
  if (status === "draft")
    return <Badge className={cn("ring-1 ring-inset", BADGE_TONE_CLASS.secondary)}>{T.draft}</Badge>;
  return <Badge variant="outline">{status}</Badge>;
}

function PostList({ onCreate, onEdit }: { onCreate(): void; onEdit(post: BlogPost): void }) {
  const posts = useAdminBlogPosts();
  const remove = useDeletePost();
  const [filter, setFilter] = useState<Filter>("all");
  const [target, setTarget] = useState<BlogPost | null>(null);
  const visible = (posts.data ?? []).filter((post) => filter === "all" || post.status === filter);

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => toast.success(T.deleted),
      onError: (error) => toast.error(messageOr(error, T.deleteFailed)),
      onSettled: () => setTarget(null),
    });
  };

  return (
    <section aria-labelledby="blog-admin-title" className="flex flex-col gap-6">
      <AdminPageHeader titleId="blog-admin-title" title={T.title} description={T.description}>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          {T.createNew}
        </Button>
      </AdminPageHeader>

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show posts by status</legend>
        {FILTERS.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={filter === option.value ? "default" : "outline"}
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </fieldset>

      {posts.isError ? (
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {postsLoadFailedText(messageOr(posts.error, T.fetchFailed))}
        </p>
      ) : (
        // Wide table, narrow screens: it scrolls sideways inside its frame, which keyboard users can focus.
        <section
          aria-label="Blog posts"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
        >
          <table className="w-full min-w-[52rem] text-left text-sm" aria-busy={posts.isPending}>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {T.columns.map((column) => (
                  <th key={column} scope="col" className={cn("px-3 py-3", column === "Actions" && "text-right")}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {posts.isPending ? (
                Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                  <tr key={index}>
                    {T.columns.map((column) => (
                      <td key={column} className="px-3 py-4">
                        <Skeleton className="h-4 w-full max-w-32" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : visible.length === 0 ? (
                <tr>
                  <td colSpan={T.columns.length} className="px-3 py-12 text-center text-slate-600">
                    {T.empty}
                  </td>
                </tr>
              ) : (
                visible.map((post) => (
                  <tr key={post.id} className="align-middle">
                    <td className="max-w-80 px-3 py-3">
                      <p className="truncate font-medium text-slate-900">{post.title}</p>
                      <p className="truncate text-xs text-slate-600">/blog/{post.slug}</p>
                    </td>
                    <td className="px-3 py-3">
                      <StatusBadge status={post.status} />
                    </td>
                    <td className="px-3 py-3 text-slate-700">{post.authorName}</td>
                    <td className="px-3 py-3 text-slate-700">{localDate(post.publishedAt)}</td>
                    <td className="px-3 py-3 text-slate-700">{localDate(post.updatedAt)}</td>
                    <td className="px-3 py-3">
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="ghost" size="icon" title={T.viewPost}>
                          <a href={`/blog/${encodeURIComponent(post.slug)}`} target="_blank" rel="noopener noreferrer">
                            <ExternalLink aria-hidden="true" />
                            <span className="sr-only">
                              {T.viewPost}: {post.title}
                            </span>
                          </a>
                        </Button>
                        <Button variant="ghost" size="icon" title={T.editPost} onClick={() => onEdit(post)}>
                          <Pencil aria-hidden="true" />
                          <span className="sr-only">
                            {T.editPost}: {post.title}
                          </span>
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          title={T.deletePost}
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                          onClick={() => setTarget(post)}
                        >
                          <Trash2 aria-hidden="true" />
                          <span className="sr-only">
                            {T.deletePost}: {post.title}
                          </span>
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </section>
      )}

      <ConfirmDialog
        open={target !== null}
        pending={remove.isPending}
        title={T.deletePost}
        description={target ? deletePostConfirmText(target.title) : ""}
        confirmLabel={T.delete}
        destructive
        onConfirm={confirmDelete}
        onClose={() => setTarget(null)}
      />
    </section>
  );
}

function EditorLoading() {
  return (
    <div role="status" aria-label="Loading the editor" className="flex flex-col gap-4">
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-80 w-full rounded-2xl" />
    </div>
  );
}
