import { toUsd } from "../../../../shared/currency-rates.js";
import type { FundStatus } from "../../../../shared/fund-facts.js";
import { parseAmountText } from "../../../../shared/money-text.js";
import type { AdminFund } from "../../../../shared/schemas/admin-funds.js";
import type { FundInput } from "../../../../shared/schemas/fund-input.js";

/** The Edit form's values: text inputs hold strings, the lists hold codes. */
export type FundFormValues = {
  name: string;
  country: string;
  city: string;
  website: string;
  linkedin: string;
  fundingStages: string[];
  industryFocus: string[];
  fundSize: string;
  currency: string;
  checkSizeMinUsd: string;
  checkSizeMaxUsd: string;
  leadsRounds: "" | "yes" | "no";
  sectorAgnostic: "" | "yes" | "no";
  /** One company a line. */
  portfolio: string;
  foundedYear: string;
  description: string;
  fundManager: string;
  lastReviewed: string;
  /** A source's report that the firm no longer raises or invests; '' = none reported. */
  status: "" | FundStatus;
  statusSourceUrl: string;
  statusAsOf: string;
};

export function formValuesOf(fund: AdminFund): FundFormValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    name: fund.name,
    country: fund.country,
    city: text(fund.city),
    website: text(fund.website),
    linkedin: text(fund.linkedin),
    fundingStages: fund.fundingStages,
    industryFocus: fund.industryFocus,
    fundSize: text(fund.fundSize),
    currency: text(fund.currency),
    checkSizeMinUsd: text(fund.checkSizeMinUsd),
    checkSizeMaxUsd: text(fund.checkSizeMaxUsd),
    leadsRounds: fund.leadsRounds === null ? "" : fund.leadsRounds ? "yes" : "no",
    sectorAgnostic: fund.sectorAgnostic === null ? "" : fund.sectorAgnostic ? "yes" : "no",
    portfolio: fund.portfolio.join("\n"),
    foundedYear: text(fund.foundedYear),
    description: text(fund.description),
    fundManager: text(fund.fundManager),
    lastReviewed: text(fund.lastReviewed),
    status: fund.status ?? "",
    statusSourceUrl: text(fund.statusSourceUrl),
    statusAsOf: text(fund.statusAsOf),
  };
}

/**
 * An amount as typed, by the app's one reader (src/shared/money-text.ts: '2,500,000', '2.5M',
 * '250k', '€3m'), in `currency`: an amount in another currency the product converts is converted
 * when the field is in US dollars (a cheque); for the fund size, whose currency is chosen beside it,
 * a different one stays text. Text that is not one amount stays text too, so that the shared rules
 * refuse it with their own message instead of it being silently dropped.
 */
export function amountOfText(value: string, currency: string | null): number | string | null {
  const read = parseAmountText(value);
  if (read === undefined) return null;
  if (read === null) return value;
  if (read.currency === null || read.currency === currency) return read.amount;
  if (currency !== "USD") return value;
  const usd = toUsd(read.amount, read.currency);
  return usd === null ? value : Math.round(usd);
}

/**
 * The form's strings as the shared fund rules take them: blanks become null, amounts are read by the
 * one amount reader, the year as a number; what is not a number stays text, so that the rules refuse
 * it with their own message instead of it being silently dropped. A fund size that names its
 * currency ('€50m') with the currency left empty takes that currency.
 */
export function fundInputOf(values: FundFormValues): FundInput {
  const text = (value: string) => (value.trim() === "" ? null : value.trim());
  const number = (value: string) => {
    const trimmed = value.trim().replace(/[,\s_]/g, "");
    if (trimmed === "") return null;
    const parsed = Number(trimmed);
    return (Number.isFinite(parsed) ? parsed : value) as number;
  };
  const sizeRead = parseAmountText(values.fundSize);
  const currency = text(values.currency)?.toUpperCase() ?? sizeRead?.currency ?? null;
  return {
    name: values.name,
    country: values.country,
    city: text(values.city),
    website: text(values.website),
    linkedin: text(values.linkedin),
    fundingStages: values.fundingStages as FundInput["fundingStages"],
    industryFocus: values.industryFocus as FundInput["industryFocus"],
    fundSize: amountOfText(values.fundSize, currency) as number | null,
    currency,
    checkSizeMinUsd: amountOfText(values.checkSizeMinUsd, "USD") as number | null,
    checkSizeMaxUsd: amountOfText(values.checkSizeMaxUsd, "USD") as number | null,
    leadsRounds: values.leadsRounds === "" ? null : values.leadsRounds === "yes",
    sectorAgnostic: values.sectorAgnostic === "" ? null : values.sectorAgnostic === "yes",
    portfolio: values.portfolio
      .split("\n")
      .map((name) => name.trim())
      .filter(Boolean),
    foundedYear: number(values.foundedYear),
    description: text(values.description),
    fundManager: text(values.fundManager),
    lastReviewed: text(values.lastReviewed),
    // Clearing a status is the admin's own word: the old report's source and date do not go with it.
    status: values.status === "" ? null : values.status,
    statusSourceUrl: values.status === "" ? null : text(values.statusSourceUrl),
    statusAsOf: values.status === "" ? null : text(values.statusAsOf),
  };
}
