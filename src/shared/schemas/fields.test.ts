import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  describeInput,
  emailSchema,
  hasControlCharacters,
  idSchema,
  MAX_ID,
  noControlCharacters,
  stripControlCharacters,
} from "./fields.js";

describe("describeInput", () => {
  it("never throws and never grows past the quote limit, whatever it is given", () => {
    const nasty = fc.oneof(
      fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }),
      fc.constantFrom<unknown>({ toString: 1 }, { valueOf: null, toString: null }, Object.create(null), [
        { toString: 1 },
      ]),
    );
    fc.assert(
      fc.property(nasty, (value) => {
        expect(describeInput(value).length).toBeLessThanOrEqual(64);
      }),
    );
  });

  it("quotes strings, numbers and booleans, and names anything else", () => {
    expect(describeInput("seed2")).toBe("'seed2'");
    expect(describeInput(3)).toBe("'3'");
    expect(describeInput("x".repeat(100))).toBe(`'${"x".repeat(60)}…'`);
    expect(describeInput({ toString: 1 })).toBe("(an object)");
    expect(describeInput([1])).toBe("(a list)");
    expect(describeInput(null)).toBe("(null)");
  });
});

describe("idSchema", () => {
  it("accepts exactly the integer column's positive range", () => {
    const id = idSchema("fundId");
    expect(id.safeParse(1).success).toBe(true);
    expect(id.safeParse(MAX_ID).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.NaN, "1", null]) {
      expect(id.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe("the e-mail contract", () => {
  it("is the product's one address parser, trimmed", () => {
    const email = emailSchema("Please enter a valid email address.");
    expect(email.safeParse("  Jane@Example.com ").success).toBe(true);
    expect(email.safeParse(`a@${"b".repeat(250)}.com`).success).toBe(false);
    expect(email.safeParse("ana@evil.example?.fund.com").success).toBe(false);
  });
});

describe("the control-character rule", () => {
  it("refuses C0, DEL, C1 and lone surrogates in one-line text, and keeps line breaks in multi-line text", () => {
    for (const bad of [
      "\u0000",
      "\u0001",
      "\u0008",
      "\u001b",
      "\u001f",
      "\u007f",
      "\u0085",
      "\u009f",
      "\ud800",
      "\udc00",
    ]) {
      expect(hasControlCharacters(`a${bad}b`), JSON.stringify(bad)).toBe(true);
      expect(hasControlCharacters(`a${bad}b`, "multi-line"), JSON.stringify(bad)).toBe(true);
    }
    for (const lineBreak of ["\t", "\n", "\r"]) {
      expect(hasControlCharacters(`a${lineBreak}b`)).toBe(true);
      expect(hasControlCharacters(`a${lineBreak}b`, "multi-line")).toBe(false);
    }
    for (const fine of ["Zürich Capital", "日本", "emoji 🚀 pair", "\u00a0nbsp", "\u200bzero width", ""]) {
      expect(hasControlCharacters(fine), fine).toBe(false);
    }
  });

  it("gives the field's own message in a contract", () => {
    const name = z.string().refine(...noControlCharacters("Display name"));
    expect(name.safeParse("Ada\u0000").error?.issues[0]?.message).toBe(
      "Display name must not contain control characters.",
    );
    expect(emailSchema("Bad email").safeParse("a\u0000@example.com").success).toBe(false);
  });

  it("strips imported cells: line breaks stay for the import to fold, other control characters go", () => {
    expect(stripControlCharacters("Nul\u0000Fund")).toBe("NulFund");
    expect(stripControlCharacters("Two\r\nlines\tand\u000bmore\u0085")).toBe("Two\r\nlines\tand\nmore\n");
    expect(stripControlCharacters("\u001b[31mRed\u007f \ud800")).toBe("[31mRed ");
    const plain = "Plain Fund";
    expect(stripControlCharacters(plain)).toBe(plain);
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(hasControlCharacters(stripControlCharacters(text), "multi-line")).toBe(false);
      }),
    );
  });
});
