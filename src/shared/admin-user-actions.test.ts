import { describe, expect, it } from "vitest";
import { applicableUserActions, type UserActionSubject, userActionRefusal } from "./admin-user-actions.js";

const ADMIN = 1;
const subject = (overrides: Partial<UserActionSubject> = {}): UserActionSubject => ({
  id: 2,
  accountStatus: "active",
  subscriptionType: null,
  subscriptionStatus: null,
  hasSubscription: false,
  pauseScheduled: false,
  cancelAtPeriodEnd: false,
  ...overrides,
});
const monthly = (overrides: Partial<UserActionSubject> = {}) =>
  subject({ subscriptionType: "monthly", subscriptionStatus: "active", hasSubscription: true, ...overrides });

describe("which admin actions apply", () => {
  it("offers only Delete for an account without a subscription", () => {
    expect(applicableUserActions(subject(), ADMIN)).toEqual(["delete_user"]);
  });

  it("offers Pause for a running monthly plan, and never for Lifetime", () => {
    expect(applicableUserActions(monthly(), ADMIN)).toEqual(["pause_subscription", "delete_user"]);
    expect(applicableUserActions(monthly({ subscriptionStatus: "trialing" }), ADMIN)).toContain("pause_subscription");
    const lifetime = subject({ subscriptionType: "lifetime", subscriptionStatus: "active" });
    expect(applicableUserActions(lifetime, ADMIN)).toEqual(["delete_user"]);
    expect(userActionRefusal("pause_subscription", lifetime, ADMIN)).toBe(
      "Lifetime access has no subscription to pause.",
    );
    expect(userActionRefusal("resume_subscription", lifetime, ADMIN)).toBe("No subscription to resume.");
  });

  it("offers Resume instead of Pause once a pause is scheduled or in effect", () => {
    for (const status of ["active", "paused"]) {
      const paused = monthly({ subscriptionStatus: status, pauseScheduled: true });
      expect(applicableUserActions(paused, ADMIN)).toEqual(["resume_subscription", "delete_user"]);
      expect(userActionRefusal("pause_subscription", paused, ADMIN)).toBe("This subscription is already paused.");
    }
  });

  it("offers neither for a plan that has ended, is past due, or already ends at the period's end", () => {
    const ended = monthly({ subscriptionStatus: "canceled" });
    expect(applicableUserActions(ended, ADMIN)).toEqual(["delete_user"]);
    expect(userActionRefusal("resume_subscription", ended, ADMIN)).toMatch(/has ended and cannot be resumed/);
    expect(applicableUserActions(monthly({ subscriptionStatus: "past_due" }), ADMIN)).toEqual(["delete_user"]);
    const ending = monthly({ cancelAtPeriodEnd: true });
    expect(applicableUserActions(ending, ADMIN)).toEqual(["delete_user"]);
    expect(userActionRefusal("pause_subscription", ending, ADMIN)).toMatch(/nothing to pause/);
  });

  it("offers Reactivate for a deactivated account only", () => {
    expect(applicableUserActions(subject({ accountStatus: "deactivated" }), ADMIN)).toEqual([
      "delete_user",
      "reactivate_account",
    ]);
    expect(userActionRefusal("reactivate_account", subject(), ADMIN)).toBe("This account is not deactivated.");
  });

  it("never offers Delete on the admin's own row", () => {
    expect(applicableUserActions(subject({ id: ADMIN }), ADMIN)).toEqual([]);
    expect(userActionRefusal("delete_user", subject({ id: ADMIN }), ADMIN)).toMatch(/your own account/);
  });
});
