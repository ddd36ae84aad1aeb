import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moreErrorsText, rowCountText } from "./admin-texts.js";
import { CLAIM_TEXTS } from "./fund-claim-texts.js";
import { countOf, plural, possessive } from "./inflect.js";
import { chequeFitCountsText } from "./raise-stages.js";
import { hiddenCountText, matchCountText } from "./texts.js";

describe("plural", () => {
  it("takes the singular for one and the plural for every other count", () => {
    expect(plural(1, "row", "rows")).toBe("row");
    for (const count of [0, 2, 3, 10, 11, 21, 101, 1000, 1.5, 0.5, -2]) {
      expect(plural(count, "row", "rows")).toBe("rows");
    }
    expect(plural(1, "company", "companies")).toBe("company");
    expect(plural(2, "company", "companies")).toBe("companies");
  });

  it("agrees verbs as well as nouns", () => {
    expect(`${countOf(1, "fund", "funds")} ${plural(1, "matches", "match")}`).toBe("1 fund matches");
    expect(`${countOf(3, "fund", "funds")} ${plural(3, "matches", "match")}`).toBe("3 funds match");
  });
});

describe("countOf", () => {
  it("writes the count with en-US thousands separators before its word", () => {
    expect(countOf(1, "row", "rows")).toBe("1 row");
    expect(countOf(0, "row", "rows")).toBe("0 rows");
    expect(countOf(2, "row", "rows")).toBe("2 rows");
    expect(countOf(1000, "row", "rows")).toBe("1,000 rows");
    expect(countOf(1_234_567, "fund", "funds")).toBe("1,234,567 funds");
  });

  it("never says '1 rows' nor '2 row', whatever the whole count", () => {
    fc.assert(
      fc.property(fc.nat(), (count) => {
        const text = countOf(count, "row", "rows");
        expect(text).toBe(count === 1 ? "1 row" : `${count.toLocaleString("en-US")} rows`);
      }),
    );
  });
});

describe("possessive", () => {
  it("adds 's to a name that does not end in s", () => {
    expect(possessive("Acme Capital")).toBe("Acme Capital's");
    expect(possessive("Index")).toBe("Index's");
    expect(possessive("fund")).toBe("fund's");
    expect(possessive("a16z")).toBe("a16z's");
  });

  it("adds only an apostrophe to a name that ends in s, in either case", () => {
    expect(possessive("Cherry Ventures")).toBe("Cherry Ventures'");
    expect(possessive("ACME PARTNERS")).toBe("ACME PARTNERS'");
    expect(possessive("funds")).toBe("funds'");
  });

  it("puts the mark on the word, not after trailing spaces", () => {
    expect(possessive("Cherry Ventures  ")).toBe("Cherry Ventures'");
    expect(possessive("Acme ")).toBe("Acme's");
    expect(possessive("")).toBe("");
  });

  it("never writes s's", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(possessive(name)).not.toMatch(/[sS]'s$/);
      }),
    );
  });
});

describe("the texts that count or name", () => {
  it("say one in the singular and a name ending in s with the apostrophe only", () => {
    expect(CLAIM_TEXTS.verifiedTitle("Cherry Ventures")).toBe("You're now on Cherry Ventures' team");
    expect(CLAIM_TEXTS.verifiedTitle("Acme Capital")).toBe("You're now on Acme Capital's team");
    expect(rowCountText(1)).toBe("1 row");
    expect(rowCountText(1200)).toBe("1,200 rows");
    expect(moreErrorsText(1000, 1001)).toBe("Showing the first 1,000 of 1,001 errors.");
    expect(matchCountText(1)).toBe("1 fund matches your search");
    expect(matchCountText(12)).toBe("12 funds match your search");
    expect(hiddenCountText(1)).toBe("1 more fund matches your search");
    expect(hiddenCountText(0)).toBe("0 more funds match your search");
    expect(chequeFitCountsText({ covers: 1, unknown: 0 }, "$2M")).toBe("1 fund's cheque range covers $2M");
    expect(chequeFitCountsText({ covers: 2, unknown: 0 }, "$2M")).toBe("2 funds' cheque range covers $2M");
  });
});
