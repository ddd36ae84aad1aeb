import { describe, expect, it } from "vitest";
import { subscriptionStatusTone } from "../../lib/subscription-status.js";
import {
  accountStatusTone,
  createdAtText,
  filterUsers,
  reactivationBillingText,
  renewalText,
  rowActions,
  subscriptionText,
} from "./user-rows.js";

describe("row actions", () => {
  it("offers what the server listed, in the list's order", () => {
    expect(rowActions({ actions: ["delete_user", "reactivate_account", "pause_subscription"] })).toEqual([
      "pause_subscription",
      "reactivate_account",
      "delete_user",
    ]);
    expect(rowActions({ actions: [] })).toEqual([]);
  });
});

describe("renewal", () => {
  const monthly = {
    subscriptionType: "monthly",
    subscriptionStatus: "active",
    subscriptionEndDate: "2027-03-03T12:00:00.000Z",
    subscriptionCancelAtPeriodEnd: false,
    renewalStoppedOnDeactivation: false,
  };

  it("says when a monthly plan renews, ends and why, or ended", () => {
    expect(renewalText(monthly, "en-US")).toBe("Renews Mar 3, 2027");
    expect(renewalText({ ...monthly, subscriptionCancelAtPeriodEnd: true }, "en-US")).toBe(
      "Ends Mar 3, 2027 (cancelled by the member)",
    );
    expect(
      renewalText({ ...monthly, subscriptionCancelAtPeriodEnd: true, renewalStoppedOnDeactivation: true }, "en-US"),
    ).toBe("Ends Mar 3, 2027 (renewal stopped on deactivation)");
    expect(renewalText({ ...monthly, subscriptionStatus: "canceled" }, "en-US")).toBe("Ended Mar 3, 2027");
    expect(renewalText({ ...monthly, subscriptionType: "lifetime" }, "en-US")).toBeNull();
    expect(renewalText({ ...monthly, subscriptionEndDate: null }, "en-US")).toBeNull();
  });

  it("tells the admin what reactivating does to the plan", () => {
    expect(reactivationBillingText({ ...monthly, subscriptionCancelAtPeriodEnd: true }, "en-US")).toBeNull();
    expect(
      reactivationBillingText(
        { ...monthly, subscriptionCancelAtPeriodEnd: true, renewalStoppedOnDeactivation: true },
        "en-US",
      ),
    ).toMatch(/renews again: the next charge is on Mar 3, 2027/);
    expect(reactivationBillingText({ ...monthly, subscriptionStatus: "canceled" }, "en-US")).toMatch(
      /ended on Mar 3, 2027/,
    );
  });
});

describe("search", () => {
  const users = [
    { displayName: "Ada Lovelace", email: "ada@example.com" },
    { displayName: "Grace Hopper", email: "grace@navy.example" },
  ];

  it("matches display name or e-mail, case-insensitively", () => {
    expect(filterUsers(users, "LOVE")).toEqual([users[0]]);
    expect(filterUsers(users, "navy")).toEqual([users[1]]);
    expect(filterUsers(users, "  ")).toEqual(users);
    expect(filterUsers(users, "nobody")).toEqual([]);
  });
});

describe("cells", () => {
  it("shows the subscription as type (status), or None", () => {
    expect(subscriptionText({ subscriptionType: "monthly", subscriptionStatus: "active" })).toBe("monthly (active)");
    expect(subscriptionText({ subscriptionType: "lifetime", subscriptionStatus: null })).toBe("lifetime");
    expect(subscriptionText({ subscriptionType: null, subscriptionStatus: "none" })).toBe("None");
  });

  it("shows N/A for a missing or unreadable creation date", () => {
    expect(createdAtText(null)).toBe("N/A");
    expect(createdAtText("not a date")).toBe("N/A");
    expect(createdAtText("2026-03-04T10:00:00.000Z", "en-US")).toBe("3/4/2026");
  });

  it("styles statuses", () => {
    expect(accountStatusTone("active")).toBe("success");
    expect(accountStatusTone("deactivated")).toBe("destructive");
    expect(accountStatusTone("paused")).toBe("warning");
    expect(subscriptionStatusTone("canceled")).toBe("warning");
    expect(subscriptionStatusTone("inactive")).toBe("secondary");
    expect(subscriptionStatusTone(null)).toBe("secondary");
  });
});
