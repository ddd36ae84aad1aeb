import { ADMIN_TEXTS, RENEWAL_TEXTS } from "../../../shared/admin-texts.js";
import type { UserAction } from "../../../shared/admin-user-actions.js";
import type { AdminUser } from "../../../shared/schemas/admin.js";
import type { BadgeTone } from "../../lib/subscription-status.js";

/**
 * The actions a row offers: the ones the server listed for it, computed by the same shared rule
 * the server enforces (src/shared/admin-user-actions.ts), in the list's fixed order. Nothing that
 * would only fail (Pause for a Lifetime member, Resume of a plan that has ended, Delete on the
 * admin's own row) is offered.
 */
export function rowActions(user: Pick<AdminUser, "actions">): UserAction[] {
  return ROW_ORDER.filter((action) => user.actions.includes(action));
}

/** Delete, the one that cannot be undone, always comes last. */
const ROW_ORDER: readonly UserAction[] = [
  "pause_subscription",
  "resume_subscription",
  "reactivate_account",
  "delete_user",
];

const shortDate = (value: string | null, locale?: string) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString(locale ?? "en-US", { year: "numeric", month: "short", day: "numeric" });
};

type RenewalFields = Pick<
  AdminUser,
  | "subscriptionType"
  | "subscriptionStatus"
  | "subscriptionEndDate"
  | "subscriptionCancelAtPeriodEnd"
  | "renewalStoppedOnDeactivation"
>;

/**
 * Under a monthly plan's badge: when it renews, or when it ends and why (the member cancelled, or
 * the account's deactivation stopped it), or when it ended. Nothing for other plans.
 */
export function renewalText(user: RenewalFields, locale?: string): string | null {
  if (user.subscriptionType !== "monthly") return null;
  const date = shortDate(user.subscriptionEndDate, locale);
  if (!date) return null;
  if (user.subscriptionStatus === "canceled") return RENEWAL_TEXTS.ended(date);
  if (user.subscriptionCancelAtPeriodEnd) {
    const why = user.renewalStoppedOnDeactivation
      ? RENEWAL_TEXTS.stoppedOnDeactivation
      : RENEWAL_TEXTS.cancelledByMember;
    return `${RENEWAL_TEXTS.ends(date)} (${why})`;
  }
  return user.subscriptionStatus === "active" ? RENEWAL_TEXTS.renews(date) : null;
}

/** What reactivating does to the account's plan, for the confirmation dialog; null when nothing. */
export function reactivationBillingText(user: RenewalFields, locale?: string): string | null {
  if (user.subscriptionType !== "monthly") return null;
  const date = shortDate(user.subscriptionEndDate, locale);
  if (!date) return null;
  if (user.subscriptionStatus === "canceled") return RENEWAL_TEXTS.reactivateEnded(date);
  return user.renewalStoppedOnDeactivation ? RENEWAL_TEXTS.reactivateResumes(date) : null;
}

/** Client-side search: display name or e-mail, case-insensitive; a blank query keeps everyone. */
export function filterUsers<T extends Pick<AdminUser, "displayName" | "email">>(
  users: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...users];
  return users.filter(
    (user) => user.displayName.toLocaleLowerCase().includes(needle) || user.email.toLocaleLowerCase().includes(needle),
  );
}

/** 'monthly (active)'; a missing type reads 'None'. */
export function subscriptionText(user: Pick<AdminUser, "subscriptionType" | "subscriptionStatus">): string {
  const type = user.subscriptionType?.trim();
  if (!type) return ADMIN_TEXTS.none;
  const status = user.subscriptionStatus?.trim();
  return status ? `${type} (${status})` : type;
}

/** The browser's own date format; N/A when the date is missing or unreadable. */
export function createdAtText(createdAt: string | null, locale?: string): string {
  if (!createdAt) return ADMIN_TEXTS.notAvailable;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? ADMIN_TEXTS.notAvailable : date.toLocaleDateString(locale);
}

/** Account status styles (deactivated, paused and canceled appear as styles). */
export function accountStatusTone(status: string): BadgeTone {
  switch (status) {
    case "active":
      return "success";
    case "deactivated":
      return "destructive";
    case "paused":
    case "canceled":
      return "warning";
    default:
      return "secondary";
  }
}
