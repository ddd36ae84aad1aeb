import { describe, expect, it } from "vitest";
import { AUTH_FORM_ERROR_CODES, isAuthFormError, loginHref, safeReturnPath } from "./auth-form-post.js";

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query and hash", () => {
    expect(safeReturnPath("/")).toBe("/");
    expect(safeReturnPath("/?search=1&country=United+Kingdom")).toBe("/?search=1&country=United+Kingdom");
    expect(safeReturnPath("/funds/12-example#team")).toBe("/funds/12-example#team");
  });

  it("drops anything that could lead to another site or back to the login page", () => {
    for (const value of [
      undefined,
      null,
      "",
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "funds/1",
      "/\t/evil.example",
      "/\n/evil.example",
      "/login",
      "/login?mode=signup",
      `/${"a".repeat(2000)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeUndefined();
    }
  });
});

describe("loginHref", () => {
  it("names the mode, a checked return address and an error code", () => {
    expect(loginHref({})).toBe("/login");
    expect(loginHref({ signup: true })).toBe("/login?mode=signup");
    expect(loginHref({ signup: true, next: "/?search=1" })).toBe("/login?mode=signup&next=%2F%3Fsearch%3D1");
    expect(loginHref({ next: "//evil.example", error: "credentials" })).toBe("/login?error=credentials");
  });

  it("knows only its own error codes", () => {
    for (const code of AUTH_FORM_ERROR_CODES) expect(isAuthFormError(code)).toBe(true);
    for (const other of ["", "toString", "__proto__", "Invalid email or password."])
      expect(isAuthFormError(other)).toBe(false);
  });
});
