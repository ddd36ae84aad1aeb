import { describe, expect, it } from "vitest";
import { deactivationBillingNote, deletionBillingNote } from "./deactivation-note.js";

const monthly = {
  subscriptionType: "monthly" as const,
  subscriptionStatus: "active" as const,
  subscriptionEndDate: "2027-03-03T12:00:00.000Z",
  subscriptionCancelAtPeriodEnd: false,
};

describe("what the deactivation dialog says about billing", () => {
  it("tells a monthly subscriber that the plan stops renewing, and when it ends", () => {
    expect(deactivationBillingNote(monthly)).toMatch(/will not renew: it ends on March 3, 2027/);
    expect(deactivationBillingNote({ ...monthly, subscriptionEndDate: null })).toMatch(/will not renew/);
  });

  it("leaves a plan that already ends alone, and reassures a Lifetime member", () => {
    expect(deactivationBillingNote({ ...monthly, subscriptionCancelAtPeriodEnd: true })).toMatch(
      /already ends on March 3, 2027/,
    );
    expect(deactivationBillingNote({ ...monthly, subscriptionType: "lifetime", subscriptionEndDate: null })).toMatch(
      /Lifetime access stays/,
    );
  });

  it("says nothing without a plan that charges", () => {
    expect(deactivationBillingNote({ ...monthly, subscriptionStatus: "canceled" })).toBeNull();
    expect(deactivationBillingNote({ ...monthly, subscriptionType: null, subscriptionStatus: null })).toBeNull();
  });
});

describe("what the delete dialog says about billing (the server cancels at once, before erasing)", () => {
  it("tells a monthly subscriber the plan is cancelled at once, without a refund", () => {
    const cancelled =
      "Your Premium subscription is cancelled at once: you will not be charged again, and the rest of the current period is not refunded.";
    expect(deletionBillingNote(monthly)).toBe(cancelled);
    expect(deletionBillingNote({ ...monthly, subscriptionStatus: "past_due" })).toBe(cancelled);
    expect(deletionBillingNote({ ...monthly, subscriptionStatus: "paused" })).toBe(cancelled);
  });

  it("tells a Lifetime member the purchase is lost", () => {
    expect(deletionBillingNote({ subscriptionType: "lifetime", subscriptionStatus: "active" })).toBe(
      "Your Lifetime access is deleted with the account: the purchase is not refunded, and a new account would need a new purchase.",
    );
  });

  it("says nothing without a running plan", () => {
    expect(deletionBillingNote({ ...monthly, subscriptionStatus: "canceled" })).toBeNull();
    expect(deletionBillingNote({ subscriptionType: null, subscriptionStatus: null })).toBeNull();
  });
});
