/**
 * How old a fact is (issue 36): by its own date (`as_of`: a close, an article) when it has one,
 * else by the day its source was read (`retrieved_on`). A date's missing parts count from the
 * period's first day ('2019' is 2019-01-01, '2019-03' is 2019-03-01), as everywhere a fact's date is
 * compared. The admin's data page counts the facts by these ages in SQL with the same rule
 * (src/server/funds/repository.ts); this is the rule in words and for the code that is not SQL.
 */

/** A fund size dated more than this many years before today is old: weak evidence, and a fact to refresh. */
export const OLD_FACT_YEARS = 6;

/** The ages the data page counts facts by, in years: under 1, 1 to 3, 3 to 6, older. */
export const FACT_AGE_LIMITS = [1, 3, OLD_FACT_YEARS] as const;

/** A fact's date as its first day, 'YYYY-MM-DD'; null when it has none. */
export function factDay(fact: { asOf: string | null; retrievedOn: string | null }): string | null {
  if (fact.asOf) {
    const [year, month = "01", day = "01"] = fact.asOf.split("-");
    return `${year}-${month}-${day}`;
  }
  return fact.retrievedOn ?? null;
}

/** 'YYYY-MM-DD' `years` years before `today` (the 29th of February then is the 1st of March). */
export function yearsBefore(today: string, years: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a fund size's own date (its close, its article) lies more than OLD_FACT_YEARS years before
 * `today`. Only its own date counts: the day its source was read says nothing about the fund's age,
 * and a fund size without a date of its own is undated, not old.
 */
export function isOldFundSize(asOf: string | null, today: string): boolean {
  const day = factDay({ asOf, retrievedOn: null });
  return day !== null && day < yearsBefore(today, OLD_FACT_YEARS);
}
