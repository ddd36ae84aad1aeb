/** Symbols by currency code: a Map, so that no stored code can ever name one of an object's members. */
const CURRENCY_SYMBOLS: ReadonlyMap<string, string> = new Map([
  ["USD", "$"],
  ["EUR", "€"],
  ["GBP", "£"],
  ["JPY", "¥"],
  ["CAD", "C$"],
  ["AUD", "A$"],
  ["CHF", "CHF "],
  ["CNY", "CN¥"],
  ["INR", "₹"],
  ["KRW", "₩"],
  ["SGD", "S$"],
  ["HKD", "HK$"],
  ["SEK", "SEK "],
  ["NOK", "NOK "],
  ["DKK", "DKK "],
]);

const UNITS = ["", "K", "M", "B", "T"] as const;

/** An unknown amount: the one wording of an unknown fact (NOT_DISCLOSED in fund-facts.ts is this). */
export const UNDISCLOSED = "Not disclosed";

/**
 * Compact amount: whole under 1000; otherwise K/M/B/T, rounded to a whole number
 * at 100 or more and to one decimal below. A rounding that reaches 1000 moves to the next unit
 * (999,950 reads 1M, not 1000K).
 */
export function formatCompactAmount(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  let value = Math.abs(amount);
  if (value < 1000) return `${sign}${Math.round(value) === 1000 ? "1K" : Math.round(value)}`;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  let rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  if (rounded >= 1000 && unit < UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return `${sign}${text}${UNITS[unit]}`;
}

/** '$1.5B', '€250M', '12M ISK' (unknown currencies trail as a code), 'Not disclosed' when missing. */
export function formatFundSize(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return UNDISCLOSED;
  const compact = formatCompactAmount(amount);
  const code = (currency ?? "").toUpperCase();
  const symbol = CURRENCY_SYMBOLS.get(code);
  if (symbol) return `${symbol}${compact}`;
  return code ? `${compact} ${code}` : compact;
}
