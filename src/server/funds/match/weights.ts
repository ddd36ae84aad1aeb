/**
 * What the match weighs (docs/decisions/0021-the-match.md). Each part the profile asks about gives
 * a value from 0 to 1; the fit is the weighted mean of those values over the parts asked (plus
 * freshness, always), times the mismatch penalty, as an integer 0–100.
 */
export const MATCH_WEIGHTS = {
  stage: 25,
  sectors: 25,
  raise: 15,
  geography: 10,
  lead: 10,
  thesis: 10,
  freshness: 5,
} as const;

/**
 * An unknown fact is never a mismatch: it scores this much (below any fit, above any known
 * mismatch) and adds a concern. The achievable fit shrinks; nothing is excluded for it.
 */
export const UNKNOWN_VALUE = 0.5;
/** Unknown industries score below a sector-agnostic fund (which is known to take every sector). */
export const SECTORS_UNKNOWN_VALUE = 0.4;
/** A fund stated to invest across sectors: below any specialist in the startup's sector. */
export const SECTOR_AGNOSTIC_VALUE = 0.55;
/** A specialist in one of the sectors scores from this up to 1 (fewer listed sectors, first-listed: higher). */
export const SECTOR_SPECIALIST_FLOOR = 0.7;
/** A fund whose known stages are next to the startup's (seed for a pre-seed startup). */
export const NEARBY_STAGE_VALUE = 0.3;
/** Known stages two or more rounds away from the startup's: the fund is left out of the match. */
export const EXCLUDING_STAGE_DISTANCE = 2;
/**
 * A known sector list that names none of the startup's sectors (and no sector-agnostic statement)
 * multiplies the whole fit by this: a specialist elsewhere rarely backs the startup, whatever else fits.
 */
export const SECTOR_MISMATCH_PENALTY = 0.5;

/** Same region (not the same country), and anywhere else. */
export const SAME_REGION_VALUE = 0.6;
export const ELSEWHERE_VALUE = 0.2;

/** A known cheque range that covers the raise; outside it the value falls over one decade. */
export const CHEQUE_OUTSIDE_MAX_VALUE = 0.6;
/**
 * The lead-share rule: a fund leads rounds up to this share of its size. A fund keeps about half of
 * itself for follow-on cheques and spreads the rest over some 10–15 first cheques, so a first cheque
 * is some 5–8% of the fund; a lead takes about half of the round, so the round it leads is up to
 * ~15% of the fund. A $40M fund leads rounds up to $6M: it rarely leads a $10M round.
 */
export const LEAD_SHARE_OF_FUND = 0.15;
/** Below this share of its size, a round is too small for a fund to bother with (a $1B fund, a $1M round). */
export const SMALLEST_ROUND_SHARE_OF_FUND = 0.001;
/** The raise judged from the fund size only: less sure than a known cheque range. */
export const SIZE_FITS_VALUE = 0.85;
export const ROUND_TOO_SMALL_VALUE = 0.4;

/** A fund known to follow only, when the startup needs a lead. */
export const FOLLOWS_VALUE = 0.1;

/** A fund with neither a description nor a portfolio: nothing to compare the thesis with. */
export const THESIS_UNKNOWN_VALUE = 0.3;

/** The fund's data reviewed within a year scores 1, within two years this, else FRESHNESS_OLD_VALUE. */
export const FRESHNESS_RECENT_DAYS = 365;
export const FRESHNESS_AGING_DAYS = 730;
export const FRESHNESS_AGING_VALUE = 0.7;
export const FRESHNESS_OLD_VALUE = 0.4;
