import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REGION_CODES, regionOfCountryCode, regionTableCodes } from "./regions.js";

describe("regions", () => {
  it("places every code once, as two capital letters", () => {
    const codes = regionTableCodes();
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(codes.length).toBeGreaterThan(240);
  });

  it("places every country of the shipped data in a region", () => {
    const csv = readFileSync(path.resolve(import.meta.dirname, "../server/db/seed/funds.csv"), "utf8");
    const header = csv.split("\n")[0]?.split(",") ?? [];
    expect(header).toContain("country_code");
    const codes = new Set(csv.match(/,([A-Z]{2}),/g)?.map((match) => match.slice(1, 3)) ?? []);
    expect(codes.size).toBeGreaterThan(50);
    for (const code of codes) expect(regionOfCountryCode(code), code).toBeDefined();
  });

  it("follows the documented choices", () => {
    expect(regionOfCountryCode("us")).toBe("north_america");
    expect(regionOfCountryCode("MX")).toBe("latin_america");
    expect(regionOfCountryCode("TR")).toBe("europe");
    expect(regionOfCountryCode("IL")).toBe("middle_east_africa");
    expect(regionOfCountryCode("EG")).toBe("middle_east_africa");
    expect(regionOfCountryCode("PK")).toBe("asia_pacific");
    expect(regionOfCountryCode("NZ")).toBe("asia_pacific");
    expect(regionOfCountryCode("AQ")).toBeUndefined();
    expect(regionOfCountryCode(null)).toBeUndefined();
    expect(REGION_CODES).toHaveLength(5);
  });
});
