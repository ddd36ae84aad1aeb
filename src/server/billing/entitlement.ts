import type { UserRow } from "../db/types.js";

/**
 * The status a user's subscription has now. An admin pause is scheduled for the end of the paid
 * period (spec section 9), so the stored Stripe status stays active until then; from that moment
 * the subscription reads 'paused' everywhere (session, gates, admin list) without waiting for a job.
 */
export function effectiveSubscriptionStatus(
  user: Pick<UserRow, "subscriptionStatus" | "subscriptionPauseAt">,
  now: Date = new Date(),
): string | null {
  if (user.subscriptionPauseAt && user.subscriptionPauseAt.getTime() <= now.getTime()) return "paused";
  return user.subscriptionStatus;
}
