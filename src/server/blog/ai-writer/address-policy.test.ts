import { describe, expect, it } from "vitest";
import { allowListOf, checkAddress, hostKey, isPublicAddress } from "./address-policy.js";
import { Unreadable } from "./unreadable.js";

const never = new AbortController().signal;

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["192.0.2.1", "documentation"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%lo", "IPv6 link-local with a zone"],
    ["fc00::1", "unique local"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:93.184.216.34", "IPv4-mapped public (refused as a form)"],
    ["::7f00:1", "IPv4-compatible loopback, as the URL parser writes [::127.0.0.1]"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::a9fe:a9fe", "IPv4-compatible cloud metadata address"],
    ["::808:808", "IPv4-compatible public (refused as a form)"],
    ["::ffff:0:7f00:1", "IPv4-translated loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback in hex"],
    ["64:ff9b:1::a00:1", "local-use NAT64"],
    ["fec0::1", "deprecated site-local"],
    ["2002:7f00:1::1", "6to4"],
    ["2001::1", "Teredo"],
    ["64:ff9b::a00:1", "NAT64"],
    ["2001:db8::1", "documentation"],
    ["not-an-address", "not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:2800:220:1::1", "2a00:1450:4001:80b::200e"])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("hostKey and the allow list", () => {
  it.each([
    ["http://Example.COM/a", "example.com:80"],
    ["https://example.com/a", "example.com:443"],
    ["http://example.com:8080/", "example.com:8080"],
    ["https://example.com:443/", "example.com:443"],
    ["http://[::1]:4010/", "[::1]:4010"],
    ["http://[0:0::1]/", "[::1]:80"],
    ["http://127.1:4010/", "127.0.0.1:4010"],
  ])("%s is %s", (url, key) => {
    expect(hostKey(new URL(url))).toBe(key);
  });

  it("normalises the configured entries the way URLs are written", () => {
    const list = allowListOf(["news.intranet:8080", "127.0.0.1:4010", "[0:0::1]:80", "EXAMPLE.com:443", "broken"]);
    expect([...list]).toEqual(["news.intranet:8080", "127.0.0.1:4010", "[::1]:80", "example.com:443"]);
  });

  it("lets an allowed host:port through whatever it is, and only that port", async () => {
    const list = allowListOf(["127.0.0.1:4010", "[::1]:4010", "localhost:4010"]);
    await expect(checkAddress(new URL("http://127.0.0.1:4010/x"), list, never)).resolves.toEqual({
      address: "127.0.0.1",
      family: 4,
    });
    await expect(checkAddress(new URL("http://[::1]:4010/"), list, never)).resolves.toEqual({
      address: "::1",
      family: 6,
    });
    await expect(checkAddress(new URL("http://localhost:4010/"), list, never)).resolves.toMatchObject({
      address: "127.0.0.1",
    });
    await expect(checkAddress(new URL("http://127.0.0.1:4011/"), list, never)).rejects.toThrow(Unreadable);
    await expect(checkAddress(new URL("http://localhost:4011/"), list, never)).rejects.toThrow(
      "the address is private or local",
    );
  });

  it("refuses private literals and names that resolve to loopback, and reports unknown names", async () => {
    const none = allowListOf([]);
    for (const url of ["http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://0/"]) {
      await expect(checkAddress(new URL(url), none, never)).rejects.toThrow("the address is private or local");
    }
    await expect(checkAddress(new URL("http://localhost/"), none, never)).rejects.toThrow(
      "the address is private or local",
    );
    await expect(checkAddress(new URL("http://no-such-host.invalid/"), none, never)).rejects.toThrow(
      "its host name could not be found",
    );
    await expect(checkAddress(new URL("http://93.184.216.34/"), none, never)).resolves.toEqual({
      address: "93.184.216.34",
      family: 4,
    });
  });
});
