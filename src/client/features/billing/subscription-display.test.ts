import { describe, expect, it } from "vitest";
import { BILLING_TEXTS } from "../../../shared/billing-texts.js";
import {
  billingAvailability,
  currentSubscription,
  formatLongUsDate,
  hasActiveSubscription,
  isEnding,
  type SubscriptionFields,
  subscriptionDateLine,
  upgradeAvailability,
} from "./subscription-display.js";

const END = "2026-12-21T12:00:00.000Z";

function subscription(fields: Partial<SubscriptionFields> = {}): SubscriptionFields {
  return {
    stripeCustomerId: "cus_123",
    subscriptionStatus: "active",
    subscriptionType: "monthly",
    subscriptionEndDate: END,
    subscriptionCancelAtPeriodEnd: false,
    ...fields,
  };
}

describe("the long US date", () => {
  it("reads like 'December 21, 2026'", () => {
    expect(formatLongUsDate(END, "UTC")).toBe("December 21, 2026");
    expect(formatLongUsDate("2027-01-05T00:00:00Z", "UTC")).toBe("January 5, 2027");
  });

  it("is N/A without a date or with one that cannot be read", () => {
    expect(formatLongUsDate(null)).toBe("N/A");
    expect(formatLongUsDate(undefined)).toBe("N/A");
    expect(formatLongUsDate("")).toBe("N/A");
    expect(formatLongUsDate("not a date")).toBe("N/A");
  });
});

describe("the subscription's date line", () => {
  it("renews an active monthly plan on its end date", () => {
    expect(subscriptionDateLine(subscription(), "UTC")).toEqual({ label: "Renews on", value: "December 21, 2026" });
  });

  it("gives access until the end date of a canceled plan, whatever its type", () => {
    expect(subscriptionDateLine(subscription({ subscriptionStatus: "canceled" }), "UTC")).toEqual({
      label: "Access until",
      value: "December 21, 2026",
    });
    expect(
      subscriptionDateLine(subscription({ subscriptionStatus: "canceled", subscriptionType: null }), "UTC"),
    ).toEqual({ label: "Access until", value: "December 21, 2026" });
  });

  it("ends, instead of renewing, a monthly plan cancelled at the period's end", () => {
    const ending = subscription({ subscriptionCancelAtPeriodEnd: true });
    expect(subscriptionDateLine(ending, "UTC")).toEqual({ label: "Ends on", value: "December 21, 2026" });
    expect(isEnding(ending)).toBe(true);
    expect(
      subscriptionDateLine(
        subscription({ subscriptionCancelAtPeriodEnd: true, subscriptionStatus: "trialing" }),
        "UTC",
      ),
    ).toEqual({ label: "Ends on", value: "December 21, 2026" });
    // Once it has ended, it is the access-until line again.
    const ended = subscription({ subscriptionCancelAtPeriodEnd: true, subscriptionStatus: "canceled" });
    expect(isEnding(ended)).toBe(false);
    expect(subscriptionDateLine(ended, "UTC")?.label).toBe("Access until");
    expect(isEnding(subscription())).toBe(false);
  });

  it("shows N/A when the date is missing", () => {
    expect(subscriptionDateLine(subscription({ subscriptionEndDate: null }))).toEqual({
      label: "Renews on",
      value: "N/A",
    });
    expect(subscriptionDateLine(subscription({ subscriptionStatus: "canceled", subscriptionEndDate: null }))).toEqual({
      label: "Access until",
      value: "N/A",
    });
  });

  it("has no date line otherwise (lifetime, trialing, past due, none)", () => {
    expect(subscriptionDateLine(subscription({ subscriptionType: "lifetime", subscriptionEndDate: null }))).toBeNull();
    expect(subscriptionDateLine(subscription({ subscriptionStatus: "trialing" }))).toBeNull();
    expect(subscriptionDateLine(subscription({ subscriptionStatus: "past_due" }))).toBeNull();
    expect(subscriptionDateLine(subscription({ subscriptionStatus: null, subscriptionType: null }))).toBeNull();
  });
});

describe("who counts as subscribed on the subscribe page", () => {
  it("is active or trialing only", () => {
    expect(hasActiveSubscription("active")).toBe(true);
    expect(hasActiveSubscription("trialing")).toBe(true);
    for (const status of ["canceled", "past_due", "unpaid", "paused", "none", null, undefined]) {
      expect(hasActiveSubscription(status)).toBe(false);
    }
  });
});

describe("Manage Billing", () => {
  it("is available with a customer id and a status or a type", () => {
    expect(billingAvailability(subscription())).toEqual({ available: true });
    expect(billingAvailability(subscription({ subscriptionType: null }))).toEqual({ available: true });
    expect(billingAvailability(subscription({ subscriptionStatus: null, subscriptionType: "lifetime" }))).toEqual({
      available: true,
    });
    expect(billingAvailability(subscription({ subscriptionStatus: "canceled", subscriptionType: null }))).toEqual({
      available: true,
    });
  });

  it("asks a visitor to log in", () => {
    expect(billingAvailability(null)).toEqual({ available: false, reason: BILLING_TEXTS.loginToManage });
  });

  it("is not available without a customer id", () => {
    expect(billingAvailability(subscription({ stripeCustomerId: null }))).toEqual({
      available: false,
      reason: BILLING_TEXTS.billingNotAvailable,
    });
  });

  it("needs a subscription status or type", () => {
    const none = { available: false, reason: BILLING_TEXTS.noSubscription };
    expect(billingAvailability(subscription({ subscriptionStatus: null, subscriptionType: null }))).toEqual(none);
    expect(billingAvailability(subscription({ subscriptionStatus: "none", subscriptionType: null }))).toEqual(none);
  });
});

describe("the upgrade to lifetime", () => {
  it("is offered to an active monthly subscriber only", () => {
    expect(upgradeAvailability(subscription())).toEqual({ available: true });
    const onlyMonthly = { available: false, reason: BILLING_TEXTS.upgradeOnlyMonthly };
    expect(upgradeAvailability(subscription({ subscriptionStatus: "trialing" }))).toEqual(onlyMonthly);
    expect(upgradeAvailability(subscription({ subscriptionStatus: "canceled" }))).toEqual(onlyMonthly);
    expect(upgradeAvailability(subscription({ subscriptionType: "lifetime" }))).toEqual(onlyMonthly);
    expect(upgradeAvailability(subscription({ subscriptionType: null }))).toEqual(onlyMonthly);
  });

  it("asks a visitor to log in", () => {
    expect(upgradeAvailability(null)).toEqual({ available: false, reason: BILLING_TEXTS.loginToUpgrade });
  });
});

describe("the subscription the page shows", () => {
  it("takes status and type from the account-status call once it answered", () => {
    const user = subscription({ subscriptionStatus: null, subscriptionType: null });
    expect(currentSubscription(user, { subscriptionStatus: "active", subscriptionType: "lifetime" })).toEqual({
      ...user,
      subscriptionStatus: "active",
      subscriptionType: "lifetime",
    });
  });

  it("keeps the session's fields until then", () => {
    const user = subscription();
    expect(currentSubscription(user, undefined)).toBe(user);
  });
});
