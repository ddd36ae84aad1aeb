import { describe, expect, it } from "vitest";
import { addressGroup } from "./client-address.js";

describe("addressGroup", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one client, and other /64s apart", () => {
    expect(addressGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:DB8:1:2::")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts what does not parse as it is", () => {
    expect(addressGroup("not-an-ip")).toBe("not-an-ip");
    expect(addressGroup("")).toBe("");
  });
});
