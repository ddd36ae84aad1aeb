import { describe, expect, it } from "vitest";
import { placeNoun, readStatedGeography, regionsOfStatedGeography, statedCoverage } from "./stated-geography.js";

const covers = (text: string, country: string) => statedCoverage(readStatedGeography(text), country);

describe("a fund's stated geography", () => {
  it("reads demonyms, countries, sub-regions and regions into countries", () => {
    expect(covers("Backs Israeli founders at seed.", "IL")).toBe("stated");
    expect(covers("Backs Israeli founders at seed.", "NG")).toBe("elsewhere");
    expect(covers("Invests across Francophone Africa.", "SN")).toBe("stated");
    expect(covers("Invests across Francophone Africa.", "NG")).toBe("elsewhere");
    expect(covers("Seed fund for Nordic and Baltic startups.", "LT")).toBe("stated");
    expect(covers("Seed fund for Nordic and Baltic startups.", "DE")).toBe("elsewhere");
    expect(covers("Early-stage investor in Central and Eastern Europe.", "PL")).toBe("stated");
    expect(covers("Invests in Kenya and Nigeria.", "NG")).toBe("stated");
    expect(covers("Invests in Kenya and Nigeria.", "EG")).toBe("elsewhere");
    expect(covers("Backs founders in Egypt and North Africa.", "MA")).toBe("stated");
    expect(covers("Supports Mexico and Spanish-speaking Latin America.", "CO")).toBe("stated");
    expect(covers("Invests in German-speaking Europe.", "AT")).toBe("stated");
  });

  it("takes the longest phrase: Latin American is not American, South African not all of Africa", () => {
    expect(covers("Backs Latin American fintech.", "US")).toBe("elsewhere");
    expect(covers("Backs South African founders.", "KE")).toBe("elsewhere");
    expect(covers("Backs South African founders.", "ZA")).toBe("stated");
    expect(covers("Invests in Southeast Asia.", "JP")).toBe("elsewhere");
    expect(covers("Invests in Southeast Asia.", "VN")).toBe("stated");
  });

  it("reads cities and areas as their country, and US only in capitals", () => {
    expect(covers("Pacific Northwest seed fund.", "US")).toBe("stated");
    expect(covers("A Berlin-based fund.", "DE")).toBe("stated");
    expect(covers("Backs US and European founders.", "US")).toBe("stated");
    expect(covers("Join us to build the future.", "US")).toBeUndefined();
  });

  it("reads global only from an investing phrase, not from the startups' ambition", () => {
    expect(covers("Invests globally in AI infrastructure.", "NG")).toBe("global");
    expect(covers("A seed fund backing founders around the world.", "BR")).toBe("global");
    // The fund's own words with a modifier or two: "a global day-zero investor".
    expect(covers("Global day-zero investor that funds founders at pre-seed.", "DE")).toBe("global");
    expect(covers("A global early-stage fund for deep tech.", "KE")).toBe("global");
    expect(covers("Backs European founders building global companies.", "FR")).toBe("stated");
    expect(covers("Backs European founders building global companies.", "US")).toBe("elsewhere");
  });

  it("states nothing when the words name no place: unknown, never elsewhere", () => {
    expect(covers("Seed-stage investor in developer tools and AI.", "US")).toBeUndefined();
    expect(readStatedGeography(null).countries.size).toBe(0);
    expect(covers("Backs Israeli founders.", "")).toBeUndefined();
  });

  it("keeps the words as written, for a concern that names them", () => {
    const geography = readStatedGeography("Backs Israeli and Israeli-founded companies in Tel Aviv.");
    expect(geography.named).toEqual(["Israeli", "Israeli-founded", "Tel Aviv"]);
    expect(regionsOfStatedGeography(geography)).toEqual(["middle_east_africa"]);
  });
});

describe("a stated place as a noun", () => {
  it("turns an adjective into its place and leaves names as written", () => {
    expect(placeNoun("Israeli", ["IL"])).toBe("Israel");
    expect(placeNoun("Egyptian", ["EG"])).toBe("Egypt");
    expect(placeNoun("European", ["DE", "FR"])).toBe("Europe");
    expect(placeNoun("African", ["NG", "KE"])).toBe("Africa");
    expect(placeNoun("East African", ["KE", "TZ"])).toBe("East Africa");
    expect(placeNoun("Nordic", ["SE", "NO"])).toBe("the Nordics");
    expect(placeNoun("Francophone Africa", ["SN", "CI"])).toBe("Francophone Africa");
    expect(placeNoun("Lagos", ["NG"])).toBe("Lagos");
  });
});

describe("a place named as an exception", () => {
  it("is not the stated geography", () => {
    const reading = readStatedGeography(
      "Cairo-based venture firm backing Egyptian technology startups from seed to Series B, with selective deals elsewhere in Africa and MENA.",
    );
    expect(reading.countries.has("EG")).toBe(true);
    expect(reading.countries.has("NG")).toBe(false);
    expect(reading.occasional.has("NG")).toBe(true);
    expect(reading.named).toEqual(["Cairo", "Egyptian"]);
  });
});
