/**
 * The public blog's texts, not to be paraphrased. A module of its own: only the blog's chunks and
 * the home page's lazy teaser need it (docs/decisions/0006).
 */
export const BLOG_TEXTS = {
  listHeading: "From the Blog",
  listSubtitle: "Insights on venture capital, startup funding, and industry trends.",
  listError: "Failed to load blog posts. Please try again later.",
  listEmpty: "No blog posts have been published yet.",
  invalidUrl: "Invalid blog post URL.",
  notFoundTitle: "Post Not Found",
  notFoundText: "Sorry, we couldn't find the blog post you're looking for. It might have been moved or deleted.",
  returnToBlog: "Return to Blog",
  backToAll: "Back to all articles",
  dateNotAvailable: "Date not available",
  readMore: "Read article",
  teaserHeading: "Insights & News",
  viewAll: "View All Posts",
  fetchPostsFailed: "Failed to fetch blog posts",
  fetchPostFailed: "Failed to fetch blog post",
} as const;

// In UTC: the server renders the same date the browser shows, wherever either of them is.
const LONG_US_DATE = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** The blog's dates: US long format (November 25, 2026); null for a missing or invalid date. */
export function longUsDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : LONG_US_DATE.format(date);
}
