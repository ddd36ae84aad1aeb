/**
 * Which admin actions apply to an account: one rule for the server, which refuses the others with
 * these messages, and for the admin list, which offers only these. Zod-free: the admin chunk
 * imports it.
 */

export const USER_ACTIONS = ["pause_subscription", "resume_subscription", "delete_user", "reactivate_account"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** What the rule looks at: the stored account, as the server knows it. */
export type UserActionSubject = {
  id: number;
  accountStatus: string;
  subscriptionType: string | null;
  /** The subscription's status now (a pause that has taken effect reads 'paused'). */
  subscriptionStatus: string | null;
  /** A monthly plan at the payment provider; lifetime and free accounts have none. */
  hasSubscription: boolean;
  /** An admin pause is scheduled or in effect. */
  pauseScheduled: boolean;
  /** The plan ends at the period's end instead of renewing. */
  cancelAtPeriodEnd: boolean;
};

/** Why an action does not apply, in the words the admin sees; null when it applies. */
export function userActionRefusal(action: UserAction, user: UserActionSubject, adminId: number): string | null {
  switch (action) {
    case "pause_subscription": {
      if (user.subscriptionType === "lifetime") return "Lifetime access has no subscription to pause.";
      const running = user.subscriptionStatus === "active" || user.subscriptionStatus === "trialing";
      if (!user.hasSubscription || user.subscriptionType !== "monthly" || (!running && !user.pauseScheduled)) {
        return "No active subscription to pause.";
      }
      if (user.pauseScheduled) return "This subscription is already paused.";
      if (user.cancelAtPeriodEnd) {
        return "This subscription already ends at the end of its billing period: there is nothing to pause.";
      }
      return null;
    }
    case "resume_subscription":
      if (!user.hasSubscription) return "No subscription to resume.";
      if (user.subscriptionStatus === "canceled") {
        return "This subscription has ended and cannot be resumed; the user can subscribe again.";
      }
      return user.pauseScheduled ? null : "Only a paused subscription can be resumed.";
    case "reactivate_account":
      return user.accountStatus === "deactivated" ? null : "This account is not deactivated.";
    case "delete_user":
      return user.id === adminId ? "You cannot delete your own account from this page." : null;
  }
}

/** The actions an admin is offered on a row, in the list's order. */
export function applicableUserActions(user: UserActionSubject, adminId: number): UserAction[] {
  return USER_ACTIONS.filter((action) => userActionRefusal(action, user, adminId) === null);
}
