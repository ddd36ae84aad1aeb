import { TriangleAlert } from "lucide-react";
import { BLOG_TEXTS } from "../../../shared/blog-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useBlogPosts } from "./api/use-blog.js";
import { PostCard, PostCardSkeleton } from "./components/post-card.js";

const SKELETON_CARDS = 6;

/** /blog: every published post, newest first. */
export function BlogListPage() {
  usePageMeta(PAGE_META["/blog"]);
  const posts = useBlogPosts();

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Blog</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {BLOG_TEXTS.listHeading}
        </h1>
        <p className="mt-3 text-lg text-slate-600">{BLOG_TEXTS.listSubtitle}</p>
      </header>

      <div className="mt-10">
        {posts.isPending ? (
          <div role="status" aria-label="Loading blog posts" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
              <PostCardSkeleton key={index} />
            ))}
          </div>
        ) : posts.isError ? (
          <p
            role="alert"
            className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800"
          >
            <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {BLOG_TEXTS.listError}
          </p>
        ) : posts.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center text-slate-600">
            {BLOG_TEXTS.listEmpty}
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.data.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
