import { describe, expect, it } from "vitest";
import { emailDomain, emailMatchesFundWebsite, fundRegistrableDomain } from "./claim-domain.js";

describe("the fund website's registrable domain", () => {
  it("ignores a leading www., the scheme, the path and the case", () => {
    expect(fundRegistrableDomain("https://www.Fund.com/team")).toBe("fund.com");
    expect(fundRegistrableDomain("fund.com")).toBe("fund.com");
    expect(fundRegistrableDomain("http://app.fund.co.uk")).toBe("fund.co.uk");
  });

  it("is absent without a website, for an address or a bare host, and on a shared host", () => {
    expect(fundRegistrableDomain(null)).toBeUndefined();
    expect(fundRegistrableDomain("  ")).toBeUndefined();
    expect(fundRegistrableDomain("http://127.0.0.1/")).toBeUndefined();
    expect(fundRegistrableDomain("http://localhost:3000")).toBeUndefined();
    expect(fundRegistrableDomain("https://fund.github.io")).toBeUndefined();
    expect(fundRegistrableDomain("not a url at all")).toBeUndefined();
  });

  it("is punycode for an internationalised domain", () => {
    expect(fundRegistrableDomain("https://www.münchen-fund.de")).toBe("xn--mnchen-fund-thb.de");
  });
});

describe("a work address against the fund's website", () => {
  const website = "https://www.fund.com";

  it("accepts the domain itself and its subdomains", () => {
    expect(emailMatchesFundWebsite("ana@fund.com", website)).toBe(true);
    expect(emailMatchesFundWebsite("ana@FUND.com", website)).toBe(true);
    expect(emailMatchesFundWebsite("ana@mail.eu.fund.com", website)).toBe(true);
    expect(emailMatchesFundWebsite("ana@www.fund.com", website)).toBe(true);
  });

  it("refuses look-alikes", () => {
    expect(emailMatchesFundWebsite("ana@fund.com.evil.test", website)).toBe(false);
    expect(emailMatchesFundWebsite("ana@evilfund.com", website)).toBe(false);
    expect(emailMatchesFundWebsite("ana@fund.co", website)).toBe(false);
    expect(emailMatchesFundWebsite("fund.com@evil.test", website)).toBe(false);
    expect(emailMatchesFundWebsite("ana@gmail.com", website)).toBe(false);
  });

  it("refuses an address whose domain is not a host name, however it ends", () => {
    for (const address of [
      "ana@evil.example?.fund.com",
      "ana@evil.example,.fund.com",
      "ana@evil.example#.fund.com",
      "ana@evil.example/.fund.com",
      "ana@evil.example%2F.fund.com",
      "ana@evil.example\\.fund.com",
      '"ana@evil.example"@fund.com',
      "Ana <ana@evil.example>, x@fund.com",
    ]) {
      expect(emailMatchesFundWebsite(address, website), address).toBe(false);
    }
  });

  it("never matches without a website or on a shared host", () => {
    expect(emailMatchesFundWebsite("ana@fund.com", null)).toBe(false);
    expect(emailMatchesFundWebsite("ana@github.io", "https://fund.github.io")).toBe(false);
    expect(emailMatchesFundWebsite("ana@fund.github.io", "https://fund.github.io")).toBe(false);
  });

  it("compares internationalised domains in punycode, whichever form each side uses", () => {
    expect(emailMatchesFundWebsite("ana@münchen-fund.de", "https://xn--mnchen-fund-thb.de")).toBe(true);
    expect(emailMatchesFundWebsite("ana@xn--mnchen-fund-thb.de", "https://MÜNCHEN-fund.de")).toBe(true);
    expect(emailMatchesFundWebsite("ana@munchen-fund.de", "https://münchen-fund.de")).toBe(false);
    expect(emailDomain("ana@Team.MÜNCHEN-fund.de")).toBe("team.xn--mnchen-fund-thb.de");
  });
});
