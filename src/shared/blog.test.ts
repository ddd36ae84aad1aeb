import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blogPostMeta,
  cutExcerpt,
  draftFromMarkdown,
  parseUrlLines,
  plainText,
  slugify,
  videoEmbedUrl,
} from "./blog.js";

describe("the slug rule", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  Crème   Brûlée: Seed & Series A!  ", "creme-brulee-seed-series-a"],
    ["Ünïcödé ñame", "unicode-name"],
    ["multiple --- hyphens", "multiple-hyphens"],
    ["snake_case stays", "snake_case-stays"],
    ["What is a SAFE?", "what-is-a-safe"],
    ["!!!", ""],
    ["Tab\tand\nnewline", "tab-and-newline"],
  ])("%s → %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("gives only lower-case word characters and single inner hyphens, and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^(?:[a-z0-9_]+(?:-[a-z0-9_]+)*)?$/);
        expect(slug.length).toBeLessThanOrEqual(200);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe("the excerpt", () => {
  it("keeps a text of up to 160 characters and cuts a longer one to 157 plus an ellipsis", () => {
    expect(cutExcerpt("a".repeat(160))).toBe("a".repeat(160));
    expect(cutExcerpt("b".repeat(161))).toBe(`${"b".repeat(157)}...`);
    expect(cutExcerpt("b".repeat(161))).toHaveLength(160);
  });

  it("never cuts inside an emoji or any grapheme", () => {
    expect(cutExcerpt(`a${"😀".repeat(100)}`)).toBe(`a${"😀".repeat(78)}...`);
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 150, maxLength: 400 }), (text) => {
        const cut = cutExcerpt(text);
        expect(cut.length).toBeLessThanOrEqual(160);
        if (cut === text) return;
        const kept = cut.slice(0, -3);
        expect(text.startsWith(kept)).toBe(true);
        // The cut falls where a grapheme of the text begins: no half emoji, no lone surrogate.
        expect([...new Intl.Segmenter().segment(text)].some(({ index }) => index === kept.length)).toBe(true);
        expect(/\p{Cs}/u.test(kept)).toBe(false);
      }),
    );
  });
});

describe("using the AI writer's markdown", () => {
  it("takes the first '# ' line as the title, out of the content, and the first plain paragraph as the excerpt", () => {
    const draft = draftFromMarkdown(
      "# Seed rounds in 2026\n\n## Overview\n\nFounders raised **more** at [seed](https://x.example) than _ever_.\n\n## Sources\n- one",
    );
    expect(draft.title).toBe("Seed rounds in 2026");
    expect(draft.content.startsWith("## Overview")).toBe(true);
    expect(draft.content).not.toContain("# Seed rounds");
    expect(draft.excerpt).toBe("Founders raised more at seed than ever.");
  });

  it("cuts a long first paragraph and copes with no title", () => {
    const long = "word ".repeat(60).trim();
    const draft = draftFromMarkdown(`Intro without a title: ${long}`);
    expect(draft.title).toBe("");
    expect(draft.excerpt).toHaveLength(160);
    expect(draft.excerpt.endsWith("...")).toBe(true);
  });
});

describe("the AI writer's URL lines", () => {
  it("trims lines and drops blank ones", () => {
    expect(parseUrlLines("  https://a.example/x  \n\n\thttp://b.example\n")).toEqual({
      urls: ["https://a.example/x", "http://b.example"],
    });
  });
  it.each([
    ["", "none"],
    ["  \n \n", "none"],
    ["https://a.example\nnot a url", "invalid"],
    ["ftp://files.example/a", "invalid"],
    ["javascript:alert(1)", "invalid"],
  ])("%j → %s", (text, error) => {
    expect(parseUrlLines(text)).toEqual({ error });
  });
});

describe("a post's head", () => {
  const post = {
    title: "Title",
    slug: "a-slug",
    excerpt: "The excerpt.",
    content: "<p>First &amp; <strong>only</strong> paragraph.</p>",
    seoTitle: null,
    seoDescription: null,
    seoKeywords: null,
  };
  it("prefers the SEO fields, then the title and excerpt, then the text", () => {
    expect(blogPostMeta(post)).toEqual({
      title: "Title | Venture Capital Fund Matching",
      description: "The excerpt.",
      keywords: null,
      canonicalPath: "/blog/a-slug",
    });
    expect(blogPostMeta({ ...post, seoTitle: "SEO", seoDescription: "Described", seoKeywords: "a, b" })).toMatchObject({
      title: "SEO | Venture Capital Fund Matching",
      description: "Described",
      keywords: "a, b",
    });
    expect(blogPostMeta({ ...post, excerpt: null }).description).toBe("First & only paragraph.");
  });
  it("reads stored HTML as plain words", () => {
    expect(plainText("<h2>A</h2><p>b&nbsp;c<br>d</p><ul><li>e</li><li>f</li></ul>")).toBe("A b c d e f");
  });
});

describe("video links in the editor", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["http://player.vimeo.com/video/76979871/", "https://player.vimeo.com/video/76979871"],
    ["https://example.com/watch?v=dQw4w9WgXcQ", null],
    ["https://vimeo.com/channels/staffpicks", null],
    ["https://evil.example/?u=youtube.com/watch?v=dQw4w9WgXcQ", null],
  ])("%s → %s", (url, embed) => {
    expect(videoEmbedUrl(url)).toBe(embed);
  });
});
