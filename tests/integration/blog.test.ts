import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pino from "pino";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPostById, insertPost, loadPublishedPosts } from "../../src/server/blog/repository.js";
import { resanitizeStoredPosts } from "../../src/server/blog/resanitize.js";
import { sanitizeBlogHtml } from "../../src/server/blog/sanitize.js";
import { SEED_AUTHOR, seedBlogIfPristine } from "../../src/server/blog/seed.js";
import { slugify } from "../../src/shared/blog.js";
import type { BlogPost } from "../../src/shared/schemas/blog.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from "../support/database.js";

const ADMIN = { email: "editor@example.com", password: "Admin-pass-1" };
const MEMBER = { email: "reader@example.com", password: "Member-pass-1", displayName: "Rita Reader" };

/** Shaped like Vite's build of src/client/index.html. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The build's own description." />
    <title>Build title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

function clientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fundmatch-blog-pages-"));
  writeFileSync(path.join(dir, "index.html"), TEMPLATE);
  return dir;
}

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((cookie) => cookie.name === "fundmatch_session")?.value ?? "";

describe.each(TEST_DRIVERS)("the blog on %s", (driver) => {
  let t: TestApp;
  let admin = "";
  let member = "";

  beforeAll(async () => {
    t = await createTestApp(
      driver,
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_ORIGIN: "https://fundmatch.example" },
      { CLIENT_DIR: clientDir() },
    );
    admin = cookieOf(await t.app.inject({ method: "POST", url: "/_api/auth/login_with_password", payload: ADMIN }));
    member = cookieOf(
      await t.app.inject({ method: "POST", url: "/_api/auth/register_with_password", payload: MEMBER }),
    );
  });
  afterAll(async () => t?.close());

  const call = (method: "GET" | "POST", url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      cookies: token ? { fundmatch_session: token } : {},
    });

  /** A blog answer, decoded as the client decodes it. */
  const decode = <T>(response: { body: string }) => superjson.parse<T>(response.body);

  const create = async (fields: Record<string, unknown>) => {
    const response = await call("POST", "/_api/admin/blog-post/create", admin, {
      content: "<p>Body text.</p>",
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return decode<{ post: BlogPost }>(response).post;
  };
  const update = (post: BlogPost, changes: Record<string, unknown>) =>
    call("POST", "/_api/admin/blog-post/update", admin, {
      id: post.id,
      title: post.title,
      slug: post.slug,
      content: post.content,
      status: post.status,
      ...changes,
    });
  const publicList = async (query = "") => {
    const response = await call("GET", `/_api/blog/posts${query}`, null);
    expect(response.statusCode, response.body).toBe(200);
    return decode<{ posts: BlogPost[] }>(response).posts;
  };

  describe("writing posts", () => {
    it("creates a draft by default, authored by the signed-in admin, with the title's slug", async () => {
      const post = await create({ title: "Crème Brûlée   Funding: Seed & Series A!" });
      expect(post).toMatchObject({
        title: "Crème Brûlée   Funding: Seed & Series A!",
        slug: "creme-brulee-funding-seed-series-a",
        status: "draft",
        authorName: "editor",
        publishedAt: null,
        excerpt: null,
        featuredImageUrl: null,
      });
      expect(post.updatedAt).toBeInstanceOf(Date);
    });

    it("puts a hand-written slug through the slug rule", async () => {
      const post = await create({ title: "Hand slug", slug: "  My Own--Slug!! " });
      expect(post.slug).toBe("my-own-slug");
    });

    it("refuses a slug another post has, with 409 and a clear message", async () => {
      await create({ title: "Unique slug post", slug: "taken-slug" });
      const clash = await call("POST", "/_api/admin/blog-post/create", admin, {
        title: "Another",
        slug: "Taken Slug",
        content: "<p>x</p>",
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({
        error: "Another post already uses the slug 'taken-slug'. Choose a different slug.",
      });
      const other = await create({ title: "Other post" });
      const moved = await update(other, { slug: "taken-slug" });
      expect(moved.statusCode).toBe(409);
    });

    it.each([
      [{ title: "ab", content: "<p>x</p>" }, "Title must be at least 3 characters long"],
      [{ title: "   abc   ", content: "" }, "Content cannot be empty"],
      [{ content: "<p>x</p>" }, "Title must be at least 3 characters long"],
      [{ title: "Only script", content: "<script>alert(1)</script><p><br></p>" }, "Content cannot be empty"],
      [{ title: "Bad status", content: "<p>x</p>", status: "archived" }, "Status must be draft or published."],
      [
        { title: "Bad image", content: "<p>x</p>", featuredImageUrl: "javascript:alert(1)" },
        "Featured image URL must be a valid URL.",
      ],
      [
        { title: "Bad image", content: "<p>x</p>", featuredImageUrl: "not a url" },
        "Featured image URL must be a valid URL.",
      ],
      [{ title: "Extra", content: "<p>x</p>", author: "me" }, "Unknown field(s) in the blog post: author."],
      [
        { title: "!!!", content: "<p>x</p>" },
        "The title gives no slug; enter a slug with at least one letter or digit.",
      ],
      [{ title: "Long", content: "<p>x</p>", seoTitle: "x".repeat(201) }, "SEO title must be at most 200 characters."],
    ])("refuses %o with '%s' and stores nothing", async (payload, message) => {
      const before = (await call("GET", "/_api/admin/blog-posts", admin)).body;
      const response = await call("POST", "/_api/admin/blog-post/create", admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
      expect((await call("GET", "/_api/admin/blog-posts", admin)).body).toBe(before);
    });

    it("sets publishedAt on the first publication and keeps it through unpublishing and republishing", async () => {
      const post = await create({ title: "Publish me" });
      const published = decode<{ post: BlogPost }>(await update(post, { status: "published" })).post;
      expect(published.publishedAt).toBeInstanceOf(Date);
      const unpublished = decode<{ post: BlogPost }>(await update(published, { status: "draft" })).post;
      expect(unpublished.status).toBe("draft");
      expect(unpublished.publishedAt?.getTime()).toBe(published.publishedAt?.getTime());
      const again = decode<{ post: BlogPost }>(await update(unpublished, { status: "published" })).post;
      expect(again.publishedAt?.getTime()).toBe(published.publishedAt?.getTime());
      expect(again.updatedAt.getTime()).toBeGreaterThanOrEqual(published.updatedAt.getTime());
    });

    it("answers 404 for an update or delete of a post that does not exist", async () => {
      const update404 = await call("POST", "/_api/admin/blog-post/update", admin, {
        id: 999_999,
        title: "Nothing",
        content: "<p>x</p>",
      });
      expect(update404.statusCode).toBe(404);
      expect(update404.json()).toEqual({ error: "Blog post not found." });
      const delete404 = await call("POST", "/_api/admin/blog-post/delete", admin, { id: 999_999 });
      expect(delete404.statusCode).toBe(404);
      expect((await call("POST", "/_api/admin/blog-post/delete", admin, { id: 0 })).json()).toEqual({
        error: "id must be a positive integer.",
      });
    });

    it("lists every post to the admin, drafts included, and deletes one", async () => {
      const post = await create({ title: "Short lived" });
      const listed = decode<{ posts: BlogPost[] }>(await call("GET", "/_api/admin/blog-posts", admin)).posts;
      expect(listed.map((each) => each.id)).toContain(post.id);
      expect(listed.some((each) => each.status === "draft")).toBe(true);
      const deleted = await call("POST", "/_api/admin/blog-post/delete", admin, { id: post.id });
      expect(deleted.statusCode).toBe(200);
      expect(decode<{ message: string }>(deleted).message).toBe('Post "Short lived" deleted.');
      const after = decode<{ posts: BlogPost[] }>(await call("GET", "/_api/admin/blog-posts", admin)).posts;
      expect(after.map((each) => each.id)).not.toContain(post.id);
    });

    it.each([
      ["GET", "/_api/admin/blog-posts", undefined],
      ["POST", "/_api/admin/blog-post/create", { title: "Sneaky", content: "<p>x</p>" }],
      ["POST", "/_api/admin/blog-post/update", { id: 1, title: "Sneaky", content: "<p>x</p>" }],
      ["POST", "/_api/admin/blog-post/delete", { id: 1 }],
    ] as const)("guards %s %s: 401 for a visitor, 403 for a member", async (method, url, payload) => {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      const forbidden = await call(method, url, member, payload);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ error: "Access denied. Your role (user) lacks required permissions." });
    });
  });

  describe("sanitising what is stored", () => {
    it("removes scripts, event handlers, javascript: and data: URLs, and foreign frames", async () => {
      const post = await create({
        title: "Hostile HTML",
        content: [
          "<p>Hello<script>alert('x')</script></p>",
          '<p><img src="https://images.example/a.png" onerror="alert(1)" alt="chart"></p>',
          '<p><img src="data:image/png;base64,AAAA"></p>',
          '<p><a href="javascript:alert(1)">click</a> <a href="JaVaScRiPt:alert(1)">again</a></p>',
          '<iframe src="https://evil.example/embed/x"></iframe>',
          '<iframe src="https://www.youtube.com/watch?v=abc"></iframe>',
          '<p style="color:red" onclick="steal()">styled</p>',
          "<style>body{display:none}</style><svg><script>1</script></svg><form><input></form>",
        ].join(""),
      });
      expect(post.content).not.toMatch(
        /script|onerror|onclick|javascript:|data:|evil\.example|style=|<style|<svg|<form|<input/i,
      );
      expect(post.content).toContain('<img src="https://images.example/a.png" alt="chart" />');
      expect(post.content).toContain("<p>Hello</p>");
      expect(post.content).toContain("<a>click</a>");
    });

    it("never lets an entity store a control character, a lone surrogate or a noncharacter, in text or attributes", async () => {
      const decoded = [
        "&#1;",
        "&#x1b;",
        "&#127;",
        "&#x81;",
        "&#x9F;",
        "&#xD800;",
        "&#xDC00;",
        "&#xFDD0;",
        "&#xFFFE;",
        "&#xFFFF;",
        "&#x1FFFF;",
        "&#x10FFFE;",
        "&#0;",
        "&#x110000;",
      ].join("");
      const post = await create({
        title: "Entities &#1; &amp; all",
        excerpt: "An excerpt &#x7;",
        seoDescription: "Described &#x1b;",
        status: "published",
        content: [
          `<p>a${decoded}b</p>`,
          `<p><a href="https://x.example/${decoded}">l${decoded}</a></p>`,
          `<p><img src="https://images.example/a.png" alt="x${decoded}y"></p>`,
          "<p>kept:&#9;&#10;&#13;&amp;&lt;&#128;&#x1F600;</p>",
        ].join(""),
      });
      const forbidden = /(?![\t\n\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;
      expect(post.content).not.toMatch(forbidden);
      // What HTML itself makes of the others stays: &#x9F; is Ÿ (the Windows-1252 reading the parser
      // gives C1 references), and a surrogate, NUL or a number past Unicode is the replacement character.
      expect(post.content).toContain("<p>aŸ\uFFFD\uFFFD\uFFFD\uFFFDb</p>");
      expect(post.content).toContain(`alt="xŸ\uFFFD\uFFFD\uFFFD\uFFFDy"`);
      // What is allowed stays: tab and line breaks, the escaped markup, € (which &#128; means in HTML), an emoji.
      expect(post.content).toContain("kept:\t\n\r&amp;&lt;€😀");
      // The plain-text fields are text, not HTML: an entity in them is its own characters.
      expect(post.title).toBe("Entities &#1; &amp; all");
      expect(post.excerpt).toBe("An excerpt &#x7;");
      expect(post.seoDescription).toBe("Described &#x1b;");
      const feed = (await call("GET", "/blog/rss.xml", null)).body;
      expect(feed).not.toMatch(forbidden);
      expect(feed).toContain("<title>Entities &amp;#1; &amp;amp; all</title>");
      await call("POST", "/_api/admin/blog-post/delete", admin, { id: post.id });
    });

    it("keeps only the editor's own classes, so stored HTML cannot style itself with the site's CSS", async () => {
      const post = await create({
        title: "Classes",
        content: [
          '<p class="ql-align-center fixed inset-0">centred</p>',
          '<p><a class="fixed inset-0 z-50 block" href="https://evil.example/">cover</a></p>',
          '<p><span class="absolute">s</span><strong class="sr-only">b</strong><img class="fixed" src="https://i.example/a.png"></p>',
          '<pre class="ql-syntax hidden">x</pre><h2 class="ql-indent-1 text-9xl">h</h2>',
        ].join(""),
      });
      expect(post.content).toBe(
        [
          '<p class="ql-align-center">centred</p>',
          '<p><a href="https://evil.example/">cover</a></p>',
          '<p><span>s</span><strong>b</strong><img src="https://i.example/a.png" /></p>',
          '<pre class="ql-syntax">x</pre><h2 class="ql-indent-1">h</h2>',
        ].join(""),
      );
    });

    it("keeps what the editor's toolbar makes, and the two video hosts' embeds", async () => {
      const html = [
        '<h1 class="ql-align-center">Heading</h1><h2>Two</h2><h3>Three</h3>',
        "<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s></p>",
        '<ol><li>one</li></ol><ul><li class="ql-indent-1">bullet</li></ul>',
        '<p class="ql-align-right"><a href="https://example.com/a" target="_blank">link</a> <a href="mailto:hi@example.com">mail</a></p>',
        '<pre data-language="plain">const x = 1;</pre>',
        '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
        '<iframe class="ql-video" src="https://player.vimeo.com/video/76979871"></iframe>',
      ].join("");
      const post = await create({ title: "Formatted", content: html });
      for (const fragment of [
        '<h1 class="ql-align-center">Heading</h1>',
        "<strong>bold</strong>",
        "<em>italic</em>",
        "<u>under</u>",
        "<s>strike</s>",
        "<ol><li>one</li></ol>",
        '<li class="ql-indent-1">bullet</li>',
        '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">link</a>',
        '<a href="mailto:hi@example.com">mail</a>',
        '<pre data-language="plain">const x = 1;</pre>',
        'src="https://www.youtube.com/embed/dQw4w9WgXcQ"',
        'src="https://player.vimeo.com/video/76979871"',
      ]) {
        expect(post.content).toContain(fragment);
      }
    });
  });

  describe("reading the public blog", () => {
    let older: BlogPost;
    let newer: BlogPost;
    let draft: BlogPost;

    beforeAll(async () => {
      older = await create({
        title: "Older public post",
        status: "published",
        excerpt: "The older one.",
        seoTitle: "Older SEO title",
        seoDescription: "Older SEO description",
        seoKeywords: "seed, fundraising",
        featuredImageUrl: "https://images.example/older.png",
      });
      newer = await create({ title: "Newer public post", status: "published", excerpt: "The newer one." });
      draft = await create({ title: "Hidden draft post", slug: "hidden-draft" });
    });

    it("lists published posts only, newest first, with dates kept as dates", async () => {
      const posts = await publicList();
      const ids = posts.map((post) => post.id);
      expect(ids).not.toContain(draft.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(posts.every((post) => post.status === "published" && post.publishedAt instanceof Date)).toBe(true);
      // Cards only: the bodies stay with the post call (the home page carries its teaser's list in its HTML).
      expect(posts.every((post) => !("content" in post))).toBe(true);
      expect(posts.find((post) => post.id === newer.id)).toMatchObject({
        title: "Newer public post",
        excerpt: "The newer one.",
      });
    });

    it("honours limit and refuses one that is not a positive whole number", async () => {
      expect(await publicList("?limit=1")).toHaveLength(1);
      expect((await publicList("?limit=1"))[0]?.id).toBe(newer.id);
      expect((await publicList("?limit=100000000000000000000")).length).toBe((await publicList()).length);
      for (const bad of ["0", "-1", "1.5", "abc", "", "1e3", "3&limit=4"]) {
        const response = await call("GET", `/_api/blog/posts?limit=${bad}`, null);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().error).toBe("limit must be a positive whole number.");
      }
      const unknown = await call("GET", "/_api/blog/posts?page=2", null);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ error: "Unknown field(s) in the blog list query: page." });
    });

    it("sends the list and a post to a browser compressed when worth it, the same text as without", async () => {
      for (const url of ["/_api/blog/posts", `/_api/blog/post?slug=${older.slug}`]) {
        const plain = await t.app.inject({ method: "GET", url });
        const browser = await t.app.inject({
          method: "GET",
          url,
          headers: { "accept-encoding": "gzip, deflate, br, zstd" },
        });
        const encoded = browser.headers["content-encoding"];
        expect(encoded, url).toBe(plain.rawPayload.length >= 1024 ? "br" : undefined);
        const text = encoded === "br" ? brotliDecompressSync(browser.rawPayload) : browser.rawPayload;
        expect(text.equals(plain.rawPayload), url).toBe(true);
      }
    });

    it("answers a published post by slug, and 404 for a draft or an unknown slug", async () => {
      const response = await call("GET", `/_api/blog/post?slug=${older.slug}`, null);
      expect(response.statusCode).toBe(200);
      const { post } = decode<{ post: BlogPost }>(response);
      expect(post).toMatchObject({ id: older.id, title: "Older public post", seoKeywords: "seed, fundraising" });
      expect(post.publishedAt).toBeInstanceOf(Date);
      for (const slug of ["hidden-draft", "no-such-post", "%00", "a".repeat(5000)]) {
        const missing = await call("GET", `/_api/blog/post?slug=${slug}`, null);
        expect(missing.statusCode, slug.slice(0, 20)).toBe(404);
        expect(missing.json()).toEqual({ error: "Blog post not found." });
      }
      for (const query of ["", "?slug=", "?slug=%20%20"]) {
        const missing = await call("GET", `/_api/blog/post${query}`, null);
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toEqual({ error: "Slug is required" });
      }
    });

    it("shows a write on the very next read: publishing, editing and deleting", async () => {
      const post = await create({ title: "Fresh post" });
      expect((await publicList()).map((each) => each.id)).not.toContain(post.id);
      const published = decode<{ post: BlogPost }>(await update(post, { status: "published" })).post;
      expect((await publicList("?limit=1"))[0]?.id).toBe(published.id);
      await update(published, { title: "Fresh post, edited" });
      expect((await publicList("?limit=1"))[0]?.title).toBe("Fresh post, edited");
      await call("POST", "/_api/admin/blog-post/delete", admin, { id: post.id });
      expect((await publicList()).map((each) => each.id)).not.toContain(post.id);
      expect((await call("GET", `/_api/blog/post?slug=${post.slug}`, null)).statusCode).toBe(404);
    });

    it("serves a post page with its head: SEO title, description, keywords, canonical, card and structured data", async () => {
      const response = await call("GET", `/blog/${older.slug}`, null);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain("<title>Older SEO title | Venture Capital Fund Matching</title>");
      expect(html).toContain('<meta name="description" content="Older SEO description" />');
      expect(html).toContain('<meta name="keywords" content="seed, fundraising" />');
      expect(html).toContain(`<link rel="canonical" href="https://fundmatch.example/blog/${older.slug}" />`);
      expect(html).toContain('<meta property="og:type" content="article" />');
      expect(html).toContain('<meta property="og:image" content="https://images.example/older.png" />');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain(
        '<link rel="alternate" type="application/rss+xml" title="FundMatch Blog" href="https://fundmatch.example/blog/rss.xml" />',
      );
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}");
      expect(jsonLd).toMatchObject({
        "@type": "BlogPosting",
        headline: "Older public post",
        author: { name: "editor" },
        url: `https://fundmatch.example/blog/${older.slug}`,
      });
      // Without an SEO description the excerpt describes the page; without keywords there are none.
      const plain = (await call("GET", `/blog/${newer.slug}`, null)).body;
      expect(plain).toContain("<title>Newer public post | Venture Capital Fund Matching</title>");
      expect(plain).toContain('<meta name="description" content="The newer one." />');
      expect(plain).not.toContain('name="keywords"');
    });

    it("answers a draft's or an unknown post's page with 404 and the Not Found head", async () => {
      for (const url of ["/blog/hidden-draft", "/blog/no-such-post", "/blog/%20", "/blog/x/y"]) {
        const response = await call("GET", url, null);
        expect(response.statusCode, url).toBe(404);
        expect(response.body).toContain("<title>Page Not Found | Venture Capital Fund Matching</title>");
        expect(response.body).toContain('<meta name="robots" content="noindex" />');
      }
      const list = await call("GET", "/blog", null);
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain("<title>Blog | Venture Capital Fund Matching</title>");
      expect(list.body).toContain('type="application/rss+xml"');
    });

    it("keeps a title that tries to close the structured data's script inert", async () => {
      const hostile = await create({ title: "Sneaky </script><script>alert(1)</script>", status: "published" });
      const html = (await call("GET", `/blog/${hostile.slug}`, null)).body;
      expect(html).not.toContain("</script><script>alert(1)");
      expect(html).toContain("\\u003c/script>");
      await call("POST", "/_api/admin/blog-post/delete", admin, { id: hostile.id });
    });

    it("lists published posts in the sitemap with their last change, and not drafts", async () => {
      const sitemap = (await call("GET", "/sitemap.xml", null)).body;
      expect(sitemap).toContain("<loc>https://fundmatch.example/blog</loc>");
      expect(sitemap).toContain(
        `<url><loc>https://fundmatch.example/blog/${older.slug}</loc><lastmod>${older.updatedAt.toISOString()}</lastmod></url>`,
      );
      expect(sitemap).not.toContain("hidden-draft");
    });

    it("publishes an RSS 2.0 feed of the published posts", async () => {
      const response = await call("GET", "/blog/rss.xml", null);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("application/rss+xml");
      const feed = response.body;
      expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
      expect(feed).toContain("<title>Newer public post</title>");
      expect(feed).toContain(`<link>https://fundmatch.example/blog/${older.slug}</link>`);
      expect(feed).toContain(`<pubDate>${older.publishedAt?.toUTCString()}</pubDate>`);
      expect(feed).not.toContain("Hidden draft post");
      expect(feed.indexOf("Newer public post")).toBeLessThan(feed.indexOf("Older public post"));
    });

    it("keeps the feed valid XML whatever a stored post holds: characters XML cannot carry are dropped", async () => {
      const post = await create({ title: "Control characters", status: "published" });
      // As a post saved before the fields refused control characters would be stored.
      await t.testDatabase.database.db.execute(
        sql`update blog_posts set title = ${"Bell\u0007 and\u001b title"}, excerpt = ${"Form\u000cfeed\uFFFE here"},
            content = ${"<p>Vertical\u000btab</p>"} where id = ${post.id}`,
      );
      // Any write moves the blog's data version on, so the feed is made again from the database.
      const other = await create({ title: "Version bump" });
      await call("POST", "/_api/admin/blog-post/delete", admin, { id: other.id });

      const feed = (await call("GET", "/blog/rss.xml", null)).body;
      expect(feed).toContain("<title>Bell and title</title>");
      expect(feed).toContain("<description>Formfeed here</description>");
      expect(feed).toContain("&lt;p&gt;Verticaltab&lt;/p&gt;");
      // XML 1.0's Char production: nothing else may appear in a document.
      expect(feed).not.toMatch(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
      await call("POST", "/_api/admin/blog-post/delete", admin, { id: post.id });
    });
  });
});

describe.each(TEST_DRIVERS)("the shipped articles on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.drop());

  const silent = pino({ level: "silent" });

  it("are seeded once on a pristine blog, published, with excerpts that fit the card", async () => {
    expect(await seedBlogIfPristine(database.database.db, silent)).toBe(true);
    const { rows } = await loadPublishedPosts(database.database.db);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.authorName).toBe(SEED_AUTHOR);
      expect(row.excerpt?.length ?? 0).toBeGreaterThan(20);
      expect(row.excerpt?.length ?? 999).toBeLessThanOrEqual(160);
      expect(row.content).toMatch(/^<p>/);
      expect(row.content).toContain("<h2>");
      expect(row.content).toBe(sanitizeBlogHtml(row.content));
      expect(row.slug).toBe(slugify(row.slug));
    }
    // A second start does nothing; nor does one after an admin removed every post.
    expect(await seedBlogIfPristine(database.database.db, silent)).toBe(false);
    await database.database.db.execute(sql`delete from blog_posts`);
    expect(await seedBlogIfPristine(database.database.db, silent)).toBe(false);
  });

  it("are cleaned at start of control characters an entity stored before the rule", async () => {
    const db = database.database.db;
    const row = await insertPost(db, {
      title: "Old post with a control character",
      slug: "old-post-with-control-character",
      content: "<p>Bell\u0007 and\u0085 next\uFFFE line</p>",
      status: "published",
      authorName: "someone",
    });
    if (row === "slug_taken") throw new Error("the slug is taken");
    expect(await resanitizeStoredPosts(db, silent)).toBe(1);
    expect((await findPostById(db, row.id))?.content).toBe("<p>Bell and next line</p>");
    expect(await resanitizeStoredPosts(db, silent)).toBe(0);
    await db.execute(sql`delete from blog_posts`);
  });

  it("are sanitised again under the current rules at start: a class stored before the class rule goes", async () => {
    const db = database.database.db;
    const row = await insertPost(db, {
      title: "Old post",
      slug: "old-post-with-classes",
      content: '<p class="ql-align-center"><a class="fixed inset-0" href="https://x.example/">x</a></p>',
      status: "published",
      authorName: "someone",
    });
    if (row === "slug_taken") throw new Error("the slug is taken");
    expect(await resanitizeStoredPosts(db, silent)).toBe(1);
    const stored = await findPostById(db, row.id);
    expect(stored?.content).toBe('<p class="ql-align-center"><a href="https://x.example/">x</a></p>');
    expect(stored?.updatedAt).toEqual(row.updatedAt);
    // Already clean: nothing is written on the next start.
    expect(await resanitizeStoredPosts(db, silent)).toBe(0);
    await db.execute(sql`delete from blog_posts`);
  });
});
