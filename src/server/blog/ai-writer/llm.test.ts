import { describe, expect, it } from "vitest";
import { articlesMessage, unfence } from "./llm.js";

describe("the LLM exchange", () => {
  it("unwraps an answer the model put in a code fence, and leaves others alone", () => {
    expect(unfence("```markdown\n# Title\n\nText\n```")).toBe("# Title\n\nText");
    expect(unfence("  # Title\n\n```js\nx\n```\n")).toBe("# Title\n\n```js\nx\n```");
  });

  it("gives the model each article's title, site, address, byline and text", () => {
    const message = articlesMessage([
      { url: "https://a.example/1", title: "One", siteName: "A", byline: "By Ann", text: "First text." },
      { url: "https://b.example/2", title: "Two", siteName: "B", byline: null, text: "Second text." },
    ]);
    expect(message).toContain("these 2 source articles");
    expect(message).toContain(
      "<article 1>\nTitle: One\nSite: A\nURL: https://a.example/1\nByline: By Ann\n\nFirst text.\n</article 1>",
    );
    expect(message).toContain(
      "<article 2>\nTitle: Two\nSite: B\nURL: https://b.example/2\n\nSecond text.\n</article 2>",
    );
  });
});
