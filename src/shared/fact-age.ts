/**
 * How old a fact may be before it is weak evidence (issue 36 and 37). A fund size says what a firm
 * can invest today only while that fund is investing: a fund typically invests its new companies in
 * its first 3 to 5 years and reserves the rest for follow-ons, so a fund closed more than 6 years
 * ago says little of today's capacity. The fund page shows such a size as "older fund (2011)", the
 * match counts it as weak evidence and /admin/data lists it as a fact to refresh. Zod-free.
 */

/** A fund size whose own date is more than this many years old is an older fund. */
export const OLD_FUND_SIZE_YEARS = 6;

/** The year of a fact's date ('2014-07' → 2014); null without one. */
export function factYear(asOf: string | null | undefined): number | null {
  const year = asOf ? Number(asOf.slice(0, 4)) : Number.NaN;
  return Number.isInteger(year) && year > 0 ? year : null;
}

/**
 * Whether a fund size dated `asOf` is an older fund on `today`: its date, counted from the start of
 * its stated period ('2020' as Jan 2020), lies more than OLD_FUND_SIZE_YEARS years back.
 */
export function isOldFundSize(asOf: string | null | undefined, today: Date = new Date()): boolean {
  const year = factYear(asOf);
  if (year === null || !asOf) return false;
  const month = Number(asOf.slice(5, 7)) || 1;
  const limit = today.getUTCFullYear() - OLD_FUND_SIZE_YEARS;
  return year < limit || (year === limit && month < today.getUTCMonth() + 1);
}

/** "older fund (2011)": how a page, a card and the match name a fund size from an older fund. */
export function olderFundText(year: number): string {
  return `older fund (${year})`;
}
