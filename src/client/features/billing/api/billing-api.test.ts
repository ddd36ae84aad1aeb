import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.js";
import { billingErrorMessage, checkoutReturnUrls } from "./billing-api.js";

describe("the checkout return addresses", () => {
  it("are the callback on the page's origin and the page itself", () => {
    expect(
      checkoutReturnUrls({ origin: "https://fundmatch.example", href: "https://fundmatch.example/subscribe?x=1" }),
    ).toEqual({
      successUrl: "https://fundmatch.example/_api/checkout-callback",
      cancelUrl: "https://fundmatch.example/subscribe?x=1",
    });
  });
});

describe("billing error messages", () => {
  it("show the server's error, else the fallback", () => {
    expect(billingErrorMessage(new ApiError("x", 400, "Plan must be monthly or lifetime."), "fallback")).toBe(
      "Plan must be monthly or lifetime.",
    );
    expect(billingErrorMessage(new ApiError("Request failed with status 502", 502), "fallback")).toBe("fallback");
  });

  it("give an unanswered failure the unexpected text", () => {
    expect(billingErrorMessage(new TypeError("Failed to fetch"), "fallback", "unexpected")).toBe("unexpected");
    expect(billingErrorMessage(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
  });
});
