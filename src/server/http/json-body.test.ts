import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonDepthExceeds } from "./json-body.js";

/** The nesting depth of a parsed JSON value, counted the slow and obvious way. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value && typeof value === "object") return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe("jsonDepthExceeds", () => {
  it("agrees with the parsed value's depth for any JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, limit) => {
        expect(jsonDepthExceeds(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
      }),
    );
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonDepthExceeds(JSON.stringify({ a: "[[[[[{{{{" }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: 'say \\"[[[[' }), 1)).toBe(false);
    expect(jsonDepthExceeds(`${"[".repeat(200_000)}${"]".repeat(200_000)}`, 32)).toBe(true);
  });
});
