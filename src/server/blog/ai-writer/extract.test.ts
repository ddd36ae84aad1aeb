import { describe, expect, it } from "vitest";
import { ARTICLE_TEXT_MAX, capText, extractArticle, normaliseText, withoutSiteSuffix } from "./extract.js";
import { MAX_NESTING_DEPTH } from "./nesting-depth.js";

const paragraph = (n: number) =>
  `<p>Paragraph ${n}: startups in Berlin raised more money this quarter than in any quarter before, the report says.</p>`;

const page = (body: string, head = "<title>Seed rounds grow | Example News</title>") => ({
  url: "https://news.example/story",
  kind: "html" as const,
  body: `<!doctype html><html><head>${head}<meta property="og:site_name" content="Example News"></head><body>${body}</body></html>`,
});

describe("extractArticle", () => {
  it("keeps the article's text, one paragraph per line, and drops scripts, navigation and footer", async () => {
    const html = page(
      `<nav><a href="/">Home</a> <a href="/about">About us</a></nav>
       <article><h1>Seed rounds grow</h1><p class="byline">By Jane Doe</p>
       ${[1, 2, 3, 4].map(paragraph).join("")}<script>window.MARKER_7f3a = 1</script>${paragraph(5)}</article>
       <footer>Copyright Example News. All rights reserved.</footer>`,
      "<title>Seed rounds grow | Example News</title><script>var HEAD_MARKER_7f3a = 2</script><style>p{color:red}</style>",
    );
    const article = await extractArticle(html, "https://news.example/story?utm=x");
    expect(article).toMatchObject({
      url: "https://news.example/story?utm=x",
      title: "Seed rounds grow",
      siteName: "Example News",
      byline: "By Jane Doe",
    });
    expect(article.text.split("\n").filter((line) => line.startsWith("Paragraph"))).toHaveLength(5);
    expect(article.text).not.toMatch(/MARKER_7f3a|color:red|About us|All rights reserved/);
  });

  it("refuses a page without article text", async () => {
    await expect(extractArticle(page("<p>Please enable cookies.</p>"), "https://news.example/")).rejects.toThrow(
      "no article text was found on the page",
    );
  });

  it("refuses a page nested deeper than the bound before parsing it", async () => {
    const deep = page(`${"<div>".repeat(100_000)}${[1, 2, 3].map(paragraph).join("")}`);
    await expect(extractArticle(deep, "https://news.example/")).rejects.toThrow(
      `its HTML nests elements more than ${MAX_NESTING_DEPTH} levels deep`,
    );
  });

  it("reads a page just within the bound", async () => {
    const body = `${"<div>".repeat(MAX_NESTING_DEPTH - 10)}${[1, 2, 3].map(paragraph).join("")}`;
    const article = await extractArticle(page(body), "https://news.example/");
    expect(article.text).toContain("Paragraph 3");
  });

  it("ends the reader at its time limit, however long the page would take", async () => {
    // Past the depth check on purpose: 3,000 nested divs keep Readability busy for minutes.
    const slow = page(`${"<div>".repeat(3_000)}${[1, 2, 3].map(paragraph).join("")}`);
    // Without the limit this would outlast the test's own timeout: the rejection is the signal.
    await expect(
      extractArticle(slow, "https://news.example/", { maxDepth: Number.POSITIVE_INFINITY, timeoutMs: 1_500 }),
    ).rejects.toThrow("the page took more than 2 seconds to read");
  });

  it("takes a plain-text page as it is, its first line as the title", async () => {
    const body = `Quarterly venture report\n\n${"Funding rose across every stage this quarter. ".repeat(8)}`;
    const article = await extractArticle(
      { url: "https://www.data.example/r.txt", kind: "text", body },
      "https://x/r.txt",
    );
    expect(article).toMatchObject({ title: "Quarterly venture report", siteName: "data.example", byline: null });
  });

  it("caps the text at a word boundary", () => {
    const long = "word ".repeat(5_000);
    const capped = capText(long);
    expect(capped.length).toBeLessThanOrEqual(ARTICLE_TEXT_MAX);
    expect(capped.endsWith("word…")).toBe(true);
  });

  it("collapses whitespace within lines and drops blank lines", () => {
    expect(normaliseText("  a \t b \n\n\u00a0\n c  ")).toBe("a b\nc");
  });

  it("strips the site's name from the end of a title", () => {
    expect(withoutSiteSuffix("Seed rounds grow - Example News", "Example News")).toBe("Seed rounds grow");
    expect(withoutSiteSuffix("Example News", "Example News")).toBe("Example News");
    expect(withoutSiteSuffix("A story: part two", "Other")).toBe("A story: part two");
  });
});
