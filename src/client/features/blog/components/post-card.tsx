import { ArrowRight, CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { BLOG_TEXTS, longUsDate } from "../../../../shared/blog-texts.js";
import type { BlogPostSummary } from "../../../../shared/schemas/blog.js";
import { Skeleton } from "../../../components/ui/skeleton.js";

/** A post in the blog list: picture, date, title and excerpt, the whole card a link to the post. */
export function PostCard({ post }: { post: BlogPostSummary }) {
  const date = longUsDate(post.publishedAt);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-indigo-600 hover:shadow-md">
      {post.featuredImageUrl && (
        <img src={post.featuredImageUrl} alt="" loading="lazy" className="aspect-video w-full object-cover" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        {date && post.publishedAt && (
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={post.publishedAt.toISOString()}>{date}</time>
          </p>
        )}
        <h2 className="text-xl font-semibold tracking-tight text-slate-900 group-hover:text-indigo-700">
          <Link
            to={`/blog/${encodeURIComponent(post.slug)}`}
            className="outline-hidden after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="line-clamp-3 text-slate-600">{post.excerpt}</p>}
        <p className="mt-auto flex items-center gap-1 pt-2 text-sm font-semibold text-indigo-700" aria-hidden="true">
          {BLOG_TEXTS.readMore}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </p>
      </div>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-hidden="true">
      <div className="flex flex-col gap-3 p-6">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
