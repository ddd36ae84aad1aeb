import { describe, expect, it } from "vitest";
import { addressGroup } from "./client-address.js";

describe("a client address's group", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressGroup("192.0.2.1")).toBe("192.0.2.1");
    expect(addressGroup("203.0.113.255")).toBe("203.0.113.255");
  });

  it("takes an IPv6 address by its /64, whichever way it is written", () => {
    expect(addressGroup("2001:db8:5:6::1")).toBe("2001:db8:5:6::/64");
    expect(addressGroup("2001:DB8:5:6:ffff:ffff:ffff:ffff")).toBe("2001:db8:5:6::/64");
    expect(addressGroup("2001:0db8:0005:0006:0000:0000:0000:0abc")).toBe("2001:db8:5:6::/64");
    expect(addressGroup("2001:db8:5:7::1")).toBe("2001:db8:5:7::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80::/64");
    expect(addressGroup("::1")).toBe("::/64");
  });

  it("takes an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(addressGroup("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressGroup("::FFFF:c000:0201")).toBe("192.0.2.1");
  });

  it("leaves text that is no address as its own group", () => {
    expect(addressGroup("")).toBe("");
    expect(addressGroup("unknown")).toBe("unknown");
    expect(addressGroup("010.1.1.1")).toBe("010.1.1.1");
  });
});
