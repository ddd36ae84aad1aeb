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
    expect(covers("A seed fund backing Berlin-based founders.", "DE")).toBe("stated");
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

  it("reads where the firm sits as its seat, not where it invests (issue 37)", () => {
    // Read as France only, a Paris life-science investor was put below every other fund for a Belgian startup.
    expect(covers("Paris-based life sciences investor backing biotech and medtech companies.", "BE")).toBeUndefined();
    expect(covers("Amsterdam life sciences investor, formerly LSP, backing biotech companies.", "BE")).toBeUndefined();
    expect(covers("Icelandic venture fund backing early-stage technology companies.", "DK")).toBeUndefined();
    expect(covers("Multi-stage firm founded in Geneva, backing software companies.", "FR")).toBeUndefined();
    // The seat beside a stated geography: the geography is read.
    expect(covers("Helsinki early-stage investor backing Finnish startups.", "FI")).toBe("stated");
    expect(covers("Helsinki early-stage investor backing Finnish startups.", "SE")).toBe("elsewhere");
    // Words about the startups, a focus, offices and regions are not a seat.
    expect(covers("Chicago seed fund investing in technology startups based in the Midwest.", "US")).toBe("stated");
    expect(covers("Israel-focused firm leading seed rounds.", "IL")).toBe("stated");
    expect(covers("Israel-focused firm leading seed rounds.", "DE")).toBe("elsewhere");
    expect(covers("Invests in cloud software, with offices in the US, Europe, Israel and India.", "IN")).toBe("stated");
    expect(covers("European early-stage investor backing technology companies.", "PL")).toBe("stated");
  });

  it("reads a reach at the end of what the fund backs, and emerging markets (issue 37)", () => {
    expect(
      covers("Intel's venture arm, investing in semiconductor, AI and other computing startups worldwide.", "BE"),
    ).toBe("global");
    expect(covers("Early-stage agrifood technology investor backing startups worldwide.", "AR")).toBe("global");
    expect(
      covers("Pre-seed fund writing small first checks into software startups in the US and internationally.", "NG"),
    ).toBe("global");
    expect(covers("Backing technology startups across many developed and emerging markets.", "VN")).toBe("global");
    // The startups' ambition is not the fund's reach.
    expect(covers("Athens seed investor backing Greek founders who build globally oriented companies.", "US")).toBe(
      "elsewhere",
    );
    const emerging = "Fintech investor backing companies in the US and emerging markets.";
    for (const code of ["NG", "KE", "BR", "MX", "IN", "ID", "EG", "AE"]) expect(covers(emerging, code)).toBe("stated");
    for (const code of ["DE", "JP", "AU"]) expect(covers(emerging, code)).toBe("elsewhere");
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
    expect(reading.named).toEqual(["Egyptian"]);
    // "Cairo-based" is where the firm sits, not a place it states.
  });
});
