import type { SubscriptionStatus } from "../../shared/entitlements.js";

/**
 * How a subscription is labelled and styled, in one place for the profile page, the subscribe page
 * and the admin user list.
 */

export type BadgeTone = "success" | "warning" | "destructive" | "secondary";

/** Full colour sets for the Badge's className; they override its variant's colours. */
export const BADGE_TONE_CLASS: Record<BadgeTone, string> = {
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  destructive: "bg-red-50 text-red-800 ring-red-200",
  secondary: "bg-slate-100 text-slate-700 ring-slate-200",
};

function titleCase(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

function isMissing(status: string | null | undefined): status is null | undefined | "" | "none" {
  return !status || status.trim() === "" || status === "none";
}

/** 'past_due' reads 'Past Due'; none or absent reads 'Inactive'. */
export function subscriptionStatusLabel(status: string | null | undefined): string {
  return isMissing(status) ? "Inactive" : titleCase(status);
}

/**
 * The one table of how each subscription status looks, for the profile, the subscribe page and the
 * admin list alike. Typed by the shared status list: a new status does not compile until it has a
 * row here. Paused is a warning, like canceled: access has stopped and someone may want to act.
 */
const STATUS_TONE: Record<SubscriptionStatus, BadgeTone> = {
  active: "success",
  trialing: "success",
  canceled: "warning",
  paused: "warning",
  past_due: "destructive",
  unpaid: "destructive",
  none: "secondary",
};

/** The badge tone of a status; anything the table does not know (absent, 'inactive') is secondary. */
export function subscriptionStatusTone(status: string | null | undefined): BadgeTone {
  return status && Object.hasOwn(STATUS_TONE, status) ? STATUS_TONE[status as SubscriptionStatus] : "secondary";
}

/** 'monthly' reads 'Monthly'; absent reads 'None'. */
export function subscriptionTypeLabel(type: string | null | undefined): string {
  return type?.trim() ? titleCase(type) : "None";
}

/** The profile page counts only an active subscription as Premium (trialing included elsewhere). */
export function isProfilePremium(status: string | null | undefined): boolean {
  return status === "active";
}
