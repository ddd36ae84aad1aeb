import { describe, expect, it } from "vitest";
import { markdownPreviewHtml } from "./markdown-preview.js";

describe("markdownPreviewHtml", () => {
  it("renders headings, paragraphs, lists, emphasis and links", () => {
    const html = markdownPreviewHtml("## Sources\n\nSome **bold** text.\n\n- [Example](https://example.com/a) (Site)");
    expect(html).toContain("<h2>Sources</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">Example</a>');
  });

  it("shows raw HTML as text and drops links and images that could run code", () => {
    const html = markdownPreviewHtml(
      '<script>alert(1)</script>\n\nText <img src=x onerror="alert(2)"> [click](javascript:alert(3)) ' +
        "![pic](data:image/png;base64,AAAA) [ok](mailto:a@example.com)",
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|data:image/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("click");
    expect(html).toContain('href="mailto:a@example.com"');
  });
});
