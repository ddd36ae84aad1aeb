/**
 * Fixed reference rates, in US dollars per unit of each currency, for the fund-size filter only:
 * funds report their size in their own currency, a founder filters in USD. The rates are fixed
 * on purpose (rounded mid-market rates of mid-2025), so that the same search gives the same answer
 * every day and on every instance; a fund-size range is a rough bracket, which a few percent of
 * exchange-rate movement does not change. Where the product shows a converted amount (a cheque
 * range whose ends its sources stated in two currencies, a size's dollar equivalent), it says it is
 * converted, at the rate of RATES_OF, and keeps the original on hover.
 *
 * A fund whose currency is not in this table cannot be compared and does not match a fund-size
 * filter, like a fund whose size is undisclosed. Add a currency here when the data brings one.
 */
/** When the fixed rates were read, as a converted amount's hover says it ("converted at the rate of mid-2025"). */
export const RATES_OF = "mid-2025";

export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.1,
  GBP: 1.3,
  CHF: 1.2,
  JPY: 0.0068,
  CNY: 0.14,
  HKD: 0.128,
  TWD: 0.032,
  KRW: 0.00073,
  SGD: 0.77,
  INR: 0.0117,
  IDR: 0.000061,
  MYR: 0.23,
  THB: 0.03,
  PHP: 0.0177,
  VND: 0.000039,
  AUD: 0.65,
  NZD: 0.6,
  CAD: 0.73,
  MXN: 0.052,
  BRL: 0.18,
  ARS: 0.00085,
  CLP: 0.00106,
  COP: 0.00024,
  PEN: 0.28,
  SEK: 0.104,
  NOK: 0.099,
  DKK: 0.147,
  ISK: 0.0079,
  PLN: 0.27,
  CZK: 0.046,
  HUF: 0.0029,
  RON: 0.22,
  BGN: 0.56,
  TRY: 0.025,
  ILS: 0.29,
  AED: 0.2723,
  SAR: 0.2667,
  QAR: 0.2747,
  KWD: 3.27,
  BHD: 2.65,
  OMR: 2.6,
  JOD: 1.41,
  EGP: 0.02,
  MAD: 0.11,
  NGN: 0.00065,
  KES: 0.0077,
  ZAR: 0.056,
};

/**
 * Whether the product converts the currency: the one rule for every fund size stored (the admin's
 * edit, the fund team's editor, the import), so that no stored size is one a fund-size filter
 * cannot compare. Own keys only: a code such as 'constructor' is not a currency.
 */
export function isConvertedCurrency(code: string): boolean {
  return Object.hasOwn(USD_PER_UNIT, code);
}

/** The converted currencies as the forms offer them: USD first, then by code. */
export const CONVERTED_CURRENCIES: readonly string[] = Object.keys(USD_PER_UNIT).sort((a, b) =>
  a === "USD" ? -1 : b === "USD" ? 1 : a.localeCompare(b),
);

/** The message for a currency outside the table, the same from every form and route. */
export const CURRENCY_MESSAGE = "Currency must be one the product converts, a 3-letter code such as USD, EUR or GBP.";

/** An amount in USD, or null when the amount is unknown or its currency is not in the table. */
export function toUsd(amount: number | null | undefined, currency: string | null | undefined): number | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null;
  const code = (currency ?? "USD").trim().toUpperCase();
  return isConvertedCurrency(code) ? amount * (USD_PER_UNIT[code] as number) : null;
}

/** An amount in another currency through the fixed rates; null when either currency is not in the table. */
export function convertAmount(amount: number, from: string, to: string): number | null {
  const source = from.trim().toUpperCase();
  const target = to.trim().toUpperCase();
  if (source === target) return amount;
  if (!isConvertedCurrency(source) || !isConvertedCurrency(target)) return null;
  return (amount * (USD_PER_UNIT[source] as number)) / (USD_PER_UNIT[target] as number);
}
