import { pageTitle } from "./site.js";
import { graphemePrefix } from "./text-cut.js";

/**
 * The blog's rules that server and client both run: statuses, limits, the slug rule and the
 * excerpt the AI writer's draft gets. Zod-free, so the public pages can afford it.
 */

export const BLOG_POST_STATUSES = ["draft", "published"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export function isBlogPostStatus(value: string): value is BlogPostStatus {
  return (BLOG_POST_STATUSES as readonly string[]).includes(value);
}

/** Sizes a form field and a stored column may take; the server refuses anything longer. */
export const BLOG_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  slugMax: 200,
  excerptMax: 1000,
  /** Sanitised HTML; a long illustrated article is far below this. */
  contentMax: 500_000,
  urlMax: 2048,
  seoTitleMax: 200,
  seoDescriptionMax: 500,
  seoKeywordsMax: 500,
  /** Posts a list call returns at most when it asks for more. */
  listMax: 1000,
} as const;

/** The AI writer reads at most this many source articles per draft. */
export const AI_WRITER_MAX_URLS = 10;

/** The home page's teaser shows this many of the latest posts. */
export const BLOG_TEASER_LIMIT = 3;

/** An excerpt longer than this is cut to EXCERPT_CUT characters plus an ellipsis. */
export const EXCERPT_MAX = 160;
const EXCERPT_CUT = 157;

/**
 * The slug rule: accents stripped, lowercased, whitespace turned to hyphens, non-word characters
 * removed, repeated hyphens collapsed; hyphens at either end are dropped too, so that a title
 * ending in '?' does not give a slug ending in '-'.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BLOG_LIMITS.slugMax)
    .replace(/-+$/, "");
}

/** Markdown's inline symbols and leading block markers, for an excerpt in plain words. */
function stripMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(?:>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
    .replace(/[*_~`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Cuts a text to the excerpt length: 157 characters and an ellipsis when it is longer than 160. */
export function cutExcerpt(text: string): string {
  return text.length > EXCERPT_MAX ? `${graphemePrefix(text, EXCERPT_CUT)}...` : text;
}

/**
 * What the AI writer's markdown gives the editor: the first '# ' line is the title (and leaves the
 * content), and the excerpt is the first paragraph that is not a heading, in plain words.
 */
export function draftFromMarkdown(markdown: string): { title: string; content: string; excerpt: string } {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const titleIndex = lines.findIndex((line) => line.startsWith("# "));
  const title = titleIndex === -1 ? "" : (lines[titleIndex] ?? "").slice(2).trim();
  const body = titleIndex === -1 ? lines : [...lines.slice(0, titleIndex), ...lines.slice(titleIndex + 1)];
  const content = body.join("\n").trim();
  const paragraph = content
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block.length > 0 && !block.startsWith("#"));
  return { title, content, excerpt: paragraph ? cutExcerpt(stripMarkdown(paragraph)) : "" };
}

/**
 * A YouTube or Vimeo video page's address as the player's embed address (what the editor inserts
 * and the server lets through); null for any other address.
 */
export function videoEmbedUrl(url: string): string | null {
  const text = url.trim();
  const youtube =
    /^(?:https?:\/\/)?(?:(?:www|m)\.)?youtube\.com\/watch\?(?:[^#]*&)?v=([\w-]{6,64})/.exec(text) ??
    /^(?:https?:\/\/)?youtu\.be\/([\w-]{6,64})/.exec(text) ??
    /^(?:https?:\/\/)?(?:(?:www|m)\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts|live)\/([\w-]{6,64})/.exec(text);
  if (youtube) return `https://www.youtube.com/embed/${youtube[1]}`;
  const vimeo = /^(?:https?:\/\/)?(?:(?:www|player)\.)?vimeo\.com\/(?:video\/)?(\d{1,20})(?:[/?#]|$)/.exec(text);
  return vimeo ? `https://player.vimeo.com/video/${vimeo[1]}` : null;
}

/** An absolute http(s) URL, as the AI writer accepts them. */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === "http:" || protocol === "https:";
}

/**
 * The AI writer's textarea, one URL a line: lines are trimmed and blank ones dropped. Answers the
 * URLs, or which of the form's two complaints applies.
 */
export function parseUrlLines(text: string): { urls: string[] } | { error: "none" | "invalid" } {
  const urls = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (urls.length === 0) return { error: "none" };
  return urls.every(isHttpUrl) ? { urls } : { error: "invalid" };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Stored HTML as plain words: tags dropped, the common entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(?:br|\/p|\/h[1-6]|\/li|\/pre|\/blockquote)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The fields of a post its page's head is made from. */
export type BlogPostHeadFields = {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  seoTitle: string | null;
  seoDescription: string | null;
  seoKeywords: string | null;
};

/**
 * A post page's head, the same on the server and after client-side navigation: the SEO title or
 * else the title, then the product name; the SEO description, else the excerpt (else the start of
 * the text); the keywords when there are some.
 */
export function blogPostMeta(post: BlogPostHeadFields): {
  title: string;
  description: string;
  keywords: string | null;
  canonicalPath: string;
} {
  return {
    title: pageTitle(post.seoTitle || post.title),
    description: post.seoDescription || post.excerpt || cutExcerpt(plainText(post.content)),
    keywords: post.seoKeywords || null,
    canonicalPath: `/blog/${encodeURIComponent(post.slug)}`,
  };
}
