import { convertAmount, RATES_OF } from "./currency-rates.js";
import { formatFundSize } from "./fund-size.js";

/**
 * A cheque range shown in one currency (issue 36): a range whose ends its sources stated in two
 * currencies (the minimum in euros, the maximum in dollars) reads in the fund's own currency, each
 * converted end saying so on hover with the original and the rate's date. Zod-free: the fund page
 * imports it.
 */

/** One end as its source stated it (the provenance's amount and currency), and as stored in dollars. */
export type RangeEnd = { amount: number | null; currency: string | null; usd: number | null | undefined };

export type ShownRange = {
  /** '€100K – €1M', 'From €100K', 'Up to $2M'; null when neither end is known. */
  text: string | null;
  /** The currency the range is shown in. */
  currency: string;
  /** The converted ends, each as its source stated it: '$1M (stated in USD; converted at the rate of mid-2025)'. */
  converted: string[];
  /** The hover's whole text, or undefined when nothing was converted. */
  title: string | undefined;
};

/** An end in `currency`: as stated when it was stated in it, else converted (the stated amount first, then the dollars). */
function endIn(end: RangeEnd, currency: string): { amount: number; original: string | null } | null {
  const stated =
    end.amount !== null && end.currency ? { amount: end.amount, currency: end.currency.toUpperCase() } : null;
  const from = stated ?? (typeof end.usd === "number" ? { amount: end.usd, currency: "USD" } : null);
  if (!from) return null;
  if (from.currency === currency) return { amount: from.amount, original: null };
  const amount = convertAmount(from.amount, from.currency, currency);
  if (amount === null) return { amount: from.amount, original: null };
  return { amount, original: formatFundSize(from.amount, from.currency) };
}

/**
 * The range in one currency: the one its ends were stated in when they agree (nothing converted),
 * else the fund's own currency, else dollars. An end whose currency the rates do not cover stays as
 * stated (it cannot be converted, and is never guessed).
 */
export function chequeRangeInOneCurrency(
  min: RangeEnd,
  max: RangeEnd,
  fundCurrency: string | null | undefined,
): ShownRange {
  const statedCurrencies = [min, max].flatMap((end) =>
    end.amount !== null && end.currency ? [end.currency.toUpperCase()] : typeof end.usd === "number" ? ["USD"] : [],
  );
  const agreed = statedCurrencies.every((code) => code === statedCurrencies[0]) ? statedCurrencies[0] : undefined;
  const currency = agreed ?? (fundCurrency?.trim().toUpperCase() || "USD");
  const low = endIn(min, currency);
  const high = endIn(max, currency);
  const show = (end: { amount: number } | null) => (end ? formatFundSize(end.amount, currency) : null);
  const lowText = show(low);
  const highText = show(high);
  const text =
    lowText && highText
      ? lowText === highText
        ? lowText
        : `${lowText} – ${highText}`
      : lowText
        ? `From ${lowText}`
        : highText
          ? `Up to ${highText}`
          : null;
  const converted = [
    low?.original ? `minimum stated as ${low.original}` : undefined,
    high?.original ? `maximum stated as ${high.original}` : undefined,
  ].filter((item): item is string => item !== undefined);
  const title =
    converted.length > 0 ? `${converted.join("; ")}; converted to ${currency} at the rate of ${RATES_OF}` : undefined;
  return { text, currency, converted, title };
}
