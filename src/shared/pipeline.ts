/**
 * A saved fund is a line in the founder's fundraising pipeline: where the conversation with the
 * fund stands, a private note and the next step's date. Zod-free: the profile page imports it.
 */

/** The stages of a conversation with a fund, in the order a fundraise moves through them. */
export const PIPELINE_STATUSES = ["to_contact", "contacted", "in_conversation", "passed", "committed"] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

/** Where every newly saved fund starts. */
export const INITIAL_PIPELINE_STATUS: PipelineStatus = "to_contact";

export const PIPELINE_STATUS_LABELS: Record<PipelineStatus, string> = {
  to_contact: "To contact",
  contacted: "Contacted",
  in_conversation: "In conversation",
  passed: "Passed",
  committed: "Committed",
};

/** The longest private note, in characters (Unicode code points, as the database counts them). */
export const PIPELINE_NOTE_MAX = 2000;

/** Characters as a person (and PostgreSQL's char_length) counts them: an emoji is one. */
export function noteLength(note: string): number {
  let count = 0;
  for (const _ of note) count++;
  return count;
}

export function isPipelineStatus(value: unknown): value is PipelineStatus {
  return typeof value === "string" && (PIPELINE_STATUSES as readonly string[]).includes(value);
}

/** The years a next-step date may fall in; anything else is a typo rather than a plan. */
export const NEXT_STEP_YEAR_MIN = 1900;
export const NEXT_STEP_YEAR_MAX = 2999;

/** True for a real calendar date written YYYY-MM-DD within the years above (no 2026-02-30). */
export function isNextStepDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < NEXT_STEP_YEAR_MIN || year > NEXT_STEP_YEAR_MAX) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Statuses after which a next step no longer needs chasing: their dates are never overdue. */
export function isClosedStatus(status: PipelineStatus): boolean {
  return status === "passed" || status === "committed";
}

/**
 * The largest committed amount a card takes, in whole US dollars: a trillion is beyond any venture
 * round, so anything above is a typo (and it stays well inside a double's exact integers).
 */
export const COMMITTED_AMOUNT_MAX_USD = 1_000_000_000_000;

/** True for a whole, positive dollar amount within the cap above. */
export function isCommittedAmount(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= COMMITTED_AMOUNT_MAX_USD;
}

/**
 * /profile's query keys: the saved funds' status filter (a status) and the layout (`board`, else the
 * list). The page reads them in its first render, the server too (src/shared/page-query-keys.ts).
 */
export const PIPELINE_FILTER_KEY = "status";
export const PIPELINE_VIEW_KEY = "view";
export const PIPELINE_BOARD_VIEW = "board";
