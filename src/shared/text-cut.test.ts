import { describe, expect, it, vi } from "vitest";
import { cutText, graphemePrefix } from "./text-cut.js";
import { hasControlCharacters } from "./text-rules.js";

describe("graphemePrefix", () => {
  it("keeps a text that fits as it is", () => {
    expect(graphemePrefix("short", 10)).toBe("short");
    expect(graphemePrefix("", 0)).toBe("");
  });

  it("never cuts inside a surrogate pair", () => {
    const text = "🚀".repeat(100);
    for (const max of [1, 2, 3, 157, 158]) {
      const cut = graphemePrefix(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(hasControlCharacters(cut)).toBe(false);
      expect(cut.length % 2).toBe(0);
    }
  });

  it("never cuts inside a grapheme: a family, a flag, a letter with its accent, a skin tone", () => {
    const family = "👨‍👩‍👧";
    expect(graphemePrefix(`ab${family}cd`, 6)).toBe("ab");
    expect(graphemePrefix(`ab${family}cd`, 10)).toBe(`ab${family}`);
    expect(graphemePrefix("x🇩🇪🇫🇷", 4)).toBe("x");
    expect(graphemePrefix("e\u0301e\u0301", 3)).toBe("e\u0301");
    expect(graphemePrefix("👍🏽👍🏽", 5)).toBe("👍🏽");
  });

  it("segments only around the cut, whatever the text's length", () => {
    // What the segmenter is given, not how long it takes: a test never waits on the clock.
    const segment = vi.spyOn(Intl.Segmenter.prototype, "segment");
    try {
      expect(graphemePrefix("a".repeat(5_000_000), 160)).toHaveLength(160);
      expect(segment).toHaveBeenCalled();
      for (const [input] of segment.mock.calls) expect(input.length).toBeLessThanOrEqual(162);
    } finally {
      segment.mockRestore();
    }
  });
});

describe("cutText", () => {
  it("cuts at a word when one ends in the second half, with the mark", () => {
    expect(cutText("one two three four", 12)).toBe("one two…");
    expect(cutText("abcdefghijklmnop", 8)).toBe("abcdefg…");
  });

  it("drops what `trim` names before the mark, and takes another mark", () => {
    expect(cutText("alpha, beta, gamma", 14, { trim: /[\s,.;:]+$/ })).toBe("alpha, beta…");
    expect(cutText("abcdefghij", 8, { mark: "..." })).toBe("abcde...");
  });

  it("never leaves half an emoji before the mark", () => {
    const cut = cutText("🦄".repeat(200), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("🦄…")).toBe(true);
    expect(hasControlCharacters(cut)).toBe(false);
  });
});
