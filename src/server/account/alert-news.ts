import {
  FACT_FIELDS,
  type FactField,
  FUND_STATUS_LABELS,
  isFundStatus,
  PREMIUM_FACT_FIELDS,
} from "../../shared/fund-facts.js";
import { formatFundSize } from "../../shared/fund-size.js";
import {
  INVESTING_STATUS_LABELS,
  type InvestingStatus,
  PITCH_ROUTE_LABELS,
  type PitchRoute,
} from "../../shared/fund-team.js";
import { industryLabel } from "../../shared/industries.js";
import { stageLabel } from "../../shared/stages.js";

/** One fact's change as the funds domain records it (value and currency as fund_facts keeps them). */
export type RecordedChange = {
  fundId: number;
  field: string;
  valueBefore: string | null;
  currencyBefore: string | null;
  valueAfter: string | null;
  currencyAfter: string | null;
  recordedAt: Date;
};

/** A changed fact as the alert e-mail shows it; a value null = not stated. Withheld = a premium fact the reader does not see. */
export type FactChangeLine = { label: string; before: string | null; after: string | null; withheld: boolean };

/** How the e-mail names each fact, in the fund page's order. */
export const FACT_CHANGE_LABELS: Readonly<Record<FactField, string>> = {
  fundSize: "Fund size",
  aum: "Assets under management",
  checkSizeMinUsd: "Smallest cheque",
  checkSizeMaxUsd: "Largest cheque",
  leadsRounds: "Leads rounds",
  website: "Website",
  portfolio: "Portfolio",
  fundingStages: "Stages",
  industryFocus: "Industries",
  sectorAgnostic: "Invests across sectors",
  vehicleName: "Current fund",
  description: "Thesis",
  investingStatus: "Investing",
  pitchRoute: "How to pitch",
  status: "Status",
};

const isFactField = (field: string): field is FactField => (FACT_FIELDS as readonly string[]).includes(field);

/** A fact's stored value in words; null when there is none (cleared, or never stated). */
export function factValueText(field: FactField, value: string | null, currency: string | null): string | null {
  if (value === null || value === "") return null;
  const list = () => value.split(";").filter((item) => item !== "");
  switch (field) {
    case "fundSize":
    case "aum":
      return formatFundSize(Number(value), currency);
    case "checkSizeMinUsd":
    case "checkSizeMaxUsd":
      return formatFundSize(Number(value), "USD");
    case "leadsRounds":
    case "sectorAgnostic":
      return value === "true" ? "Yes" : value === "false" ? "No" : null;
    case "fundingStages":
      return list().map(stageLabel).join(", ") || null;
    case "industryFocus":
      return list().map(industryLabel).join(", ") || null;
    case "portfolio":
      return list().join(", ") || null;
    case "website":
    case "vehicleName":
    case "description":
      return value;
    case "investingStatus":
      return INVESTING_STATUS_LABELS[value as InvestingStatus] ?? value;
    case "pitchRoute":
      return PITCH_ROUTE_LABELS[value as PitchRoute] ?? value;
    case "status":
      return isFundStatus(value) ? FUND_STATUS_LABELS[value] : value;
  }
}

/**
 * What changed in one fund's facts over a window, from its recorded changes oldest first: per
 * fact the value before the first change and after the last, left out when they are the same
 * again. A premium fact's values are withheld from a reader who does not see premium fields (the
 * search would not show them either): the line says it changed, not to what.
 */
export function factChangeLines(changes: readonly RecordedChange[], includePremium: boolean): FactChangeLine[] {
  const byField = new Map<FactField, { first: RecordedChange; last: RecordedChange }>();
  for (const change of changes) {
    if (!isFactField(change.field)) continue;
    const seen = byField.get(change.field);
    if (seen) seen.last = change;
    else byField.set(change.field, { first: change, last: change });
  }
  const lines: FactChangeLine[] = [];
  for (const field of FACT_FIELDS) {
    const span = byField.get(field);
    if (!span) continue;
    const before = factValueText(field, span.first.valueBefore, span.first.currencyBefore);
    const after = factValueText(field, span.last.valueAfter, span.last.currencyAfter);
    if (before === after) continue;
    const withheld = !includePremium && PREMIUM_FACT_FIELDS.has(field);
    lines.push({
      label: FACT_CHANGE_LABELS[field],
      before: withheld ? null : before,
      after: withheld ? null : after,
      withheld,
    });
  }
  return lines;
}
