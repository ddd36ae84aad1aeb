import { PITCH_STATS_MIN_RECEIVED } from "../../shared/pitches.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window of the answer record: the last 12 months. */
export function statsWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  return start;
}

export type FundStatsRow = { fundId: number; received: number; answered: number; medianDaysToAnswer: number | null };

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Each fund's answer record from its pitches of the window (withdrawn ones already left out): how
 * many it received, how many it answered, and the median days from a pitch to its answer (to one
 * decimal). Only funds that received at least PITCH_STATS_MIN_RECEIVED pitches: below that, a
 * record says more about chance than about the fund.
 */
export function computePitchStats(
  pitches: ReadonlyArray<{ fundId: number; sentAt: Date; answeredAt: Date | null }>,
): FundStatsRow[] {
  const byFund = new Map<number, { received: number; days: number[] }>();
  for (const pitch of pitches) {
    const entry = byFund.get(pitch.fundId) ?? { received: 0, days: [] };
    entry.received++;
    if (pitch.answeredAt) entry.days.push((pitch.answeredAt.getTime() - pitch.sentAt.getTime()) / DAY_MS);
    byFund.set(pitch.fundId, entry);
  }
  const rows: FundStatsRow[] = [];
  for (const [fundId, { received, days }] of byFund) {
    if (received < PITCH_STATS_MIN_RECEIVED) continue;
    const middle = median(days);
    rows.push({
      fundId,
      received,
      answered: days.length,
      medianDaysToAnswer: middle === null ? null : Math.round(Math.max(0, middle) * 10) / 10,
    });
  }
  return rows.sort((a, b) => a.fundId - b.fundId);
}
