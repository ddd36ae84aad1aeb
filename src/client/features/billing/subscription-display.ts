import { BILLING_TEXTS } from "../../../shared/billing-texts.js";
import { canUpgradeToLifetime } from "../../../shared/entitlements.js";
import type { SessionUser } from "../../../shared/schemas/auth.js";
import { SUBSCRIBE_TEXTS } from "../../../shared/subscribe-texts.js";

/**
 * The subscribe page's display and permission rules, as plain
 * functions of the subscription fields, so that they can be tested without rendering.
 */

export type SubscriptionFields = Pick<
  SessionUser,
  | "stripeCustomerId"
  | "subscriptionStatus"
  | "subscriptionType"
  | "subscriptionEndDate"
  | "subscriptionCancelAtPeriodEnd"
>;

/** Outside results gating, a subscriber has an active or trialing status. */
export function hasActiveSubscription(status: string | null | undefined): boolean {
  return status === "active" || status === "trialing";
}

const longUsDate = new Map<string, Intl.DateTimeFormat>();

/**
 * The long US format, 'December 21, 2026'; no date, or one that cannot be read,
 * is 'N/A'. The visitor's own time zone unless one is given (the tests give one).
 */
export function formatLongUsDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return SUBSCRIBE_TEXTS.notAvailable;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return SUBSCRIBE_TEXTS.notAvailable;
  const key = timeZone ?? "";
  let format = longUsDate.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone });
    longUsDate.set(key, format);
  }
  return format.format(date);
}

export type DateLine = { label: string; value: string };

/**
 * 'Renews on' and the end date when status is active and type monthly, 'Access
 * until' and the date when status is canceled, N/A in place of a missing date; no date line
 * otherwise (a lifetime plan never renews). A monthly plan set to end at the period's end (the
 * portal's 'Cancel at period end') does not renew: it reads 'Ends on' instead.
 */
export function subscriptionDateLine(
  subscription: Pick<
    SubscriptionFields,
    "subscriptionStatus" | "subscriptionType" | "subscriptionEndDate" | "subscriptionCancelAtPeriodEnd"
  >,
  timeZone?: string,
): DateLine | null {
  const { subscriptionStatus: status, subscriptionType: type, subscriptionEndDate: endDate } = subscription;
  if (isEnding(subscription)) return { label: SUBSCRIBE_TEXTS.endsOn, value: formatLongUsDate(endDate, timeZone) };
  if (status === "active" && type === "monthly") {
    return { label: SUBSCRIBE_TEXTS.renewsOn, value: formatLongUsDate(endDate, timeZone) };
  }
  if (status === "canceled") return { label: SUBSCRIBE_TEXTS.accessUntil, value: formatLongUsDate(endDate, timeZone) };
  return null;
}

/**
 * A running monthly plan that will not renew: it ends at its end date. The member can resume it
 * until then, as the billing portal allows.
 */
export function isEnding(
  subscription: Pick<SubscriptionFields, "subscriptionStatus" | "subscriptionType" | "subscriptionCancelAtPeriodEnd">,
): boolean {
  return (
    subscription.subscriptionCancelAtPeriodEnd &&
    subscription.subscriptionType === "monthly" &&
    hasActiveSubscription(subscription.subscriptionStatus)
  );
}

export type Availability = { available: true } | { available: false; reason: string };

/**
 * Manage Billing: an authenticated user with a stripeCustomerId and either a
 * subscriptionStatus or a subscriptionType; otherwise the subscription manager's message says why.
 */
export function billingAvailability(subscription: SubscriptionFields | null): Availability {
  if (!subscription) return { available: false, reason: BILLING_TEXTS.loginToManage };
  if (!subscription.stripeCustomerId) return { available: false, reason: BILLING_TEXTS.billingNotAvailable };
  const hasStatus = Boolean(subscription.subscriptionStatus) && subscription.subscriptionStatus !== "none";
  if (!hasStatus && !subscription.subscriptionType) return { available: false, reason: BILLING_TEXTS.noSubscription };
  return { available: true };
}

/** Only an active monthly subscriber may upgrade to lifetime. */
export function upgradeAvailability(
  subscription: Pick<SubscriptionFields, "subscriptionStatus" | "subscriptionType"> | null,
): Availability {
  if (!subscription) return { available: false, reason: BILLING_TEXTS.loginToUpgrade };
  return canUpgradeToLifetime(subscription)
    ? { available: true }
    : { available: false, reason: BILLING_TEXTS.upgradeOnlyMonthly };
}

/**
 * The subscription as the page shows it: status and type from the account-status call once it has
 * answered, the session user's own fields until then and when it fails; the end
 * date and the customer id only come with the session.
 */
export function currentSubscription(
  user: SubscriptionFields,
  status: Partial<Pick<SubscriptionFields, "subscriptionStatus" | "subscriptionType">> | null | undefined,
): SubscriptionFields {
  if (!status) return user;
  return {
    ...user,
    subscriptionStatus: status.subscriptionStatus ?? null,
    subscriptionType: status.subscriptionType ?? null,
  };
}
