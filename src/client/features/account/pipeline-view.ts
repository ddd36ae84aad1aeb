import { isClosedStatus, isPipelineStatus, PIPELINE_STATUSES, type PipelineStatus } from "../../../shared/pipeline.js";
import type { Pipeline } from "../../../shared/schemas/account.js";

/**
 * The profile's pipeline view as plain functions of the saved funds, so that they can be tested
 * without rendering: the status filter kept in the URL, the counts, and which next steps are late.
 */

/** 'all', or one status; anything else in the URL reads as 'all'. */
export type StatusFilter = "all" | PipelineStatus;

export const STATUS_FILTER_PARAM = "status";

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
