import { ACCOUNT_TEXTS } from "../../../shared/account-texts.js";
import type { SessionUser } from "../../../shared/schemas/auth.js";

/** A monthly plan Stripe still runs (and would charge again). */
const RUNNING = new Set(["active", "trialing", "past_due", "unpaid"]);

const longDate = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
};

/**
 * What deactivating does to the member's plan (docs/decisions/0012), said in the confirmation
 * dialog before they confirm: a running monthly plan stops renewing at the end of the paid period.
 */
export function deactivationBillingNote(
  user: Pick<
    SessionUser,
    "subscriptionType" | "subscriptionStatus" | "subscriptionEndDate" | "subscriptionCancelAtPeriodEnd"
  >,
): string | null {
  if (user.subscriptionType === "lifetime" && user.subscriptionStatus === "active") {
    return ACCOUNT_TEXTS.deactivateLifetime;
  }
  if (user.subscriptionType !== "monthly" || !RUNNING.has(user.subscriptionStatus ?? "")) return null;
  const date = user.subscriptionEndDate ? longDate(user.subscriptionEndDate) : null;
  if (user.subscriptionCancelAtPeriodEnd) return date ? ACCOUNT_TEXTS.deactivateAlreadyEnding(date) : null;
  return date ? ACCOUNT_TEXTS.deactivateStopsRenewal(date) : ACCOUNT_TEXTS.deactivateStopsRenewalNoDate;
}

/**
 * What deleting does to the member's plan, said in the dialog before they confirm. The server
 * cancels a monthly plan at the payment provider at once before erasing the account (no refund of
 * the running period); a Lifetime purchase goes with the account.
 */
export function deletionBillingNote(user: Pick<SessionUser, "subscriptionType" | "subscriptionStatus">): string | null {
  if (user.subscriptionType === "lifetime" && user.subscriptionStatus === "active") {
    return ACCOUNT_TEXTS.deleteLosesLifetime;
  }
  if (
    user.subscriptionType === "monthly" &&
    (RUNNING.has(user.subscriptionStatus ?? "") || user.subscriptionStatus === "paused")
  ) {
    return ACCOUNT_TEXTS.deleteCancelsMonthly;
  }
  return null;
}
