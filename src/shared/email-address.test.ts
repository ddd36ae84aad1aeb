import { describe, expect, it } from "vitest";
import { isAddressAtDomain, isEmailAddress, parseEmailAddress } from "./email-address.js";
import { mailtoHref } from "./mailto.js";

describe("the product's e-mail address parser", () => {
  it("reads an address as its local part and its lowercased domain", () => {
    expect(parseEmailAddress("Ana.Lopez+pitch@Deals.Fund.COM")).toEqual({
      local: "Ana.Lopez+pitch",
      domain: "deals.fund.com",
    });
    expect(parseEmailAddress("x@xn--mnchen-fund-thb.de")).toEqual({ local: "x", domain: "xn--mnchen-fund-thb.de" });
  });

  it("refuses a domain that is not a host name, whatever it ends with", () => {
    for (const text of [
      "ana@evil.example?.fund.com",
      "ana@evil.example,.fund.com",
      "ana@evil.example#.fund.com",
      "ana@evil.example/.fund.com",
      "ana@evil.example%2F.fund.com",
      "ana@evil.example\\.fund.com",
      "ana@evil.example@fund.com",
      '"ana@evil.example"@fund.com',
      "Ana <ana@fund.com>",
      "ana(comment)@fund.com",
      "ana@[192.0.2.1]",
      "ana@192.0.2.1",
      "ana@localhost",
      "ana@fund.com.",
      "ana@-fund.com",
      "ana@fund_x.com",
      "ana@münchen.de",
      " ana@fund.com",
      "ana..b@fund.com",
      "",
    ]) {
      expect(parseEmailAddress(text), text).toBeNull();
    }
  });

  it("holds the RFC length limits: 254 in all, 64 before the @, 63 per label", () => {
    expect(isEmailAddress(`${"a".repeat(64)}@example.com`)).toBe(true);
    expect(isEmailAddress(`${"a".repeat(65)}@example.com`)).toBe(false);
    expect(isEmailAddress(`a@${"b".repeat(63)}.com`)).toBe(true);
    expect(isEmailAddress(`a@${"b".repeat(64)}.com`)).toBe(false);
    const longest = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    expect(longest).toHaveLength(254);
    expect(isEmailAddress(longest)).toBe(true);
    expect(isEmailAddress(`${longest}d`)).toBe(false);
  });

  it("compares a domain as whole labels of the parsed domain", () => {
    expect(isAddressAtDomain("pitch@alpha.example", "alpha.example")).toBe(true);
    expect(isAddressAtDomain("pitch@Deals.ALPHA.example", "alpha.example")).toBe(true);
    expect(isAddressAtDomain("pitch@notalpha.example", "alpha.example")).toBe(false);
    expect(isAddressAtDomain("pitch@alpha.example.evil.com", "alpha.example")).toBe(false);
    expect(isAddressAtDomain("ana@evil.example?.alpha.example", "alpha.example")).toBe(false);
    expect(isAddressAtDomain("pitch@alpha.example", "")).toBe(false);
  });

  it("links to the whole address: what a URI reads as a query or a fragment is encoded", () => {
    expect(mailtoHref("pitch@alpha.example")).toBe("mailto:pitch@alpha.example");
    expect(mailtoHref("ana?cc=x@alpha.example")).toBe("mailto:ana%3Fcc%3Dx@alpha.example");
    expect(mailtoHref("ana#x@alpha.example")).toBe("mailto:ana%23x@alpha.example");
    expect(mailtoHref("ana%40evil.example@alpha.example")).toBe("mailto:ana%2540evil.example@alpha.example");
    // Even a stored look-alike links to one address only, never to evil.example.
    expect(mailtoHref("ana@evil.example?.alpha.example")).toBe("mailto:ana@evil.example%3F.alpha.example");
    expect(mailtoHref("ana@evil.example,x@alpha.example")).toBe("mailto:ana%40evil.example%2Cx@alpha.example");
    expect(mailtoHref("no address")).toBeNull();
  });
});
