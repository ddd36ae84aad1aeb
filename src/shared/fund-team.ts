/**
 * A fund's own team on FundMatch (issue 24): the words and limits its editor, its claim and the
 * fund page share. Zod-free: the fund page imports it.
 */

/** Whether the fund is investing now, as its team states it; absent = not stated. */
export const INVESTING_STATUSES = ["active", "paused"] as const;
export type InvestingStatus = (typeof INVESTING_STATUSES)[number];

export const INVESTING_STATUS_LABELS: Readonly<Record<InvestingStatus, string>> = {
  active: "Actively investing",
  paused: "Paused",
};

/**
 * How the fund wants to be pitched: its own form, an e-mail address at its domain, introductions
 * only, or through FundMatch's own inbox (issue 39: founders send a deck, the team answers there).
 */
export const PITCH_ROUTES = ["form", "email", "warm_intro", "fundmatch"] as const;
export type PitchRoute = (typeof PITCH_ROUTES)[number];

export const PITCH_ROUTE_LABELS: Readonly<Record<PitchRoute, string>> = {
  form: "Pitch form",
  email: "Pitch by e-mail",
  warm_intro: "Warm introductions only",
  fundmatch: "Pitch through FundMatch",
};

/** The routes that take no address: introductions only, and FundMatch's own inbox. */
export const PITCH_ROUTES_WITHOUT_TARGET: readonly PitchRoute[] = ["warm_intro", "fundmatch"];

/** The editor's limits, from the issue: a thesis of 600 characters, 20 portfolio companies. */
export const THESIS_MAX = 600;
export const PORTFOLIO_MAX = 20;

/** A claim: how it ended up. */
export const CLAIM_STATUSES = ["verification_sent", "pending_review", "verified", "approved", "refused"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The verification link's life (issue 24: valid 24 hours, single use). */
export const CLAIM_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** How a member joined: their work address's link, or an admin's approval of a reviewed claim. */
export const MEMBERSHIP_VIA = ["email", "admin"] as const;
export type MembershipVia = (typeof MEMBERSHIP_VIA)[number];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Updated by the fund's team · Nov 2026", from the day the team's fact was recorded (YYYY-MM-DD). */
export function fundTeamUpdatedText(recordedOn: string): string {
  const [year, month] = recordedOn.split("-");
  const monthName = MONTHS[Number(month) - 1];
  return `Updated by the fund's team · ${monthName ? `${monthName} ${year}` : year}`;
}
