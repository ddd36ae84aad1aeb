import { describe, expect, it } from "vitest";
import { asciiWorkEmail } from "./work-email.js";

describe("a work address in ASCII", () => {
  it("lowercases the domain and writes an internationalised one in punycode, the local part as typed", () => {
    expect(asciiWorkEmail("Ana@Fund.COM")).toBe("Ana@fund.com");
    expect(asciiWorkEmail("ana@MÜNCHEN-fund.de")).toBe("ana@xn--mnchen-fund-thb.de");
  });

  it("is undefined for what is not a host after the last @", () => {
    for (const email of [
      "ana",
      "ana@",
      "@fund.com",
      "ana@fund.com/x",
      "ana@fund.com:25",
      "ana@fund.com.",
      "ana@[::1]",
    ]) {
      expect(asciiWorkEmail(email), email).toBeUndefined();
    }
  });
});
