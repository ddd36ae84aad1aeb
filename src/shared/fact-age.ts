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

/**
 * A fact's date as the first day of its stated period ('2019' → 2019-01-01, '2019-03' →
 * 2019-03-01), else the day its source was read (issue 36: a fact is dated by either); null with
 * neither. The admin's data page counts the facts' ages by it, in SQL with the same rule
 * (src/server/funds/repository.ts).
 */
export function factDay(fact: { asOf: string | null; retrievedOn: string | null }): string | null {
  if (fact.asOf) {
    const [year, month = "01", day = "01"] = fact.asOf.split("-");
    return `${year}-${month}-${day}`;
  }
  return fact.retrievedOn ?? null;
}

/**
 * The first day of today's month `years` years back ('2026-12-07', 6 → '2020-12-01'): a fact whose
 * day (factDay) is before it is more than `years` years old, counted by the month as isOldFundSize
 * counts, so that the data page's "older than 6 years" and its fund sizes to refresh agree with
 * the fund page and the match.
 */
export function ageCutoff(today: Date, years: number): string {
  const year = String(today.getUTCFullYear() - years).padStart(4, "0");
  const month = String(today.getUTCMonth() + 1).padStart(2, "0");
  return `${year}-${month}-01`;
}
