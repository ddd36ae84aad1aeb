import { describe, expect, it } from "vitest";
import { DEMO_NOTE, demoDraft, escapeMarkdown, isInformative, pickSentences, sentencesOf } from "./demo-draft.js";
import type { Article } from "./extract.js";

const article = (overrides: Partial<Article> = {}): Article => ({
  url: "https://news.example/seed-rounds",
  title: "Seed rounds grow in Europe",
  siteName: "Example News",
  byline: "Jane Doe",
  text: [
    "Seed rounds",
    "European startups raised 4.2 billion euros in seed rounds in the first quarter, a record.",
    "Subscribe to our newsletter for more stories like this one every single week.",
    "The median round grew to 2.5 million euros, up from 1.9 million a year earlier. Investors expect the trend to hold.",
    "Short line.",
    "Dr. Smith of the fund said founders should raise earlier than they planned to.",
    "A fifth sentence that is long enough and informative enough to be picked as well.",
  ].join("\n"),
  ...overrides,
});

describe("sentence picking", () => {
  it("splits paragraphs into sentences without breaking at abbreviations or decimals", () => {
    const sentences = sentencesOf("The median grew to 2.5 million. Dr. Smith agreed.\nNext paragraph");
    expect(sentences).toEqual(["The median grew to 2.5 million.", "Dr. Smith agreed.", "Next paragraph"]);
  });

  it("skips headings, short lines and calls to subscribe", () => {
    expect(isInformative("Seed rounds")).toBe(false);
    expect(isInformative("Short line.")).toBe(false);
    expect(isInformative("Subscribe to our newsletter for more stories like this one every single week.")).toBe(false);
    expect(isInformative("European startups raised 4.2 billion euros in seed rounds in the first quarter.")).toBe(true);
  });

  it("keeps the first informative sentences in their order, once each", () => {
    const text = `${article().text}\nEuropean startups raised 4.2 billion euros in seed rounds in the first quarter, a record.`;
    expect(pickSentences(text, 4)).toEqual([
      "European startups raised 4.2 billion euros in seed rounds in the first quarter, a record.",
      "The median round grew to 2.5 million euros, up from 1.9 million a year earlier.",
      "Investors expect the trend to hold.",
      "Dr. Smith of the fund said founders should raise earlier than they planned to.",
    ]);
  });

  it("falls back to the first lines when nothing reads as a sentence", () => {
    expect(pickSentences("Item one\nItem two\nItem three", 2)).toEqual(["Item one", "Item two"]);
  });
});

describe("the demo draft", () => {
  it("has a title, a section per source, the demo note and the sources as links", () => {
    const second = article({
      url: "https://other.example/a(1)",
      title: "Funds [raise] *more*",
      siteName: "Other",
      byline: null,
      text: "Venture funds closed more new vehicles this year than in any year since the survey began.",
    });
    const draft = demoDraft([article(), second]);
    const lines = draft.split("\n");
    expect(lines[0]).toBe("# News roundup: Seed rounds grow in Europe and 1 more story");
    expect(lines[2]).toBe("## Seed rounds grow in Europe");
    expect(draft).toContain(`${DEMO_NOTE}\n\n## Sources`);
    expect(DEMO_NOTE).toMatch(/^\*Demo draft.*without an AI model.*LLM_API_KEY.*\*$/);
    expect(draft).toContain("## Seed rounds grow in Europe\n\nEuropean startups raised 4.2 billion euros");
    expect(draft).toContain("(Example News, Jane Doe)");
    expect(draft).toContain("## Funds \\[raise\\] \\*more\\*\n\nVenture funds closed more new vehicles");
    expect(draft).not.toContain("Subscribe");
    expect(draft.slice(draft.indexOf("## Sources"))).toBe(
      [
        "## Sources",
        "",
        "- [Seed rounds grow in Europe](https://news.example/seed-rounds) (Example News)",
        "- [Funds \\[raise\\] \\*more\\*](https://other.example/a%281%29) (Other)",
        "",
      ].join("\n"),
    );
  });

  it("titles a single source's draft with that source's title", () => {
    expect(demoDraft([article()]).split("\n")[0]).toBe("# Seed rounds grow in Europe");
  });

  it("makes page text inert in markdown", () => {
    expect(escapeMarkdown("<img src=x onerror=alert(1)> [a](javascript:x) # _b_")).toBe(
      "\\<img src=x onerror=alert(1)\\> \\[a\\](javascript:x) \\# \\_b\\_",
    );
    expect(escapeMarkdown("1. first")).toBe("1\\. first");
    expect(escapeMarkdown("- item")).toBe("\\- item");
  });
});
