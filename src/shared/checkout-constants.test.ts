import { describe, expect, it } from "vitest";
import * as constants from "./checkout-constants.js";
import * as schemas from "./schemas/billing.js";

describe("the checkout e-mail limit", () => {
  it("give the longest accepted e-mail the server's limit", () => {
    const base = { plan: "monthly", successUrl: "https://x.example/a", cancelUrl: "https://x.example/b" };
    // 64 + 1 + 63 + 1 + 63 + 1 + 61 = 254 characters, every part at its own limit.
    const longest = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    expect(longest).toHaveLength(constants.GUEST_EMAIL_MAX_LENGTH);
    expect(schemas.checkoutRequestSchema.safeParse({ ...base, email: longest }).success).toBe(true);
    expect(schemas.checkoutRequestSchema.safeParse({ ...base, email: `${longest}d` }).success).toBe(false);
  });

  it("refuses a local part over 64 characters and a domain label over 63", () => {
    const base = { plan: "monthly", successUrl: "https://x.example/a", cancelUrl: "https://x.example/b" };
    const parse = (email: string) => schemas.checkoutRequestSchema.safeParse({ ...base, email }).success;
    expect(parse(`${"a".repeat(65)}@b.co`)).toBe(false);
    expect(parse(`a@${"b".repeat(64)}.co`)).toBe(false);
    expect(parse(`a@${"b".repeat(250)}.co`)).toBe(false);
  });
});
