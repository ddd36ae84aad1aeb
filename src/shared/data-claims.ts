/**
 * What the site says about its data, made from the counts (GET /_api/funds/stats): never a number
 * written by hand. Zod-free and small: the home page's first screen uses it (docs/decisions/0006).
 */

import { countOf, plural } from "./inflect.js";

/** The counts the texts are made of (the API's `fundStatsSchema`, src/shared/schemas/admin-data.ts). */
export type DataCounts = {
  totalFunds: number;
  countries: number;
  withFact: {
    fundSize: number;
    chequeRange: number;
    portfolio: number;
    website: number;
    leadsRounds: number;
    linkedin: number;
    fundManager: number;
    sectorAgnostic: number;
  };
  /** The facts shown, those with a public source and a date, and those with a date of their own. */
  facts: { known: number; sourcedAndDated: number; withOwnDate: number };
  /** Funds whose team or a source said whether they invest now. */
  statedStatus: number;
};

const number = (value: number) => value.toLocaleString("en-US");

/** "1,204 funds" for the hero; undefined without counts (a failed call), so nothing is claimed. */
export function fundsCountText(counts: DataCounts | undefined): string | undefined {
  return counts ? countOf(counts.totalFunds, "fund", "funds") : undefined;
}

/** "1,204 funds in 38 countries" */
export function fundsAndCountriesText(counts: DataCounts): string {
  return `${countOf(counts.totalFunds, "fund", "funds")} in ${countOf(counts.countries, "country", "countries")}`;
}

/** "812 have a fund size, 402 a cheque range, 96 a portfolio and 1,010 a website" */
export function coverageText(counts: DataCounts): string {
  const { fundSize, chequeRange, portfolio, website } = counts.withFact;
  return `${number(fundSize)} ${plural(fundSize, "has", "have")} a fund size, ${number(chequeRange)} a cheque range, ${number(portfolio)} a portfolio and ${number(website)} a website`;
}

/**
 * The premium details the data holds, each with how many funds have it ("cheque ranges for 182
 * funds"), in the order a founder reaches for them. A detail no fund has (LinkedIn, the fund
 * manager today) is left out: Premium never sells what the data does not hold.
 */
export function premiumHoldings(counts: DataCounts): string[] {
  const { website, chequeRange, leadsRounds, portfolio, fundManager, linkedin } = counts.withFact;
  const details: Array<[number, string]> = [
    [website, "websites"],
    [chequeRange, "cheque ranges"],
    [leadsRounds, "whether they lead rounds"],
    [portfolio, "portfolios"],
    [fundManager, "fund managers"],
    [linkedin, "LinkedIn pages"],
  ];
  return details
    .filter(([count]) => count > 0)
    .map(([count, what]) => `${what.charAt(0).toUpperCase()}${what.slice(1)} for ${countOf(count, "fund", "funds")}`);
}

/** Whether any fund has the detail: a detail no fund has is offered nowhere (the fund page's rows, Premium's pitch). */
export function anyFundHas(counts: DataCounts | undefined, fact: keyof DataCounts["withFact"]): boolean {
  // Without counts (a failed call) nothing is hidden on their account: a fund's own value still shows.
  return counts === undefined || counts.withFact[fact] > 0;
}

/**
 * The Premium pitch's measured line: what unlocking shows, and for how many funds. A detail no fund
 * has is left out rather than offered ("the fund manager of 0").
 */
export function premiumCoverageText(counts: DataCounts): string {
  const parts = premiumHoldings(counts).map((part) => `${part.charAt(0).toLowerCase()}${part.slice(1)}`);
  if (parts.length === 0) return `Premium shows every match of our ${countOf(counts.totalFunds, "fund", "funds")}.`;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `Of our ${countOf(counts.totalFunds, "fund", "funds")}, Premium shows ${list}.`;
}

/**
 * What the home page and About our data say of the facts' sources (issue 36), counted: "Of the
 * 3,210 facts we show, 1,345 name a public source and a date: the fact's own for 900, else the day
 * the source was read. The other 1,865 show no public source yet, and say so." Undefined without
 * counts, so that nothing is claimed.
 */
export function factSourcesText(counts: DataCounts | undefined): string | undefined {
  if (!counts) return undefined;
  const { known, sourcedAndDated, withOwnDate } = counts.facts;
  if (known === 0) return undefined;
  const rest = known - sourcedAndDated;
  const sourced =
    sourcedAndDated === 0
      ? `none names a public source yet`
      : `${number(sourcedAndDated)} name a public source and a date (the fact's own for ${number(withOwnDate)}, else the day the source was read)`;
  const others =
    rest === 0
      ? ""
      : ` The other ${number(rest)} come from FundMatch's curated list, a fund's own team or our editors, with no public source yet, and say so.`;
  return `Of the ${number(known)} facts we show, ${sourced}.${others}`;
}

/** The hero's counted signal: "1,345 facts sourced and dated"; undefined without counts or without any. */
export function sourcedFactsSignal(counts: DataCounts | undefined): string | undefined {
  const sourced = counts?.facts.sourcedAndDated ?? 0;
  return sourced > 0 ? `${countOf(sourced, "fact", "facts")} sourced and dated` : undefined;
}
