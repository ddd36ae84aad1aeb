import superjson from "superjson";
import { slugify } from "../../shared/blog.js";
import type { BlogPost, BlogPostInput } from "../../shared/schemas/blog.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { type VersionedSnapshot, whenReady } from "../db/versioned-snapshot.js";
import { conflict, invalid, notFound } from "../errors.js";
import { type PublishedPosts, toBlogPost } from "./published-posts.js";
import * as posts from "./repository.js";
import { hasVisibleContent, sanitizeBlogHtml } from "./sanitize.js";

const POST_NOT_FOUND = "Blog post not found.";

const slugTakenText = (slug: string) => `Another post already uses the slug '${slug}'. Choose a different slug.`;

/**
 * The blog: public reads from this instance's copy of the published posts (never the database),
 * admin reads and writes against the database. Every write invalidates the copy after it commits;
 * other instances hear of it through the blog trigger's notification.
 */
export class BlogService {
  constructor(
    private readonly db: Db,
    private readonly published: VersionedSnapshot<PublishedPosts>,
  ) {}

  /** The published posts as this instance knows them, waiting for a rebuild after a write. */
  current(): Promise<PublishedPosts> {
    return this.published.current();
  }

  /** current(), without a promise when the copy is already the latest (see VersionedSnapshot.now). */
  now(): PublishedPosts | Promise<PublishedPosts> {
    return this.published.now();
  }

  /** The list answer (see PublishedPosts.listJson), without a promise while the copy is current. */
  listJson(limit: number | undefined): Buffer | Promise<Buffer> {
    return whenReady(this.published.now(), (published) => published.listJson(limit));
  }

  /** A published post as superjson text; a draft or an unknown slug is not found. */
  async postJson(slug: string): Promise<Buffer> {
    const answer = (await this.published.current()).postJson(slug);
    if (answer === undefined) throw notFound(POST_NOT_FOUND);
    return answer;
  }

  /** Every post, drafts included, for the admin list. */
  async adminList(): Promise<BlogPost[]> {
    return (await posts.listAllPosts(this.db)).map(toBlogPost);
  }

  /** A new post by the signed-in admin; a draft unless it says published. */
  async create(input: BlogPostInput, author: Pick<UserRow, "id" | "displayName">): Promise<BlogPost> {
    const values = this.prepare(input);
    const row = await posts.insertPost(this.db, {
      ...values,
      authorId: author.id,
      authorName: author.displayName,
      publishedAt: values.status === "published" ? new Date() : null,
    });
    if (row === "slug_taken") throw conflict(slugTakenText(values.slug));
    this.published.invalidate();
    return toBlogPost(row);
  }

  /** An edit of every field; the author stays, publishedAt is set on the first publication only. */
  async update(id: number, input: BlogPostInput): Promise<BlogPost> {
    const values = this.prepare(input);
    const row = await posts.updatePost(this.db, id, values);
    if (row === undefined) throw notFound(POST_NOT_FOUND);
    if (row === "slug_taken") throw conflict(slugTakenText(values.slug));
    this.published.invalidate();
    return toBlogPost(row);
  }

  async delete(id: number): Promise<{ message: string }> {
    const row = await posts.deletePost(this.db, id);
    if (!row) throw notFound(POST_NOT_FOUND);
    this.published.invalidate();
    return { message: `Post "${row.title}" deleted.` };
  }

  /**
   * The stored form of an admin's input: the HTML sanitised (so that pages may render it as it is),
   * the slug put through the slug rule (the title's slug when none is given).
   */
  private prepare(input: BlogPostInput): posts.BlogPostChanges & { slug: string } {
    const content = sanitizeBlogHtml(input.content);
    if (!hasVisibleContent(content)) throw invalid("Content cannot be empty");
    const slug = slugify(input.slug ?? input.title);
    if (!slug) {
      throw invalid(
        input.slug
          ? "Slug must contain at least one letter or digit."
          : "The title gives no slug; enter a slug with at least one letter or digit.",
      );
    }
    return {
      title: input.title,
      slug,
      content,
      status: input.status,
      excerpt: input.excerpt,
      featuredImageUrl: input.featuredImageUrl,
      seoTitle: input.seoTitle,
      seoDescription: input.seoDescription,
      seoKeywords: input.seoKeywords,
    };
  }
}

/** Blog answers keep their dates as dates: superjson text, which the client's blog calls decode. */
export function blogAnswer<T>(value: T): string {
  return superjson.stringify(value);
}
