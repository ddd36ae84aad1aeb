import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

export type BlogTeaser = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  publishedAt: string | Date;
};

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

function formatDate(value: string | Date): string | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/**
 * 'Insights & News': the three latest posts. There is no blog yet, so the home page passes no posts;
 * an empty list (or a failed load, which the caller turns into an empty list) renders nothing.
 */
export function InsightsTeaser({ posts }: { posts: readonly BlogTeaser[] }) {
  if (posts.length === 0) return null;
  return (
    <section id="insights" aria-labelledby="insights-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="insights-title" className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            Insights &amp; News
          </h2>
          <Link to="/blog" className="inline-flex items-center gap-1 font-semibold text-indigo-700 hover:underline">
            View All Posts
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {posts.slice(0, 3).map((post) => {
            const date = formatDate(post.publishedAt);
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
