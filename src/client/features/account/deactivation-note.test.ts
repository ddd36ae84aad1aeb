import { describe, expect, it } from "vitest";
import { deactivationBillingNote } from "./deactivation-note.js";

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
