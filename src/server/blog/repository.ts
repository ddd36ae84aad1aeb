import { and, count, desc, eq, isNotNull, like, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { blogPosts } from "../db/schema/blog.js";
import type { BlogPostRow, NewBlogPostRow } from "../db/types.js";
import { readDataVersion } from "../db/versioned-snapshot.js";

/** The blog's row in data_versions, bumped by the blog_posts trigger on every write. */
export const BLOG_DATA = "blog";

/** The fields an admin's edit may change; author and creation stay as they were. */
export type BlogPostChanges = Omit<NewBlogPostRow, "id" | "authorId" | "authorName" | "createdAt" | "updatedAt">;

/** The published posts, newest first, and the blog's data version, read in one consistent snapshot. */
export async function loadPublishedPosts(db: Db): Promise<{ version: number; rows: BlogPostRow[] }> {
  return db.transaction(
    async (tx) => {
      const version = await readDataVersion(tx, BLOG_DATA);
      const rows = await tx
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt)))
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
      return { version, rows };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export function readBlogVersion(db: Db): Promise<number> {
  return readDataVersion(db, BLOG_DATA);
}

/** Every post, drafts included, for the admin: the most recently changed first. */
export function listAllPosts(db: Db): Promise<BlogPostRow[]> {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
}

export async function findPostById(db: Db, id: number): Promise<BlogPostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

/** PostgreSQL's unique_violation, however the driver (pg, PGlite) and Drizzle wrap it. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === "object"; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Inserts the post; "slug_taken" when another post has its slug (the unique index decides). */
export async function insertPost(db: Db, values: Omit<NewBlogPostRow, "id">): Promise<BlogPostRow | "slug_taken"> {
  const [row] = await db.insert(blogPosts).values(values).onConflictDoNothing({ target: blogPosts.slug }).returning();
  return row ?? "slug_taken";
}

/**
 * Applies an edit; publishedAt is set here, in the same statement, the first time the post is
 * published, and never moved after. Undefined when there is no such post, "slug_taken" when
 * another post has the new slug.
 */
export async function updatePost(
  db: Db,
  id: number,
  changes: BlogPostChanges,
): Promise<BlogPostRow | "slug_taken" | undefined> {
  try {
    const [row] = await db
      .update(blogPosts)
      .set({
        ...changes,
        publishedAt:
          changes.status === "published"
            ? sql`coalesce(${blogPosts.publishedAt}, now())`
            : sql`${blogPosts.publishedAt}`,
        updatedAt: new Date(),
      })
      .where(eq(blogPosts.id, id))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return "slug_taken";
    throw error;
  }
}

export async function deletePost(db: Db, id: number): Promise<BlogPostRow | undefined> {
  const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return row;
}

export async function countPosts(db: Db): Promise<number> {
  const [row] = await db.select({ count: count() }).from(blogPosts);
  return row?.count ?? 0;
}

export async function insertPosts(db: Db, rows: ReadonlyArray<Omit<NewBlogPostRow, "id">>): Promise<void> {
  if (rows.length > 0) await db.insert(blogPosts).values([...rows]);
}

/**
 * The posts today's sanitiser may change that were stored under older rules: those with a class
 * attribute anywhere (the class rule), or a character it now drops (the rule on decoded entities).
 */
export function listPostsToResanitize(db: Db): Promise<Array<{ id: number; content: string }>> {
  return db
    .select({ id: blogPosts.id, content: blogPosts.content })
    .from(blogPosts)
    .where(or(like(blogPosts.content, "%class=%"), sql`${blogPosts.content} ~ ${UNSTORABLE_PATTERN}`));
}

/**
 * The characters the sanitiser drops from stored HTML (text-rules.ts, NOT_STORED), as a PostgreSQL
 * regular expression: the controls, and the noncharacters of every plane. (A lone surrogate cannot
 * be stored in UTF-8 at all.)
 */
const UNSTORABLE_PATTERN = `[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ufdd0-\\ufdef\\ufffe\\uffff${Array.from(
  { length: 16 },
  (_, plane) => {
    const prefix = `\\U000${(plane + 1).toString(16).toUpperCase().padStart(2, "0")}FF`;
    return `${prefix}FE${prefix}FF`;
  },
).join("")}]`;

/** The body alone, as a maintenance step writes it: the post's other fields and its dates stay. */
export async function replacePostContent(db: Db, id: number, content: string): Promise<void> {
  await db.update(blogPosts).set({ content }).where(eq(blogPosts.id, id));
}
