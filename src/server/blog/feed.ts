import { blogPostMeta, plainText } from "../../shared/blog.js";
import { BLOG_FEED, PAGE_META } from "../../shared/page-meta.js";
import type { BlogPost } from "../../shared/schemas/blog.js";
import { BRAND_NAME } from "../../shared/site.js";
import { graphemePrefix } from "../../shared/text-cut.js";
import { escapeHtml } from "../http/html-shell.js";

/**
 * Characters XML 1.0 does not allow anywhere, even escaped: the C0 controls but tab, line feed and
 * carriage return, lone surrogates, U+FFFE and U+FFFF. A single one makes a reader refuse the whole
 * feed, and a stored title may hold one (pasted, or saved before the fields refused them).
 */
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data: escaped, the characters XML cannot hold dropped. */
export function xmlText(value: string): string {
  return escapeHtml(value.replace(NOT_XML, ""));
}

/** Items in the feed: the newest posts; readers keep older ones themselves. */
export const FEED_ITEMS = 50;

/** RSS 2.0 of the published posts, newest first, with each post's full HTML for feed readers. */
export function rssXml(posts: readonly BlogPost[], origin: string): string {
  const channelLink = `${origin}/blog`;
  const items = posts.slice(0, FEED_ITEMS).map((post) => {
    const link = `${origin}${blogPostMeta(post).canonicalPath}`;
    const summary = post.excerpt || graphemePrefix(plainText(post.content), 300);
    return [
      "    <item>",
      `      <title>${xmlText(post.title)}</title>`,
      `      <link>${xmlText(link)}</link>`,
      `      <guid isPermaLink="true">${xmlText(link)}</guid>`,
      post.publishedAt ? `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>` : "",
      `      <dc:creator>${xmlText(post.authorName)}</dc:creator>`,
      `      <description>${xmlText(summary)}</description>`,
      `      <content:encoded>${xmlText(post.content)}</content:encoded>`,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const newest = posts[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${xmlText(BLOG_FEED.title)}</title>`,
    `    <link>${xmlText(channelLink)}</link>`,
    `    <description>${xmlText(PAGE_META["/blog"].description)}</description>`,
    "    <language>en-us</language>",
    `    <generator>${xmlText(BRAND_NAME)}</generator>`,
    `    <atom:link href="${xmlText(origin + BLOG_FEED.path)}" rel="self" type="application/rss+xml" />`,
    newest ? `    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : "",
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line, index, all) => line !== "" || index === all.length - 1)
    .join("\n");
}
