import superjson from "superjson";
import { blogPostMeta } from "../../shared/blog.js";
import { BLOG_FEED } from "../../shared/page-meta.js";
import type { BlogPost } from "../../shared/schemas/blog.js";
import { BRAND_NAME } from "../../shared/site.js";
import type { BlogPostRow } from "../db/types.js";
import type { Versioned } from "../db/versioned-snapshot.js";
import type { PageHead } from "../http/html-shell.js";
import { rssXml } from "./feed.js";

/** A stored post as the blog calls answer it. */
export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    status: row.status,
    featuredImageUrl: row.featuredImageUrl,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
    authorName: row.authorName,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * This instance's copy of the published posts, newest first, for one blog data version. Public
 * reads never touch the database: the answers (superjson text per list size and per slug) and the
 * post pages' heads are made once per version, on first use, and leave with the copy when a write
 * anywhere moves the version on.
 */
export class PublishedPosts implements Versioned {
  readonly posts: readonly BlogPost[];
  private readonly bySlug: ReadonlyMap<string, BlogPost>;
  /**
   * The list answers as UTF-8 bytes: a string answer is measured (content-length) and encoded again
   * on every request, bytes are sent as they are (the list is every visitor's, asked constantly).
   */
  private readonly listAnswers = new Map<number, Buffer>();
  private readonly postAnswers = new Map<string, Buffer>();
  private readonly heads = new Map<string, PageHead>();
  private readonly feeds = new Map<string, string>();

  constructor(
    rows: readonly BlogPostRow[],
    readonly version: number,
  ) {
    this.posts = rows.map(toBlogPost);
    this.bySlug = new Map(this.posts.map((post) => [post.slug, post]));
  }

  get size(): number {
    return this.posts.length;
  }

  /** GET /_api/blog/posts: the newest `limit` posts (all without a limit) without their bodies, as superjson text in UTF-8. */
  listJson(limit: number | undefined): Buffer {
    const count = Math.min(limit ?? this.posts.length, this.posts.length);
    let answer = this.listAnswers.get(count);
    if (answer === undefined) {
      const posts = this.posts.slice(0, count).map(({ content: _body, ...summary }) => summary);
      answer = Buffer.from(superjson.stringify({ posts }));
      this.listAnswers.set(count, answer);
    }
    return answer;
  }

  /**
   * GET /_api/blog/post: the published post with this slug as superjson text in UTF-8, kept like the
   * list (its compressed copies are kept with it); undefined for any other slug.
   */
  postJson(slug: string): Buffer | undefined {
    const post = this.bySlug.get(slug);
    if (!post) return undefined;
    let answer = this.postAnswers.get(slug);
    if (answer === undefined) {
      answer = Buffer.from(superjson.stringify({ post }));
      this.postAnswers.set(slug, answer);
    }
    return answer;
  }

  /** The RSS feed for the origin the app is reached on. */
  feed(origin: string): string {
    let feed = this.feeds.get(origin);
    if (feed === undefined) {
      feed = rssXml(this.posts, origin);
      // One per origin the app is reached on; a flood of Host headers must not grow it.
      if (this.feeds.size >= 8) this.feeds.clear();
      this.feeds.set(origin, feed);
    }
    return feed;
  }

  post(slug: string): BlogPost | undefined {
    return this.bySlug.get(slug);
  }

  /** The head the server writes into a post page: meta, link-preview card, BlogPosting structured data. */
  head(slug: string): PageHead | undefined {
    const post = this.bySlug.get(slug);
    if (!post) return undefined;
    let head = this.heads.get(slug);
    if (!head) {
      head = postHead(post);
      this.heads.set(slug, head);
    }
    return head;
  }
}

function postHead(post: BlogPost): PageHead {
  const meta = blogPostMeta(post);
  return {
    title: meta.title,
    description: meta.description,
    keywords: meta.keywords,
    canonicalPath: meta.canonicalPath,
    feeds: [BLOG_FEED],
    card: {
      type: "article",
      image: post.featuredImageUrl,
      publishedTime: post.publishedAt,
      modifiedTime: post.updatedAt,
    },
    jsonLd: (origin) => ({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: meta.description,
      ...(post.featuredImageUrl ? { image: [post.featuredImageUrl] } : {}),
      ...(post.publishedAt ? { datePublished: post.publishedAt.toISOString() } : {}),
      dateModified: post.updatedAt.toISOString(),
      ...(meta.keywords ? { keywords: meta.keywords } : {}),
      author: { "@type": "Person", name: post.authorName },
      publisher: { "@type": "Organization", name: BRAND_NAME, url: `${origin}/` },
      mainEntityOfPage: { "@type": "WebPage", "@id": `${origin}${meta.canonicalPath}` },
      url: `${origin}${meta.canonicalPath}`,
    }),
  };
}
