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
 * The Premium pitch's measured line: what unlocking shows, and for how many funds. A detail no fund
 * has is left out rather than offered ("the fund manager of 0").
 */
export function premiumCoverageText(counts: DataCounts): string {
  const { website, chequeRange, portfolio, fundManager, linkedin } = counts.withFact;
  const parts = [
    [website, "the website"],
    [chequeRange, "the cheque range"],
    [fundManager, "the fund manager"],
    [linkedin, "the LinkedIn page"],
    [portfolio, "the portfolio"],
  ]
    .filter(([count]) => (count as number) > 0)
    .map(([count, what]) => `${what} of ${number(count as number)}`);
  if (parts.length === 0) return `Premium shows every match of our ${countOf(counts.totalFunds, "fund", "funds")}.`;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `Of our ${countOf(counts.totalFunds, "fund", "funds")}, Premium shows ${list}.`;
}
