import { describe, expect, it } from "vitest";
import {
  isProfilePremium,
  subscriptionStatusLabel,
  subscriptionStatusTone,
  subscriptionTypeLabel,
} from "./subscription-status.js";

describe("subscription status", () => {
  it("labels none or absent as Inactive and title-cases the rest", () => {
    expect(subscriptionStatusLabel(null)).toBe("Inactive");
    expect(subscriptionStatusLabel(undefined)).toBe("Inactive");
    expect(subscriptionStatusLabel("none")).toBe("Inactive");
    expect(subscriptionStatusLabel("active")).toBe("Active");
    expect(subscriptionStatusLabel("past_due")).toBe("Past Due");
  });

  it("styles the badge: success, warning, destructive, else secondary", () => {
    expect(subscriptionStatusTone("active")).toBe("success");
    expect(subscriptionStatusTone("trialing")).toBe("success");
    expect(subscriptionStatusTone("canceled")).toBe("warning");
    expect(subscriptionStatusTone("past_due")).toBe("destructive");
    expect(subscriptionStatusTone("unpaid")).toBe("destructive");
    expect(subscriptionStatusTone("none")).toBe("secondary");
    expect(subscriptionStatusTone(null)).toBe("secondary");
    expect(subscriptionStatusTone("paused")).toBe("warning");
    expect(subscriptionStatusTone("inactive")).toBe("secondary");
    expect(subscriptionStatusTone("__proto__")).toBe("secondary");
  });

  it("treats only active as Premium on the profile", () => {
    expect(isProfilePremium("active")).toBe(true);
    expect(isProfilePremium("trialing")).toBe(false);
    expect(isProfilePremium("canceled")).toBe(false);
    expect(isProfilePremium(null)).toBe(false);
  });

  it("labels the subscription type, absent as None", () => {
    expect(subscriptionTypeLabel("monthly")).toBe("Monthly");
    expect(subscriptionTypeLabel("lifetime")).toBe("Lifetime");
    expect(subscriptionTypeLabel(null)).toBe("None");
    expect(subscriptionTypeLabel("")).toBe("None");
  });
});
