/**
 * What founders see of a fund's own team (issue 24, "What founders see") and what the fund sees of
 * founders ("What the fund sees"): the words the cards, the fund page, the search's filter and the
 * member's counts share. Zod-free: the cards and the fund page import it.
 */
import { formatAsOf } from "./fund-facts.js";
import { countOf, plural } from "./inflect.js";

/** The advanced search's and the match's switch: unknown statuses are hidden by the founder's own choice. */
export const ACTIVELY_INVESTING_FILTER_LABEL = "Only funds that say they are actively investing";
/** Its chip in the active filters. */
export const ACTIVELY_INVESTING_CHIP = "Actively investing";
/** Under the switch: why a fund without a stated status is left out. */
export const ACTIVELY_INVESTING_FILTER_HINT =
  "Funds that have not said whether they are investing are hidden while this is on.";

/**
 * Under the switch, with the count from the data (GET /_api/funds/stats `statedStatus`: a team's
 * status or a source's reported status): how many funds the filter can keep at most, or, when none
 * has said, why the switch is off (issue 37). Without the count, the hint alone.
 */
export function activelyInvestingHint(statedStatus: number | undefined): string {
  if (statedStatus === undefined) return ACTIVELY_INVESTING_FILTER_HINT;
  if (statedStatus === 0) return "No fund has said yet whether it is investing, so this filter is off.";
  return `${countOf(statedStatus, "fund has", "funds have")} said whether ${plural(statedStatus, "it is", "they are")} investing; the others are hidden while this is on.`;
}

/** "Updated by the fund's team · Nov 2026", from a result's `updatedByFundTeam` ("2026-11"). */
export function updatedByFundTeamText(month: string): string {
  return `Updated by the fund's team · ${formatAsOf(month)}`;
}

/** "Paused until Mar 2027" / "Paused", from a result's `pausedUntil` (YYYY-MM-DD) when given. */
export function pausedText(pausedUntil: string | null | undefined): string {
  return pausedUntil ? `Paused until ${formatAsOf(pausedUntil.slice(0, 7))}` : "Paused";
}

/** The fund page's section of the team members who chose to be listed. */
export const LISTED_TEAM_HEADING = "Team";

/** "How to pitch", next to the website (subscribers). */
export const PITCH_HEADING = "How to pitch";

/** The member's counts (GET /_api/investor/funds/:id/audience). */
export const AUDIENCE_TEXTS = {
  heading: "Founders' interest",
  intro:
    "Per month, how many founders opened this fund's page, saved it, or had it in a match shortlist. Counts only: FundMatch never tells you who.",
  estimates:
    "These counts are estimates. A signed-in founder counts once a month; a visitor without an account counts once a day per network address, so people who share an address count as one, and someone on two networks as two.",
  month: "Month",
  pageViews: "Opened the page",
  saves: "Saved",
  shortlists: "In a shortlist",
  loading: "Loading the counts…",
  failed: "The counts could not be loaded.",
  empty: "No founder has opened this fund's page yet.",
} as const;

/** How many months the member's counts go back, this month included. */
export const AUDIENCE_MONTHS = 12;

/** "2026-11" → "Nov 2026". */
export function audienceMonthLabel(month: string): string {
  return formatAsOf(month);
}
