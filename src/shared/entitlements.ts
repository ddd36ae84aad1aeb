/**
 * The one vocabulary of who may do what, for the server (which enforces it) and the client (which
 * only mirrors it). Zod-free and dependency-free: the client's entry chunk imports it.
 */

/** The roles an account can have; admin is the only one with powers of its own. */
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Stripe's subscription statuses the product names, plus paused (an admin pause that has taken effect). */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "canceled",
  "past_due",
  "unpaid",
  "paused",
  "none",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_TYPES = ["monthly", "lifetime"] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** What every rule below looks at: a session user, a stored user, or nobody. */
export type Subscription = {
  subscriptionStatus: string | null | undefined;
  subscriptionType: string | null | undefined;
};

/**
 * The status a subscription has now. An admin pause is scheduled for the end of the paid period,
 * so the stored Stripe status stays active until then; from that moment the subscription reads
 * 'paused' everywhere (session, gates, admin list) without waiting for a job.
 */
export function effectiveSubscriptionStatus(
  user: { subscriptionStatus: string | null; subscriptionPauseAt: Date | null },
  now: Date = new Date(),
): string | null {
  if (user.subscriptionPauseAt && user.subscriptionPauseAt.getTime() <= now.getTime()) return "paused";
  return user.subscriptionStatus;
}

/** All search results and the premium fields: an active subscription of either type. */
export function seesAllResults(subscription: Subscription | null | undefined): boolean {
  return subscription?.subscriptionStatus === "active" && Boolean(subscription.subscriptionType);
}

/** Saving favourites: a subscription that is active or in its trial. */
export function canSaveFunds(subscription: Subscription | null | undefined): boolean {
  const status = subscription?.subscriptionStatus;
  return status === "active" || status === "trialing";
}

/**
 * The pipeline's CSV and Excel export (issue 22: "for every subscriber"): whoever may save funds
 * may take their pipeline with them, trial included.
 */
export function canExportPipeline(subscription: Subscription | null | undefined): boolean {
  return canSaveFunds(subscription);
}

/** The Excel export: what the Lifetime plan adds. */
export function canExportFunds(subscription: Subscription | null | undefined): boolean {
  return subscription?.subscriptionStatus === "active" && subscription.subscriptionType === "lifetime";
}

/** Upgrading to Lifetime: offered to, and allowed for, active monthly subscribers only. */
export function canUpgradeToLifetime(subscription: Subscription | null | undefined): boolean {
  return subscription?.subscriptionStatus === "active" && subscription.subscriptionType === "monthly";
}

/**
 * Saving a search and its weekly alert (issue 23): the same subscribers who may save funds. A lapsed
 * subscriber keeps, lists, renames and deletes their searches, but cannot save new ones, and the
 * alert job sends them nothing while this is false.
 */
export function canSaveSearches(subscription: Subscription | null | undefined): boolean {
  return canSaveFunds(subscription);
}

/**
 * Editing a fund's facts through the fund's own editor (issue 24): only a member of that fund's team,
 * and for that fund only. Admins keep their own fund editor; membership is proven by the work
 * address's link or granted by an admin's approval of a claim.
 */
export function canEditFund(memberFundIds: readonly number[], fundId: number): boolean {
  return memberFundIds.includes(fundId);
}

/**
 * The daily pipeline reminder (issue 23): the subscribers who may save funds, trial included. A
 * lapsed subscriber keeps, reads and edits their pipeline (their own record), but the reminder is
 * part of the service they no longer pay for, like the saved-search alerts: the job sends them
 * nothing while this is false, and resumes when they subscribe again.
 */
export function receivesPipelineReminders(subscription: Subscription | null | undefined): boolean {
  return canSaveFunds(subscription);
}

/**
 * Pitching a fund through FundMatch (issue 39): subscribers, trial included, like saving funds. A
 * visitor is asked to sign in (401) and a member without a subscription to subscribe (402).
 */
export function canPitchFunds(subscription: Subscription | null | undefined): boolean {
  return canSaveFunds(subscription);
}

/**
 * A fund's pitch inbox, its answers and its spam reports: the members of that fund's team only,
 * whatever their own subscription (the team answers; it does not pay to be pitched).
 */
export function canAnswerPitches(memberFundIds: readonly number[], fundId: number): boolean {
  return memberFundIds.includes(fundId);
}

/**
 * A pitch's deck: the founder who sent it, and the members of the fund it was sent to; nobody else,
 * admins included (a deck is the founder's, shared with one fund).
 */
export function canFetchDeck(
  viewer: { userId: number; memberFundIds: readonly number[] },
  pitch: { founderId: number; fundId: number },
): boolean {
  return viewer.userId === pitch.founderId || viewer.memberFundIds.includes(pitch.fundId);
}
