/**
 * Amounts as investor lists write them: '$250K - $2M', '€1M-5M', 'USD 1.5MM', 'up to £500k',
 * '$5M+', '2 billion', '3KK' (thousand-thousand: a million, as Russian and Brazilian lists write it).
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

const SUFFIXES: Readonly<Record<string, number>> = {
  "": 1,
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mio: 1e6,
  kk: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
};

/**
 * Reference rates to US dollars for cheque sizes given in another currency: cheque columns are
 * stored in USD, and a list of European funds writes them in euros. Approximate (late 2026 levels),
 * good enough to place a fund in a range; the fund size itself keeps its own currency.
 */
export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CHF: 1.12,
  CAD: 0.73,
  AUD: 0.66,
  NZD: 0.6,
  SGD: 0.74,
  HKD: 0.128,
  JPY: 0.0067,
  CNY: 0.138,
  INR: 0.012,
  KRW: 0.00074,
  SEK: 0.095,
  NOK: 0.093,
  DKK: 0.145,
  BRL: 0.18,
  ILS: 0.27,
  ZAR: 0.055,
  AED: 0.272,
  SAR: 0.267,
  PLN: 0.25,
};

const AMOUNT = /^(\d[\d,. ']*)(?:\s*([a-z]+))?$/;

/** One side of a range: '1.5M', '250,000', '2 billion', '500' (with the other side's suffix, if given). */
function parseAmount(text: string, fallbackSuffix: string | undefined): { value: number; suffix: string } | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const digits = normaliseDigits(match[1] ?? "");
  const suffix = match[2] ?? "";
  const multiplier = SUFFIXES[suffix || (fallbackSuffix ?? "")];
  if (digits === null || multiplier === undefined) return null;
  return { value: digits * multiplier, suffix };
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
  const right = sides.length === 2 ? parseAmount(sides[1] ?? "", undefined) : null;
  const left = parseAmount(sides[0] ?? "", right?.suffix || undefined);
  if (!left || (sides.length === 2 && !right)) return null;
  if (right) {
    if (only) return null;
    return { min: left.value, max: right.value, currency };
  }
  if (only === "max") return { min: null, max: left.value, currency };
  if (only === "min") return { min: left.value, max: null, currency };
  return { min: left.value, max: left.value, currency };
}

/** A cheque amount in US dollars, or null when its currency has no reference rate. */
export function toUsd(amount: number, currency: string | null): number | null {
  const rate = USD_PER_UNIT[currency ?? "USD"];
  return rate === undefined ? null : Math.round(amount * rate);
}
