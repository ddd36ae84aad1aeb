import type { FastifyPluginAsync } from "fastify";
import { BLOG_FEED, NOT_FOUND_META } from "../../shared/page-meta.js";
import { whenReady } from "../db/versioned-snapshot.js";
import type { PageResolution, PageResolver } from "../http/html-shell.js";
import type { SitemapSource } from "../site/seo.js";
import type { PublishedPosts } from "./published-posts.js";
import type { BlogService } from "./service.js";

const POST_PATH = /^\/blog\/([^/]+)\/?$/;

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The head of /blog/:slug for crawlers: a published post's title, description, card and structured
 * data with 200; a draft, an unknown or a malformed slug gets the Not Found head with 404.
 */
export const blogPageResolver = (service: BlogService): PageResolver => {
  const resolve = (slug: string | undefined, posts: PublishedPosts): PageResolution => {
    const head = slug === undefined ? undefined : posts.head(slug);
    return head ? { status: 200, head } : { status: 404, head: NOT_FOUND_META };
  };
  // Not async: a path that is not a post's is answered at once, and a post's without a promise
  // while the posts are current.
  return (pathname) => {
    const match = POST_PATH.exec(pathname);
    if (!match?.[1]) return undefined;
    const slug = decodeSegment(match[1]);
    return whenReady(service.now(), (posts) => resolve(slug, posts));
  };
};

/** Every published post in the sitemap, with the date it last changed. */
export const blogSitemapSource =
  (service: BlogService): SitemapSource =>
  async () =>
    (await service.current()).posts.map((post) => ({
      path: `/blog/${encodeURIComponent(post.slug)}`,
      lastModified: post.updatedAt,
    }));

/** The RSS 2.0 feed of the published posts, at /blog/rss.xml (linked from every blog page's head). */
export const blogFeedRoutes =
  (service: BlogService, linkOrigin: string): FastifyPluginAsync =>
  async (app) => {
    app.get(BLOG_FEED.path, async (_request, reply) => {
      const feed = (await service.current()).feed(linkOrigin);
      return reply.type("application/rss+xml; charset=utf-8").header("cache-control", "public, max-age=300").send(feed);
    });
  };
