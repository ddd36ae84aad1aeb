import {
  isClosedStatus,
  isCommittedAmount,
  isPipelineStatus,
  PIPELINE_BOARD_VIEW,
  PIPELINE_FILTER_KEY,
  PIPELINE_STATUSES,
  PIPELINE_VIEW_KEY,
  type PipelineStatus,
} from "../../../shared/pipeline.js";
import type { Pipeline } from "../../../shared/schemas/account.js";
import { parseUsdAmount } from "../../../shared/search-params.js";

/**
 * The profile's pipeline view as plain functions of the saved funds, so that they can be tested
 * without rendering: the status filter kept in the URL, the counts, and which next steps are late.
 */

/** 'all', or one status; anything else in the URL reads as 'all'. */
export type StatusFilter = "all" | PipelineStatus;

export const STATUS_FILTER_PARAM = PIPELINE_FILTER_KEY;

export function parseStatusFilter(value: string | null): StatusFilter {
  return isPipelineStatus(value) ? value : "all";
}

export type StatusCounts = Record<StatusFilter, number>;

export function statusCounts(funds: readonly { pipeline: Pick<Pipeline, "status"> }[]): StatusCounts {
  const counts = { all: funds.length } as StatusCounts;
  for (const status of PIPELINE_STATUSES) counts[status] = 0;
  for (const fund of funds) counts[fund.pipeline.status] += 1;
  return counts;
}

export function filterByStatus<T extends { pipeline: Pick<Pipeline, "status"> }>(
  funds: readonly T[],
  filter: StatusFilter,
): T[] {
  return filter === "all" ? [...funds] : funds.filter((fund) => fund.pipeline.status === filter);
}

/** Today in the person's own calendar, as YYYY-MM-DD (the date input's format). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A next step before today is overdue, unless the conversation is over (passed or committed). */
export function isOverdue(nextStepDate: string | null, status: PipelineStatus, today: string): boolean {
  return nextStepDate !== null && nextStepDate < today && !isClosedStatus(status);
}

/** 'Mar 1, 2027' for a YYYY-MM-DD date, read as a calendar day (no time zone can shift it). */
export function formatStepDate(value: string): string {
  const [year, month, day] = value.split("-").map(Number);
  if (!year || !month || !day) return value;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** Whether removing the fund would throw away something the person wrote or decided. */
export function hasPipelineWork(pipeline: Pick<Pipeline, "status" | "note" | "nextStepDate">): boolean {
  return pipeline.status !== "to_contact" || pipeline.note.trim() !== "" || pipeline.nextStepDate !== null;
}

/** The profile's pipeline as a list (the default) or as a board; kept in the URL as ?view=board. */
export type PipelineLayout = "list" | "board";
export const VIEW_PARAM = PIPELINE_VIEW_KEY;

export function parseLayout(value: string | null): PipelineLayout {
  return value === PIPELINE_BOARD_VIEW ? "board" : "list";
}

/** The funds of each board column, in the list's order (most recently saved first). */
export function byStatus<T extends { pipeline: Pick<Pipeline, "status"> }>(
  funds: readonly T[],
): Record<PipelineStatus, T[]> {
  const columns = {} as Record<PipelineStatus, T[]>;
  for (const status of PIPELINE_STATUSES) columns[status] = [];
  for (const fund of funds) columns[fund.pipeline.status].push(fund);
  return columns;
}

/**
 * What the committed funds add up to (only those in Committed: an amount on a fund moved back
 * does not count), against the round's target when one is set.
 */
export function roundProgress(
  funds: readonly { pipeline: Pick<Pipeline, "status" | "committedAmountUsd"> }[],
  targetUsd: number | null,
): { committedUsd: number; targetUsd: number | null; percent: number | null } {
  let committedUsd = 0;
  for (const fund of funds) {
    if (fund.pipeline.status === "committed") committedUsd += fund.pipeline.committedAmountUsd ?? 0;
  }
  const target = targetUsd !== null && targetUsd > 0 ? targetUsd : null;
  return {
    committedUsd,
    targetUsd: target,
    percent: target === null ? null : Math.round((committedUsd / target) * 100),
  };
}

/** '$1.2M', '$3M', '$750K', '$900': short dollar amounts for the progress line. */
export function formatUsdShort(amount: number): string {
  const short = (value: number, unit: string) =>
    `$${value.toLocaleString("en-US", { maximumFractionDigits: value < 10 ? 1 : 0 })}${unit}`;
  if (amount >= 1_000_000_000) return short(amount / 1_000_000_000, "B");
  if (amount >= 1_000_000) return short(amount / 1_000_000, "M");
  if (amount >= 1_000) return short(amount / 1_000, "K");
  return `$${amount.toLocaleString("en-US")}`;
}

/**
 * The committed-amount field's text as whole dollars, read by the app's one amount reader ('1.5M',
 * '250k', '$500', '€200k' converted at the fixed rates): null when empty, undefined when not a valid
 * amount (a fraction of a dollar, a range, a currency without a rate).
 */
export function parseAmountInput(text: string): number | null | undefined {
  const usd = parseUsdAmount(text);
  if (usd === undefined) return null;
  if (usd === null) return undefined;
  return isCommittedAmount(usd) ? usd : undefined;
}
