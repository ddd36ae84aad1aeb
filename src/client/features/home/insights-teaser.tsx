import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { BLOG_TEXTS, longUsDate } from "../../../shared/blog-texts.js";

export type BlogTeaser = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  publishedAt: Date | string | null;
};

/**
 * 'Insights & News': the three latest posts and a link to the blog. The caller passes an empty list
 * while loading, on error or when nothing is published: the section is then left out silently.
 */
export function InsightsTeaser({ posts }: { posts: readonly BlogTeaser[] }) {
  if (posts.length === 0) return null;
  return (
    <section id="insights" aria-labelledby="insights-title" className="below-fold py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="insights-title" className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            {BLOG_TEXTS.teaserHeading}
          </h2>
          <Link to="/blog" className="inline-flex items-center gap-1 font-semibold text-indigo-700 hover:underline">
            {BLOG_TEXTS.viewAll}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {posts.slice(0, 3).map((post) => {
            const date = longUsDate(post.publishedAt);
            return (
              <li key={post.id}>
                <Link
                  to={`/blog/${encodeURIComponent(post.slug)}`}
                  className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs transition-shadow hover:shadow-md"
                >
                  {post.featuredImageUrl && (
                    <img
                      src={post.featuredImageUrl}
                      alt=""
                      loading="lazy"
                      className="aspect-video w-full object-cover"
                    />
                  )}
                  <div className="flex flex-1 flex-col gap-2 p-6">
                    {date && <p className="text-sm text-slate-600">{date}</p>}
                    <h3 className="text-lg font-semibold text-slate-900 group-hover:text-indigo-700">{post.title}</h3>
                    {post.excerpt && <p className="line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>}
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
