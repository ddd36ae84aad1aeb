/**
 * What the match weighs (docs/decisions/0021-the-match.md). Each part the profile asks about gives
 * a value from 0 to 1; the fit is the weighted mean of those values over the parts asked (plus
 * freshness, always), times the mismatch penalty, as an integer 0–100.
 */
/*
 * Geography and sectors weigh 30, stage 25: most early-stage funds invest close to home and in what
 * they know. Tuned on the tuning part of the outside evaluation set only (issue 37, ADR 0021): from
 * 25/20 to 30/30 recall at 10 went 56.3% → 59.9% (geography 40 gave the same at 10). The team's
 * own older set (tests/fixtures/match-evaluation.json) had set geography 20 from 10.
 */
export const MATCH_WEIGHTS = {
  stage: 25,
  sectors: 30,
  raise: 15,
  geography: 30,
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
/** A fund stated to invest across sectors: below any specialist in the startup's sector or a neighbour of it. */
export const SECTOR_AGNOSTIC_VALUE = 0.55;
/** A specialist in one of the sectors scores from this up to 1 (fewer listed sectors, first-listed: higher). */
export const SECTOR_SPECIALIST_FLOOR = 0.75;
/**
 * A fund that lists a neighbour of the startup's sector (deep tech for a semiconductor startup,
 * src/shared/industry-families.ts): below any exact specialist, above a sector-agnostic fund.
 */
export const SECTOR_RELATED_VALUE = 0.65;
/**
 * A fund whose listed sectors span this many families (src/shared/industry-families.ts) is a
 * generalist listing examples: a startup outside the list is a weak fit (this value), not a mismatch.
 */
export const BROAD_FAMILIES = 4;
export const BROAD_ELSEWHERE_VALUE = 0.35;
/** A fund whose known stages are next to the startup's (seed for a pre-seed startup). */
export const NEARBY_STAGE_VALUE = 0.3;
/** Known stages two or more rounds away from the startup's: the fund is left out of the match. */
export const EXCLUDING_STAGE_DISTANCE = 2;
/**
 * A known sector list that names none of the startup's sectors (and no sector-agnostic statement)
 * multiplies the whole fit by this: a specialist elsewhere rarely backs the startup, whatever else fits.
 */
export const SECTOR_MISMATCH_PENALTY = 0.5;

/**
 * Geography, nearest first (issue 37): the same country 1; a fund whose own words state a geography
 * covering the startup's country; one that says it invests globally; the same sub-region
 * (src/shared/sub-regions.ts); the same region; anywhere else; and last a fund whose stated geography
 * lies elsewhere (an Israel-focused fund for a Kenyan startup), which also carries a concern naming it.
 */
export const STATED_GEOGRAPHY_VALUE = 0.85;
export const GLOBAL_GEOGRAPHY_VALUE = 0.7;
export const SAME_SUB_REGION_VALUE = 0.7;
export const SAME_REGION_VALUE = 0.45;
export const ELSEWHERE_VALUE = 0.15;
export const STATED_ELSEWHERE_VALUE = 0.05;

/**
 * The raise (issue 37: knowing more must not lose). A known cheque range that covers the raise 1.
 * A known range whose top is below the raise is a participation ("can join your round with up to
 * $3M"): an ordinary thing where the startup needs no lead, and never worth less than an unknown
 * range where it does (the lead rule then says whether the cheque can lead). A known minimum above
 * the whole raise is a mismatch: the value falls from CHEQUE_OUTSIDE_MAX_VALUE over one decade.
 */
export const CHEQUE_OUTSIDE_MAX_VALUE = 0.6;
/**
 * Neither a cheque range nor a fund size known: no evidence either way. Tuned on the tuning part
 * (ADR 0021): at UNKNOWN_VALUE (0.5) specialists whose size nobody published fell below every
 * generalist with a published fund. It stays at or below every known partial fit (SIZE_JOINS_VALUE).
 */
export const RAISE_UNKNOWN_VALUE = 0.7;
export const CHEQUE_JOINS_VALUE = 0.8;
export const CHEQUE_LEADS_VALUE = 0.95;
/**
 * From the fund size, by the lead rule (src/shared/lead-rule.ts: a first cheque is 1–3% of the fund,
 * a lead writes 30–60% of the round): a round it leads comfortably, one it can still lead, one it
 * joins (where no lead is needed it is an ordinary participation; where one is, no worse than an
 * unknown size), and one far smaller than its cheques. Less sure than a known cheque range.
 */
export const SIZE_LEADS_COMFORTABLY_VALUE = 0.85;
export const SIZE_CAN_LEAD_VALUE = 0.75;
export const SIZE_JOINS_VALUE = 0.7;
export const ROUND_TOO_SMALL_VALUE = 0.3;

/** Whether the fund leads is unknown, when the startup needs a lead: no evidence either way (tuned, ADR 0021). */
export const LEAD_UNKNOWN_VALUE = 0.7;
/** A fund known to follow only, when the startup needs a lead. */
export const FOLLOWS_VALUE = 0.1;

/**
 * The thesis part: this much for a fund whose words share nothing with the startup's (or that has
 * none), up to 1 for the closest description of the match. No shared word is no evidence either way.
 */
export const THESIS_UNKNOWN_VALUE = 0.4;

/** The fund's data reviewed within a year scores 1, within two years this, else FRESHNESS_OLD_VALUE. */
export const FRESHNESS_RECENT_DAYS = 365;
export const FRESHNESS_AGING_DAYS = 730;
export const FRESHNESS_AGING_VALUE = 0.7;
export const FRESHNESS_OLD_VALUE = 0.4;
