import { ArrowLeft, CalendarDays, Search, UserRound } from "lucide-react";
import { Link, useParams } from "react-router";
import { blogPostMeta } from "../../../shared/blog.js";
import { BLOG_TEXTS, longUsDate } from "../../../shared/blog-texts.js";
import { NOT_FOUND_META, PAGE_META } from "../../../shared/page-meta.js";
import type { BlogPost } from "../../../shared/schemas/blog.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useBlogPost } from "./api/use-blog.js";

/** /blog/:slug: one published post, its HTML rendered as stored (the server sanitised it on the way in). */
export function BlogPostPage() {
  const { slug } = useParams();
  const post = useBlogPost(slug);

  if (!slug) return <Message text={BLOG_TEXTS.invalidUrl} />;
  if (post.isPending) return <PostSkeleton />;
  if (post.isError || post.data === null) return <PostNotFound />;
  return <Article post={post.data} />;
}

function Article({ post }: { post: BlogPost }) {
  usePageMeta(blogPostMeta(post));
  const date = longUsDate(post.publishedAt);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <BackToBlog />
      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{post.title}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
          <span className="flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            {date && post.publishedAt ? (
              <time dateTime={post.publishedAt.toISOString()}>{date}</time>
            ) : (
              BLOG_TEXTS.dateNotAvailable
            )}
          </span>
          <span className="flex items-center gap-1.5">
            <UserRound className="size-4" aria-hidden="true" />
            {post.authorName}
          </span>
        </div>
      </header>
      {post.featuredImageUrl && (
        <img
          src={post.featuredImageUrl}
          alt=""
          className="mt-8 aspect-video w-full rounded-2xl border border-slate-200 object-cover"
        />
      )}
      {/* Sanitised by the server when it was stored: only the editor's formatting, safe links and the two video hosts remain. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores only sanitised HTML. */}
      <div className="blog-prose mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
      <footer className="mt-14 flex flex-col gap-8">
        <aside className="rounded-2xl border border-indigo-100 bg-indigo-50/60 p-6 sm:p-8">
          <h2 className="text-xl font-semibold tracking-tight text-slate-900">Find the funds that fit your round</h2>
          <p className="mt-2 text-slate-700">
            Search venture capital funds by country, funding stage and industry focus, and see who matches first.
          </p>
          <Button asChild className="mt-5">
            <Link to="/#find-investors">
              <Search aria-hidden="true" />
              Find Investors
            </Link>
          </Button>
        </aside>
        <BackToBlog />
      </footer>
    </article>
  );
}

function BackToBlog() {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {BLOG_TEXTS.backToAll}
    </Link>
  );
}

function PostNotFound() {
  usePageMeta(NOT_FOUND_META);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{BLOG_TEXTS.notFoundTitle}</h1>
      <p className="mt-3 text-lg text-slate-600">{BLOG_TEXTS.notFoundText}</p>
      <Button asChild className="mt-8">
        <Link to="/blog">{BLOG_TEXTS.returnToBlog}</Link>
      </Button>
    </div>
  );
}

function Message({ text }: { text: string }) {
  usePageMeta(PAGE_META["/blog"]);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p role="alert" className="text-lg text-slate-700">
        {text}
      </p>
    </div>
  );
}

function PostSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the article"
      className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8"
    >
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-8 h-10 w-4/5" />
      <Skeleton className="mt-4 h-4 w-56" />
      <div className="mt-10 flex flex-col gap-3">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
          <Skeleton key={index} className="h-4 w-full" />
        ))}
      </div>
    </div>
  );
}
