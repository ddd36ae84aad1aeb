import { describe, expect, it } from "vitest";
import { toUsd } from "./currency-rates.js";
import { fundPageMeta, fundPath, fundSlug, parseFundPath, reviewedText } from "./fund-page.js";
import { hasControlCharacters } from "./text-rules.js";

describe("fund pages", () => {
  it("makes a readable slug of any name", () => {
    expect(fundSlug("Alpha & Söhne Ventures")).toBe("alpha-and-sohne-ventures");
    expect(fundSlug("  a16z  crypto!! ")).toBe("a16z-crypto");
    expect(fundSlug("真格基金")).toBe("fund");
    expect(fundSlug("x".repeat(200))).toHaveLength(80);
    expect(fundPath({ id: 12, name: "Point Nine" })).toBe("/funds/12-point-nine");
  });

  it("reads the id of a fund path, and nothing else", () => {
    expect(parseFundPath("/funds/12-point-nine")).toEqual({ id: 12, slug: "point-nine" });
    expect(parseFundPath("/funds/12")).toEqual({ id: 12, slug: undefined });
    expect(parseFundPath("/funds/12/")).toEqual({ id: 12, slug: undefined });
    expect(parseFundPath("/funds/999999999999-x")?.id).toBe(999_999_999_999);
    expect(parseFundPath("/funds/0-x")?.id).toBe(0);
    for (const path of [
      "/funds/",
      "/funds/99999999999999-x",
      "/funds/abc",
      "/funds/12-a/b",
      "/fund/12",
      "/funds/-12",
    ]) {
      expect(parseFundPath(path), path).toBeNull();
    }
  });

  it("says 'Reviewed' only after a person reviewed, else when the fund was listed", () => {
    expect(reviewedText({ lastReviewed: "2026-11-21", listedOn: "2026-11-20", source: "curated" })).toBe(
      "Reviewed Nov 2026 · FundMatch's curated list",
    );
    expect(reviewedText({ lastReviewed: "2025-01-03", listedOn: "2024-05-01", source: "techcrunch.com" })).toBe(
      "Reviewed Jan 2025 · techcrunch.com",
    );
    expect(reviewedText({ lastReviewed: null, listedOn: "2026-12-07", source: "curated" })).toBe(
      "Listed Dec 2026 · FundMatch's curated list · not reviewed yet",
    );
    expect(reviewedText({ lastReviewed: "soon", listedOn: "later", source: "curated" })).toBe(
      "Source: FundMatch's curated list",
    );
    // Beside a line that names the curated list already (a card's unsourced facts): without it.
    expect(reviewedText({ lastReviewed: null, listedOn: "2026-12-07", source: "curated" }, false)).toBe(
      "Listed Dec 2026 · not reviewed yet",
    );
    expect(reviewedText({ lastReviewed: "2026-11-21", listedOn: "2026-11-20", source: "curated" }, false)).toBe(
      "Reviewed Nov 2026",
    );
  });

  it("describes a fund in at most 160 characters from public fields", () => {
    const meta = fundPageMeta({
      id: 3,
      name: "Nordic Climate",
      city: "Oslo",
      country: "Norway",
      fundingStages: ["seed", "series_a", "series_b", "growth"],
      industryFocus: ["climate_sustainability", "energy_tech"],
      fundSize: 100_000_000,
      currency: "EUR",
      description: null,
    });
    expect(meta.title).toBe("Nordic Climate: VC fund in Norway | Venture Capital Fund Matching");
    expect(meta.description).toBe(
      "Nordic Climate, based in Oslo, Norway. Invests at Seed, Series A, Series B and more in Climate & Sustainability, Energy Tech. Fund size €100M.",
    );
    expect(meta.canonicalPath).toBe("/funds/3-nordic-climate");
    const long = fundPageMeta({
      ...{ id: 3, name: "N", city: null, country: "Norway" },
      fundingStages: ["seed"],
      industryFocus: [],
      fundSize: null,
      currency: null,
      description: "word ".repeat(80),
    });
    expect(long.description.length).toBeLessThanOrEqual(160);
    expect(long.description.endsWith("…")).toBe(true);
  });

  it("never cuts a thesis inside an emoji or a grapheme", () => {
    const fund = {
      ...{ id: 3, name: "N", city: null, country: "Norway" },
      fundingStages: [],
      industryFocus: [],
      fundSize: null,
      currency: null,
    };
    for (const description of ["🚀".repeat(200), `a${"🚀".repeat(200)}`, "👨‍👩‍👧".repeat(40), "🇩🇪".repeat(80)]) {
      const meta = fundPageMeta({ ...fund, description });
      expect(meta.description.length).toBeLessThanOrEqual(160);
      expect(hasControlCharacters(meta.description), JSON.stringify(meta.description)).toBe(false);
      const kept = meta.description.slice(0, -1);
      expect(
        description.startsWith(kept) &&
          [...new Intl.Segmenter().segment(description)].some(({ index }) => index === kept.length),
      ).toBe(true);
    }
  });

  it("leaves undisclosed stages or industries out of the description instead of guessing", () => {
    const base = {
      id: 4,
      name: "Quiet Fund",
      city: null,
      country: "Norway",
      fundSize: null,
      currency: null,
      description: null,
    };
    expect(fundPageMeta({ ...base, fundingStages: [], industryFocus: ["fintech"] }).description).toBe(
      "Quiet Fund, based in Norway. Invests in Fintech.",
    );
    expect(fundPageMeta({ ...base, fundingStages: [], industryFocus: [] }).description).toBe(
      "Quiet Fund, based in Norway.",
    );
    expect(fundPageMeta({ ...base, fundingStages: ["seed"], industryFocus: [] }).description).toBe(
      "Quiet Fund, based in Norway. Invests at Seed.",
    );
  });
});

describe("fixed currency rates", () => {
  it("converts known currencies and refuses unknown ones", () => {
    expect(toUsd(100, "USD")).toBe(100);
    expect(toUsd(100, "eur")).toBeCloseTo(110);
    expect(toUsd(100, null)).toBe(100);
    expect(toUsd(100, "XYZ")).toBeNull();
    expect(toUsd(100, "__proto__")).toBeNull();
    expect(toUsd(null, "USD")).toBeNull();
  });
});
