import { describe, expect, it } from "vitest";
import { regionOfCountryCode, regionTableCodes } from "./regions.js";
import {
  countriesOfSubRegion,
  REGION_OF_SUB_REGION,
  SUB_REGION_CODES,
  SUB_REGION_LABELS,
  subRegionOfCountryCode,
  subRegionTableCodes,
} from "./sub-regions.js";

describe("sub-regions", () => {
  it("place every country the regions place, each in one sub-region inside its region", () => {
    const placed = subRegionTableCodes();
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...regionTableCodes()].sort());
    for (const code of placed) {
      const subRegion = subRegionOfCountryCode(code);
      expect(subRegion, code).toBeDefined();
      expect(REGION_OF_SUB_REGION[subRegion as keyof typeof REGION_OF_SUB_REGION], code).toBe(
        regionOfCountryCode(code),
      );
    }
  });

  it("split the bucket that mixed Tel Aviv, Dubai, Cairo and Lagos", () => {
    expect(["IL", "AE", "EG", "NG", "KE", "ZA"].map(subRegionOfCountryCode)).toEqual([
      "levant",
      "gulf",
      "north_africa",
      "west_africa",
      "east_africa",
      "southern_africa",
    ]);
    expect(new Set(["IL", "AE", "EG", "NG"].map(regionOfCountryCode)).size).toBe(1);
  });

  it("name the European sub-regions founders use", () => {
    expect(["SE", "DE", "BE", "GB", "ES", "PL", "FR", "IE", "CH", "LT"].map(subRegionOfCountryCode)).toEqual([
      "nordics",
      "dach",
      "benelux",
      "uk_ireland",
      "southern_europe",
      "cee",
      "france",
      "uk_ireland",
      "dach",
      "cee",
    ]);
  });

  it("read any case, and nothing for an unknown code", () => {
    expect(subRegionOfCountryCode("ng")).toBe("west_africa");
    expect(subRegionOfCountryCode(" br ")).toBe("brazil");
    expect(subRegionOfCountryCode("AQ")).toBeUndefined();
    expect(subRegionOfCountryCode(null)).toBeUndefined();
    expect(subRegionOfCountryCode("")).toBeUndefined();
  });

  it("have a label and countries each", () => {
    for (const code of SUB_REGION_CODES) {
      expect(SUB_REGION_LABELS[code]).toBeTruthy();
      expect(countriesOfSubRegion(code).length).toBeGreaterThan(0);
    }
  });
});
