/**
 * How a subscription is labelled and styled (spec section 4, "Subscription status"). Shared by the
 * profile page and the admin user list; the subscribe page will use it too.
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

/** Active and trialing success; canceled warning; past_due and unpaid destructive; anything else secondary. */
export function subscriptionStatusTone(status: string | null | undefined): BadgeTone {
  switch (status) {
    case "active":
    case "trialing":
      return "success";
    case "canceled":
      return "warning";
    case "past_due":
    case "unpaid":
      return "destructive";
    default:
      return "secondary";
  }
}

/** 'monthly' reads 'Monthly'; absent reads 'None'. */
export function subscriptionTypeLabel(type: string | null | undefined): string {
  return type?.trim() ? titleCase(type) : "None";
}

/** The profile page counts only an active subscription as Premium (trialing included elsewhere). */
export function isProfilePremium(status: string | null | undefined): boolean {
  return status === "active";
}
