/**
 * What a fund's size says about the rounds it takes part in and leads: one rule, stated once, for
 * the match, the fund page and the blog's wording (issue 37: the match said "A €28M fund can lead a
 * $3.3M round" while the blog said a first cheque is 1% to 3% of a fund; both now follow this).
 *
 * The evidence (docs/decisions/0021-the-match.md records it with the rule):
 * - A first cheque is about 1% to 3% of the fund (2% typical): a $100M fund puts about 60% into
 *   first cheques and writes about $2M each (VC Beast, "Portfolio construction"); a $50M fund
 *   writes about $1M first cheques (VC Beast glossary); the blog article on fund size says 1% to 3%.
 * - A lead writes 30% to 60% of the round (Billion Dollar Pitch Decks, "Lead investor").
 * So a fund can lead a round its largest usual first cheque (3% of the fund) is at least 30% of:
 * rounds up to 10% of its size, and comfortably up to 4% (2% of the fund being half the round).
 * Below that, any round takes part of a cheque: a fund joins a round far larger than it can lead
 * ("can join your round with up to $3M"), which is an ordinary participation, not a concern. A
 * round under 0.1% of the fund is smaller than a tenth of its smallest usual cheque: such a fund
 * rarely writes cheques that small. Zod-free.
 */

import { formatCompactAmount } from "./fund-size.js";

/** A first cheque is this share of the fund: the low, typical and high ends. */
export const FIRST_CHEQUE_SHARE = { low: 0.01, typical: 0.02, high: 0.03 } as const;
/** A lead writes this share of the round: the low and high ends. */
export const LEAD_SHARE_OF_ROUND = { low: 0.3, high: 0.6 } as const;

/** The largest round a fund of this size can lead: its largest usual cheque at a lead's smallest share. */
export function largestRoundLed(fundSizeUsd: number): number {
  return (fundSizeUsd * FIRST_CHEQUE_SHARE.high) / LEAD_SHARE_OF_ROUND.low;
}

/** The round a fund of this size leads comfortably: its typical cheque as half the round. */
export function comfortableRoundLed(fundSizeUsd: number): number {
  return (fundSizeUsd * FIRST_CHEQUE_SHARE.typical) / 0.5;
}

/** The usual first cheque of a fund of this size, low to high. */
export function usualFirstCheque(fundSizeUsd: number): { low: number; high: number } {
  return { low: fundSizeUsd * FIRST_CHEQUE_SHARE.low, high: fundSizeUsd * FIRST_CHEQUE_SHARE.high };
}

/** A round smaller than a tenth of the fund's smallest usual cheque: the fund rarely writes cheques that small. */
export function roundTooSmallFor(fundSizeUsd: number, raiseUsd: number): boolean {
  return raiseUsd < usualFirstCheque(fundSizeUsd).low / 10;
}

export type RoundRole =
  /** The fund can lead the round (it is within what its cheques lead). */
  | { role: "can_lead"; comfortably: boolean }
  /** The round is larger than the fund leads: it can join with up to its largest usual cheque. */
  | { role: "can_join"; chequeUpTo: number }
  /** The round is far smaller than the fund's cheques. */
  | { role: "too_small" };

/** What a fund of this size can do in a round of this size, by the rule above. */
export function roundRole(fundSizeUsd: number, raiseUsd: number): RoundRole {
  if (roundTooSmallFor(fundSizeUsd, raiseUsd)) return { role: "too_small" };
  if (raiseUsd <= largestRoundLed(fundSizeUsd)) {
    return { role: "can_lead", comfortably: raiseUsd <= comfortableRoundLed(fundSizeUsd) };
  }
  return { role: "can_join", chequeUpTo: Math.min(usualFirstCheque(fundSizeUsd).high, raiseUsd) };
}

/**
 * What a fund page says where a fund's cheque range is unknown but its size is not: the rule's
 * estimate, labelled as one ("About $600K–$1.8M by its fund's size: a first cheque is usually 1–3%
 * of a fund"). Never shown as a fact of the fund.
 */
export function estimatedChequeText(fundSizeUsd: number): string {
  const { low, high } = usualFirstCheque(fundSizeUsd);
  const usd = (amount: number) => `$${formatCompactAmount(amount)}`;
  return `Estimate: about ${usd(low)}–${usd(high)} by its fund's size (a first cheque is usually ${FIRST_CHEQUE_SHARE.low * 100}–${FIRST_CHEQUE_SHARE.high * 100}% of a fund)`;
}
