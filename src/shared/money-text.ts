import { toUsd as sharedToUsd, USD_PER_UNIT } from "./currency-rates.js";

/**
 * The one reader of amounts people and files write (issue 37: "1.5M", "250k" and "€3m" are read
 * everywhere an amount is typed): the import's cells, the search's and the match's amount fields.
 * Zod-free, for the client's forms too.
 *
 * Amounts as investor lists write them: '$250K - $2M', '€1M-5M', 'USD 1.5MM', 'up to £500k',
 * '$5M+', '2 billion', '3KK' (thousand-thousand: a million, as Russian and Brazilian lists write it),
 * '1-3 Mio. €' and '2 Mrd' (German lists), '₹5 Cr' and '50 lakh' (Indian lists).
 */
export type MoneyRange = { min: number | null; max: number | null; currency: string | null };

/** Symbols and prefixes before codes: longest first, so that 'HK$' is not read as '$'. */
const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ["us$", "USD"],
  ["usd$", "USD"],
  ["hk$", "HKD"],
  ["nz$", "NZD"],
  ["au$", "AUD"],
  ["ca$", "CAD"],
  ["sg$", "SGD"],
  ["a$", "AUD"],
  ["c$", "CAD"],
  ["s$", "SGD"],
  ["r$", "BRL"],
  ["$", "USD"],
  ["€", "EUR"],
  ["£", "GBP"],
  ["¥", "JPY"],
  ["₹", "INR"],
  ["₩", "KRW"],
  ["₪", "ILS"],
  ["₦", "NGN"],
];

/** ISO codes the import recognises inside an amount ('EUR 5M', '5M GBP'), plus RMB. */
const CODES = new Set([
  ...Object.keys(USD_PER_UNIT),
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "CAD",
  "AUD",
  "CHF",
  "CNY",
  "INR",
  "KRW",
  "SGD",
  "HKD",
  "SEK",
  "NOK",
  "DKK",
  "NZD",
  "BRL",
  "ILS",
  "NGN",
  "ZAR",
  "AED",
  "SAR",
  "MXN",
  "PLN",
  "IDR",
]);

/** Units by the word a list writes; a Map, since the word is the file's text ('5 constructor'). */
const SUFFIXES: ReadonlyMap<string, number> = new Map(
  Object.entries({
    "": 1,
    k: 1e3,
    thousand: 1e3,
    tsd: 1e3,
    lakh: 1e5,
    lakhs: 1e5,
    lac: 1e5,
    lacs: 1e5,
    cr: 1e7,
    crore: 1e7,
    crores: 1e7,
    m: 1e6,
    mm: 1e6,
    mn: 1e6,
    mio: 1e6,
    mill: 1e6,
    mil: 1e6,
    mln: 1e6,
    kk: 1e6,
    million: 1e6,
    millions: 1e6,
    b: 1e9,
    bn: 1e9,
    billion: 1e9,
    billions: 1e9,
    bln: 1e9,
    mrd: 1e9,
    md: 1e9,
    t: 1e12,
    tn: 1e12,
    trillion: 1e12,
  }),
);

const AMOUNT = /^(\d[\d,. ']*)(?:\s*([a-z]+))?$/;

/** One side of a range: '1.5M', '250,000', '2 billion', '500' (its own unit, or none). */
function parseAmount(text: string): { value: number; suffix: string } | null {
  // 'Mio.', 'Mrd.', 'Tsd.': abbreviations end in a dot.
  const match = AMOUNT.exec(text.trim().replace(/([a-z])\.$/, "$1"));
  if (!match) return null;
  const digits = normaliseDigits(match[1] ?? "");
  const suffix = match[2] ?? "";
  const multiplier = SUFFIXES.get(suffix);
  if (digits === null || multiplier === undefined) return null;
  return { value: digits * multiplier, suffix };
}

/**
 * The left end of a range that gives no unit of its own: '1-3M' is 1M to 3M (the right end's
 * unit), '$5,000,000 - $15M' is five million (already a whole amount: the unit would make it five
 * trillion), '500-2M' is 500K (a unit short of the right's, the one reading that keeps the range in
 * order). Never above the right end by a unit slip: the bare number is the last resort.
 */
function leftWithoutUnit(value: number, right: { value: number; suffix: string }): number {
  const multiplier = SUFFIXES.get(right.suffix) ?? 1;
  if (multiplier > 1 && value * multiplier <= right.value) return value * multiplier;
  if (multiplier >= 1e6 && value < 1000 && value * (multiplier / 1000) <= right.value)
    return value * (multiplier / 1000);
  return value;
}

/** '1,500,000' and '1.500.000' and '1 500 000' are thousands; '1.5' and '2,5' are decimals. */
function normaliseDigits(raw: string): number | null {
  let text = raw.replace(/[\s']/g, "");
  const commas = (text.match(/,/g) ?? []).length;
  const dots = (text.match(/\./g) ?? []).length;
  if (commas > 0 && dots > 0) {
    // The later mark is the decimal one: '1,234.5' or '1.234,5'.
    text =
      text.lastIndexOf(",") > text.lastIndexOf(".")
        ? text.replace(/\./g, "").replace(",", ".")
        : text.replace(/,/g, "");
  } else if (commas > 1 || (commas === 1 && /,\d{3}$/.test(text))) text = text.replace(/,/g, "");
  else if (commas === 1) text = text.replace(",", ".");
  else if (dots > 1 || (dots === 1 && /\.\d{3}$/.test(text) && text.length > 5)) text = text.replace(/\./g, "");
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** An amount or a range with its currency, or null when the text is not one. */
export function parseMoney(input: string): MoneyRange | null {
  let text = input
    .toLowerCase()
    .replace(/\u00a0/g, " ")
    .trim();
  if (!text) return null;
  let currency: string | null = null;
  const takeCurrency = (found: string) => {
    if (currency && currency !== found) return false;
    currency = found;
    return true;
  };
  for (const [symbol, code] of SYMBOLS) {
    if (text.includes(symbol)) {
      if (!takeCurrency(code)) return null;
      text = text.split(symbol).join(" ");
    }
  }
  text = text.replace(/\b([a-z]{3})\b/g, (word) => {
    const upper = word.toUpperCase();
    if (CODES.has(upper) || upper === "RMB") {
      takeCurrency(upper === "RMB" ? "CNY" : upper);
      return " ";
    }
    return word;
  });

  let only: "min" | "max" | null = null;
  if (/^(up to|upto|max(imum)?|under|below|<|≤|less than)\b/.test(text.trim()) || /^[<≤]/.test(text.trim())) {
    only = "max";
    text = text.replace(/^\s*(up to|upto|max(imum)?|under|below|less than|<|≤)\s*:?/, "");
  } else if (/^\s*(from|min(imum)?|over|above|at least|>|≥)/.test(text) || /\+\s*$/.test(text)) {
    only = "min";
    text = text.replace(/^\s*(from|min(imum)?|over|above|at least|>|≥)\s*:?/, "").replace(/\+\s*$/, "");
  }
  text = text.replace(/\s+/g, " ").trim();

  const sides = text.split(/\s*(?:-|–|—|~|\bto\b)\s*/).filter((side) => side !== "");
  if (sides.length === 0 || sides.length > 2) return null;
  const right = sides.length === 2 ? parseAmount(sides[1] ?? "") : null;
  const left = parseAmount(sides[0] ?? "");
  if (!left || (sides.length === 2 && !right)) return null;
  if (right) {
    if (only) return null;
    const min = left.suffix ? left.value : leftWithoutUnit(left.value, right);
    return { min, max: right.value, currency };
  }
  if (only === "max") return { min: null, max: left.value, currency };
  if (only === "min") return { min: left.value, max: null, currency };
  return { min: left.value, max: left.value, currency };
}

/**
 * A cheque amount in whole US dollars at the product's fixed reference rates (the fund-size
 * filter's, src/shared/currency-rates.ts), or null when its currency has none.
 */
export function toUsd(amount: number, currency: string | null): number | null {
  const usd = sharedToUsd(amount, currency);
  return usd === null ? null : Math.round(usd);
}

/**
 * One amount as a founder types it in a form, with its currency when it names one: '1.5M',
 * '€3m', '250k GBP', '$2,500,000', '₹5 Cr'. undefined for an empty field, null for text that is not
 * one amount (a range, words). The currency is null when the text names none (the form's own).
 */
export function parseAmountText(text: string): { amount: number; currency: string | null } | undefined | null {
  if (!text.trim()) return undefined;
  // A sign is not an amount (the range reader would take '-3' for its right end alone).
  if (/^\s*[-–—+]/.test(text)) return null;
  const read = parseMoney(text);
  if (!read || read.min === null || read.min !== read.max || !(read.min >= 0)) return null;
  return { amount: read.min, currency: read.currency };
}
