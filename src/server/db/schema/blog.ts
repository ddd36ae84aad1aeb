import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { BLOG_POST_STATUSES } from "../../../shared/blog.js";
import { users } from "./users.js";

/**
 * Blog posts. `content` is HTML that the server has sanitised before storing it, so pages render
 * it as it is. A trigger bumps data_versions('blog') on every write, so each instance's in-memory
 * copy of the published posts follows (db/versioned-snapshot.ts).
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** Lower-case words and hyphens (the slug rule); unique. */
    slug: text("slug").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    status: text("status", { enum: BLOG_POST_STATUSES }).notNull().default("draft"),
    featuredImageUrl: text("featured_image_url"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    seoKeywords: text("seo_keywords"),
    /** The admin who created the post; null once that account is deleted (the name stays). */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    /** Set the first time the post is published and kept from then on, through unpublishing too. */
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("blog_posts_slug_idx").on(table.slug),
    index("blog_posts_published_idx").on(table.publishedAt).where(sql`${table.status} = 'published'`),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPostRow = typeof blogPosts.$inferInsert;
