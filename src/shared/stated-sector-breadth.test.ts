import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INDUSTRY_CODES } from "./industries.js";
import { breadthCovers, readSectorBreadth } from "./stated-sector-breadth.js";

describe("a fund's own words on the breadth of its sectors (issue 37)", () => {
  it("reads an outright statement as every sector", () => {
    expect(readSectorBreadth("Sector-agnostic investor backing Indonesian tech companies.")).toBe("all");
    expect(readSectorBreadth("Backs UK pre-seed and seed startups across sectors.")).toBe("all");
    expect(readSectorBreadth("Invests a standard amount in each company, across all technology sectors.")).toBe("all");
    expect(readSectorBreadth("An industry-agnostic fund for first rounds.")).toBe("all");
  });

  it("reads 'technology startups' with only a stage or a place before it as every kind of technology", () => {
    expect(readSectorBreadth("Lagos-based seed investor backing technology startups across Africa.")).toBe(
      "technology",
    );
    expect(readSectorBreadth("Nigerian pre-seed fund making first investments in African technology startups.")).toBe(
      "technology",
    );
    expect(readSectorBreadth("Helsinki firm investing in Nordic and Baltic technology companies at seed.")).toBe(
      "technology",
    );
    expect(readSectorBreadth("Investor in early-stage New Zealand technology companies.")).toBe("technology");
    expect(readSectorBreadth("VC investing in Greek-founded technology companies.")).toBe("technology");
    expect(readSectorBreadth("Singapore VC investing in Series A and B technology companies in Southeast Asia.")).toBe(
      "technology",
    );
  });

  it("reads nothing where a sector word qualifies it, or where the words are about someone else", () => {
    for (const text of [
      "Australian VC investing in healthcare and technology companies at expansion stages.",
      "Buenos Aires firm investing in B2B technology startups across Latin America.",
      "Vienna investor focused on European deep tech startups.",
      "Milan VC backing European space technology startups.",
      "Investor in agriculture and food technology startups.",
      "Toronto fund focused on early-stage fintech companies in North America.",
      "Copenhagen firm investing in European biotech and medtech companies.",
      "Vienna-based firm backing software companies from the DACH region.",
      "Tallinn fund run by former tech founders, backing pre-seed startups.",
      "Paris investor backed by tech entrepreneurs, investing in internet and software companies.",
      "Seed-stage investor in developer tools and AI.",
      "",
    ]) {
      expect(readSectorBreadth(text), text).toBeUndefined();
    }
    expect(readSectorBreadth(null)).toBeUndefined();
  });

  it("covers every sector for 'all', every sector but drug development for 'technology', none unread", () => {
    expect(breadthCovers("technology", "digital_health")).toBe(true);
    expect(breadthCovers("technology", "semiconductors")).toBe(true);
    expect(breadthCovers("technology", "biotech")).toBe(false);
    expect(breadthCovers("technology", "therapeutics")).toBe(false);
    expect(breadthCovers("all", "therapeutics")).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...INDUSTRY_CODES), (code) => {
        expect(breadthCovers(undefined, code)).toBe(false);
        expect(breadthCovers("all", code)).toBe(true);
      }),
    );
  });

  it("never throws and reads any text the same way twice", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(readSectorBreadth(text)).toBe(readSectorBreadth(text));
      }),
    );
  });
});
