import { ADMIN_TEXTS } from "../../../shared/admin-texts.js";
import type { AdminUser, UserAction } from "../../../shared/schemas/admin.js";
import type { BadgeTone } from "../../lib/subscription-status.js";

type ActionSubject = Pick<AdminUser, "id" | "accountStatus" | "subscriptionStatus">;

/** 'none' is how the session call spells a missing subscription. */
function hasSubscriptionStatus(status: string | null): status is string {
  return status !== null && status.trim() !== "" && status !== "none";
}

/**
 * User management: Pause when the subscription is active; Resume when a status
 * exists that is neither active nor inactive; Reactivate when the account is deactivated; Delete
 * always, except on the admin's own row (the server refuses it).
 */
export function rowActions(user: ActionSubject, adminId: number | null): UserAction[] {
  const actions: UserAction[] = [];
  const status = user.subscriptionStatus;
  if (status === "active") actions.push("pause_subscription");
  if (hasSubscriptionStatus(status) && status !== "active" && status !== "inactive") {
    actions.push("resume_subscription");
  }
  if (user.accountStatus === "deactivated") actions.push("reactivate_account");
  if (user.id !== adminId) actions.push("delete_user");
  return actions;
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
