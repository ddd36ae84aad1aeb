import { describe, expect, it } from "vitest";
import { subscriptionStatusTone } from "../../lib/subscription-status.js";
import { accountStatusTone, createdAtText, filterUsers, rowActions, subscriptionText } from "./user-rows.js";

const user = (overrides: Partial<{ id: number; accountStatus: string; subscriptionStatus: string | null }> = {}) => ({
  id: 2,
  accountStatus: "active",
  subscriptionStatus: null,
  ...overrides,
});

describe("row actions", () => {
  it("offers only Delete for an active account without a subscription", () => {
    expect(rowActions(user(), 1)).toEqual(["delete_user"]);
    expect(rowActions(user({ subscriptionStatus: "none" }), 1)).toEqual(["delete_user"]);
  });

  it("offers Pause for an active subscription", () => {
    expect(rowActions(user({ subscriptionStatus: "active" }), 1)).toEqual(["pause_subscription", "delete_user"]);
  });

  it("offers Resume for any other existing status but inactive", () => {
    for (const status of ["paused", "canceled", "past_due", "trialing"]) {
      expect(rowActions(user({ subscriptionStatus: status }), 1)).toEqual(["resume_subscription", "delete_user"]);
    }
    expect(rowActions(user({ subscriptionStatus: "inactive" }), 1)).toEqual(["delete_user"]);
  });

  it("offers Reactivate for a deactivated account", () => {
    expect(rowActions(user({ accountStatus: "deactivated" }), 1)).toEqual(["reactivate_account", "delete_user"]);
  });

  it("never offers Delete on the admin's own row", () => {
    expect(rowActions(user({ id: 1 }), 1)).toEqual([]);
    expect(rowActions(user({ id: 1, subscriptionStatus: "active" }), 1)).toEqual(["pause_subscription"]);
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
