/**
 * Pitching through FundMatch (issue 39): the limits, statuses, reasons and words that the server
 * enforces and the pages show. Zod-free: the fund page and the pitch dialog import it.
 */

/** The message's length, in characters (code points, as a person counts them). */
export const PITCH_MESSAGE_MIN = 50;
export const PITCH_MESSAGE_MAX = 2000;
export const PITCH_STARTUP_NAME_MAX = 120;
export const PITCH_DECK_URL_MAX = 500;
/** A deck's largest size in bytes (20 MB), checked on the bytes received. */
export const PITCH_DECK_MAX_BYTES = 20 * 1024 * 1024;
/** A pass's note to the founder. */
export const PITCH_NOTE_MAX = 1000;

/** One pitch per founder and fund in this many days. */
export const PITCH_REPEAT_DAYS = 90;
/** At most this many pitches per founder in PITCH_WINDOW_DAYS days. */
export const PITCHES_PER_WINDOW = 20;
export const PITCH_WINDOW_DAYS = 30;
/** Deck uploads per account per hour (on top of the per-address limit of the route). */
export const DECK_UPLOADS_PER_HOUR = 10;

/** The answer record shows once the fund received this many pitches in the last 12 months. */
export const PITCH_STATS_MIN_RECEIVED = 5;

/**
 * Where a pitch stands. 'sent' is new to the fund, 'reviewing' once a member opened it, then the
 * team's answer; 'withdrawn' by the founder before any answer (the fund no longer sees it).
 */
export const PITCH_STATUSES = ["sent", "reviewing", "meeting", "passed", "withdrawn"] as const;
export type PitchStatus = (typeof PITCH_STATUSES)[number];

/** The inbox's words for each status. */
export const PITCH_STATUS_LABELS: Readonly<Record<PitchStatus, string>> = {
  sent: "New",
  reviewing: "Reviewing",
  meeting: "Meeting requested",
  passed: "Passed",
  withdrawn: "Withdrawn",
};

/** The founder's words for the same statuses (/profile). */
export const FOUNDER_PITCH_STATUS_LABELS: Readonly<Record<PitchStatus, string>> = {
  sent: "Sent",
  reviewing: "Being reviewed",
  meeting: "Meeting requested",
  passed: "Passed",
  withdrawn: "Withdrawn",
};

export const PITCH_DECISIONS = ["meeting", "pass"] as const;
export type PitchDecision = (typeof PITCH_DECISIONS)[number];

/** The short list a pass's reason comes from (issue 39). */
export const PASS_REASONS = [
  "Not our stage",
  "Not our sector",
  "Not our geography",
  "Too early",
  "Fund fully deployed",
  "Other",
] as const;
export type PassReason = (typeof PASS_REASONS)[number];

export const PITCH_TEXTS = {
  acceptsPitches: "Accepts pitches through FundMatch",
  notAccepting: "This fund does not take pitches through FundMatch.",
  subscriptionRequired: "Pitching a fund through FundMatch is part of a subscription.",
  profileRequired: "Add your startup profile before you pitch a fund.",
  repeat: `You pitched this fund in the last ${PITCH_REPEAT_DAYS} days; wait for its answer or pitch again later.`,
  tooMany: `You can send at most ${PITCHES_PER_WINDOW} pitches in ${PITCH_WINDOW_DAYS} days.`,
  tooManyUploads: "Too many decks uploaded in the last hour. Please try again later.",
  deckOrUrl: "Attach your deck as a PDF or give a link to it, not both.",
  deckRequired: "Attach your deck as a PDF or give an https link to it.",
  notPdf: "The deck must be a PDF file.",
  tooLarge: "The deck is larger than 20 MB; send a smaller PDF or a link to it.",
  encrypted: "The deck is password-protected; send a PDF without a password.",
  broken: "The deck could not be read as a PDF; export it again and retry.",
  deckUrl: "The deck link must be an https:// web address.",
  notFound: "Pitch not found.",
  alreadyAnswered: "This pitch has already been answered.",
  withdrawn: "Your pitch was withdrawn.",
  notMember: "You are not a member of this fund's team.",
  noDeckFile: "This pitch has no deck file.",
  reasonRequired: "Choose a reason for passing.",
  reasonOnlyForPass: "A reason goes with a pass only.",
  reported: "Thank you: the pitch was reported to FundMatch's team.",
  adminNav: "Pitch reports",
  adminTitle: "Pitches reported as spam",
  adminDescription: "Pitches a fund's team reported as spam: who sent them, to which fund, and what they said.",
  adminEmpty: "No pitch has been reported.",
} as const;

/** "Answered 8 of 10 pitches, in 6 days (median)" (issue 39). */
export function pitchStatsText(stats: { received: number; answered: number; medianDaysToAnswer: number | null }) {
  const days = stats.medianDaysToAnswer;
  const within =
    days === null
      ? ""
      : `, in ${days === 1 ? "1 day" : `${Number.isInteger(days) ? days : days.toFixed(1)} days`} (median)`;
  return `Answered ${stats.answered} of ${stats.received} pitches${within}`;
}

/** Characters as a person counts them: an emoji is one. */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The inbox page of a fund's team. */
export const pitchInboxPath = (fundId: number) => `/investor/funds/${fundId}/pitches`;
