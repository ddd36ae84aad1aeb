import { describe, expect, it } from "vitest";
import { acceptedEncoding } from "./compressed-html.js";

describe("acceptedEncoding", () => {
  it("prefers brotli, then gzip, and respects refusals", () => {
    expect(acceptedEncoding("gzip, deflate, br")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("gzip");
    expect(acceptedEncoding("identity")).toBeUndefined();
    expect(acceptedEncoding("gzip;q=0")).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding("")).toBeUndefined();
  });
});
