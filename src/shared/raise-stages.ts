import { countOf, possessive } from "./inflect.js";
import type { StageCode } from "./stages.js";

/**
 * The rounds a raise of a given size plausibly is, in USD (ADR 0016): a search with a raise but no
 * stage filter keeps a fund whose cheque range is unknown only when it invests at one of these
 * stages (or its stages are unknown too: unknown is never a mismatch). Wide and overlapping on
 * purpose: a $3M round is a large seed or a small Series A, and both kinds of fund should see it.
 */
export const RAISE_STAGE_RANGES: ReadonlyArray<{ stage: StageCode; minUsd: number; maxUsd: number }> = [
  { stage: "pre_seed", minUsd: 0, maxUsd: 2_000_000 },
  { stage: "seed", minUsd: 250_000, maxUsd: 6_000_000 },
  { stage: "series_a", minUsd: 2_000_000, maxUsd: 30_000_000 },
  { stage: "series_b", minUsd: 10_000_000, maxUsd: 80_000_000 },
  { stage: "series_c", minUsd: 25_000_000, maxUsd: 200_000_000 },
  { stage: "late_stage", minUsd: 50_000_000, maxUsd: Number.POSITIVE_INFINITY },
  { stage: "growth", minUsd: 50_000_000, maxUsd: Number.POSITIVE_INFINITY },
];

/** The stages a raise of `raiseUsd` plausibly is, earliest first. */
export function stagesForRaise(raiseUsd: number): StageCode[] {
  return RAISE_STAGE_RANGES.filter((range) => raiseUsd >= range.minUsd && raiseUsd <= range.maxUsd).map(
    (range) => range.stage,
  );
}

/** What a card says of a fund's cheque against the founder's raise (a search with a raise). */
export const CHEQUE_FIT_LABELS = {
  covers: "Cheque range covers your raise",
  unknown: "Cheque size not disclosed",
} as const;

/**
 * The line above a search's results with a raise: how many funds' known cheque range covers it,
 * and how many more have an undisclosed cheque size (and stages that fit). `amount` is the raise
 * as the page writes it ("$2M").
 */
export function chequeFitCountsText(counts: { covers: number; unknown: number }, amount: string): string {
  const covers = `${possessive(countOf(counts.covers, "fund", "funds"))} cheque range covers ${amount}`;
  if (counts.unknown === 0) return covers;
  return `${covers} · ${counts.unknown} more with an undisclosed cheque size`;
}
