import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath, signInCarryOf, signUpToSaveHref } from "./return-path.js";

describe("the return address after a sign-in", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(safeReturnPath("/match?stage=seed&raise=%E2%82%AC3m")).toBe("/match?stage=seed&raise=%E2%82%AC3m");
    expect(safeReturnPath("/funds/12-alpha#facts")).toBe("/funds/12-alpha#facts");
    expect(safeReturnPath("/")).toBe("/");
    expect(safeReturnPath("/match/../profile")).toBe("/profile");
    // An encoded newline is a path segment's text, not a newline.
    expect(safeReturnPath("/%0a/evil")).toBe("/%0a/evil");
  });

  it("refuses anything that could leave the site, the sign-in page and the API", () => {
    for (const value of [
      "//evil.example",
      "//evil.example/match",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "match",
      "/ma\ttch",
      "/\t/evil.example",
      "/login?next=/",
      "/login",
      "/_api/auth/logout",
      "",
      `/${"a".repeat(2001)}`,
      null,
      42,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it("never returns an address that a browser would read as another origin", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (tail) => {
        const kept = safeReturnPath(`/${tail}`);
        if (kept === null) return;
        expect(new URL(kept, "https://fundmatch.example").origin).toBe("https://fundmatch.example");
        expect(kept.startsWith("/") && !kept.startsWith("//")).toBe(true);
      }),
    );
  });
});

describe("the sign-up link of a visitor's save", () => {
  it("opens the sign-up form with the fund and the way back, and reads them back", () => {
    const href = signUpToSaveHref(42, "/match?stage=seed&raise=%E2%82%AC3m");
    expect(href.startsWith("/login?mode=signup&save=42&next=")).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf("?") + 1));
    expect(signInCarryOf(params)).toEqual({ returnTo: "/match?stage=seed&raise=%E2%82%AC3m", saveFundId: 42 });
  });

  it("leaves out a way back that leaves the site and a fund that is not an id", () => {
    expect(signUpToSaveHref(7, "//evil.example")).toBe("/login?mode=signup&save=7");
    for (const query of [
      "save=0",
      "save=-1",
      "save=1e3",
      "save=99999999999",
      "next=//evil.example",
      "next=https://x",
    ]) {
      expect(signInCarryOf(new URLSearchParams(query)), query).toEqual({});
    }
  });
});
