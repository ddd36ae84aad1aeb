import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { marked } from "marked";
import type { Logger } from "pino";
import { slugify } from "../../shared/blog.js";
import type { Db } from "../db/client.js";
import type { NewBlogPostRow } from "../db/types.js";
import { SEED_BLOG_DIR } from "../paths.js";
import { countPosts, insertPosts, readBlogVersion } from "./repository.js";
import { sanitizeBlogHtml } from "./sanitize.js";

/** The version the migration gives the blog data; any write to blog_posts moves it on. */
const PRISTINE_BLOG_VERSION = 1;

/** Who the shipped articles are by. */
export const SEED_AUTHOR = "FundMatch Editorial Team";

type FrontMatter = Record<string, string>;

/** A seed article: a '---' front-matter block of 'key: value' lines, then the markdown body. */
export function parseSeedArticle(source: string): { fields: FrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error("a seed article must start with a front-matter block between '---' lines");
  const fields: FrontMatter = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const separator = line.indexOf(":");
    if (separator > 0) fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { fields, body: match[2] ?? "" };
}

/** A seed article as a published post: its markdown made HTML and put through the same sanitiser as an admin's. */
export function seedPostFrom(source: string): Omit<NewBlogPostRow, "id"> {
  const { fields, body } = parseSeedArticle(source);
  const title = fields.title;
  const publishedAt = new Date(`${fields.publishedAt ?? ""}T09:00:00Z`);
  if (!title || Number.isNaN(publishedAt.getTime()))
    throw new Error("a seed article needs a title and a publishedAt date");
  return {
    title,
    slug: slugify(fields.slug || title),
    excerpt: fields.excerpt || null,
    content: sanitizeBlogHtml(marked.parse(body, { async: false })),
    status: "published",
    featuredImageUrl: null,
    seoTitle: fields.seoTitle || null,
    seoDescription: fields.seoDescription || null,
    seoKeywords: fields.seoKeywords || null,
    authorId: null,
    authorName: SEED_AUTHOR,
    publishedAt,
    createdAt: publishedAt,
    updatedAt: publishedAt,
  };
}

/**
 * Publishes the shipped articles once, on a database whose blog was never written, so that a new
 * installation's blog and home teaser are not empty; an admin who later deletes them does not get
 * them back on the next restart.
 */
export async function seedBlogIfPristine(db: Db, logger: Logger, dir = SEED_BLOG_DIR): Promise<boolean> {
  if ((await readBlogVersion(db)) !== PRISTINE_BLOG_VERSION || (await countPosts(db)) > 0) return false;
  const files = (await readdir(dir)).filter((file) => file.endsWith(".md")).sort();
  const rows = await Promise.all(files.map(async (file) => seedPostFrom(await readFile(path.join(dir, file), "utf8"))));
  await insertPosts(db, rows);
  logger.info({ posts: rows.length }, "seeded blog posts");
  return true;
}
