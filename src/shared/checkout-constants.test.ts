import { describe, expect, it } from "vitest";
import * as constants from "./checkout-constants.js";
import * as schemas from "./schemas/billing.js";

describe("the checkout e-mail limit", () => {
  it("give the longest accepted e-mail the server's limit", () => {
    const base = { plan: "monthly", successUrl: "https://x.example/a", cancelUrl: "https://x.example/b" };
    const longest = `${"a".repeat(constants.GUEST_EMAIL_MAX_LENGTH - 5)}@b.co`;
    expect(schemas.checkoutRequestSchema.safeParse({ ...base, email: longest }).success).toBe(true);
    expect(schemas.checkoutRequestSchema.safeParse({ ...base, email: `a${longest}` }).success).toBe(false);
  });
});
