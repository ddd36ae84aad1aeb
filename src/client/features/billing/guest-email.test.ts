import { describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../../shared/schemas/billing.js";
import { guestEmailError } from "./guest-email.js";

describe("the guest checkout e-mail", () => {
  it("is required", () => {
    expect(guestEmailError("")).toBe("Email is required for checkout");
    expect(guestEmailError("   ")).toBe("Email is required for checkout");
  });

  it("must look like x@y.z without spaces once trimmed", () => {
    for (const bad of ["founder", "founder@", "founder@startup", "@startup.io", "foun der@startup.io", "a@b@c.io"]) {
      expect(guestEmailError(bad), bad).toBe("Please enter a valid email address");
    }
    expect(guestEmailError("founder@startup.io")).toBeNull();
    expect(guestEmailError("  founder@startup.io  ")).toBeNull();
  });

  it("accepts exactly what the server's checkout payload accepts", () => {
    const urls = { plan: "monthly", successUrl: "https://x.example/a", cancelUrl: "https://x.example/b" } as const;
    for (const email of ["founder@startup.io", " a@b.co ", "founder@startup", "x@y.z", `${"a".repeat(250)}@b.co`]) {
      const server = checkoutRequestSchema.safeParse({ ...urls, email }).success;
      expect(guestEmailError(email) === null, email).toBe(server);
    }
  });
});
