import { getDomain } from "tldts";
import { type FactField, FUND_TEAM_SOURCE } from "../../shared/fund-facts.js";
import { PITCH_ROUTES_WITHOUT_TARGET } from "../../shared/fund-team.js";
import type { FundEditorData, FundEditPatch, PortfolioCompany } from "../../shared/schemas/investor.js";
import type { FundFactRow, FundRow, NewFundRow } from "../db/types.js";
import { closeDateOf, historyColumnsOf, historyValueOf, portfolioOf } from "./fund-history.js";
import type { FundFactValues } from "./repository.js";

export { portfolioLinksOf, portfolioOf, sameValue } from "./fund-history.js";

/**
 * The fund's own editor's facts (issue 24): how each one is read from a stored fund, written back
 * to its columns, and recorded as a fact with the fund's team as its source. The history keeps
 * each change's value in the shape `factValueOf` gives, so that a revert writes it back with `columnsOf`.
 */

/** The facts the editor changes, in the editor's order. */
export const TEAM_FIELDS = [
  "vehicleName",
  "fundSize",
  "checkSizeMinUsd",
  "checkSizeMaxUsd",
  "fundingStages",
  "industryFocus",
  "sectorAgnostic",
  "leadsRounds",
  "description",
  "portfolio",
  "investingStatus",
  "pitchRoute",
] as const satisfies readonly FactField[];
export type TeamField = (typeof TEAM_FIELDS)[number];

/** A fact's value as the history keeps it (JSON). */
export type TeamValue =
  | string
  | number
  | boolean
  | null
  | string[]
  | PortfolioCompany[]
  | { amount: number; currency: string; closeDate: string | null }
  | { status: string; pausedUntil: string | null }
  | { route: string; target: string | null };

/** The fund columns an editor's change writes. */
export type TeamColumns = Partial<
  Pick<
    NewFundRow,
    | "vehicleName"
    | "fundSize"
    | "currency"
    | "checkSizeMinUsd"
    | "checkSizeMaxUsd"
    | "fundingStages"
    | "industryFocus"
    | "sectorAgnostic"
    | "leadsRounds"
    | "description"
    | "portfolio"
    | "portfolioLinks"
    | "investingStatus"
    | "pausedUntil"
    | "pitchRoute"
    | "pitchTarget"
  >
>;

/** The current value of one editor fact (the history's shape: fund-history.ts). */
export function factValueOf(field: TeamField, row: FundRow, facts: readonly FundFactRow[]): TeamValue {
  return historyValueOf(field, row, facts) as TeamValue;
}

/** The columns that hold one editor fact's value. */
export function columnsOf(field: TeamField, value: TeamValue): TeamColumns {
  return historyColumnsOf(field, value) as TeamColumns;
}

/** The fact the fund's team records for a value: its source is the team, dated `today`. */
export function teamFactOf(fundId: number, field: TeamField, value: TeamValue, today: string): FundFactValues {
  const fact: FundFactValues = {
    fundId,
    field,
    value: null,
    currency: null,
    kind: "stated",
    sourceName: FUND_TEAM_SOURCE,
    sourceUrl: null,
    asOf: today,
    origin: "fund_team",
  };
  if (value === null) return fact;
  switch (field) {
    case "fundSize": {
      const size = value as { amount: number; currency: string; closeDate: string | null };
      // A size with its close date is that close's; without one, it is what the team states today.
      return {
        ...fact,
        value: String(size.amount),
        currency: size.currency,
        kind: size.closeDate ? "final_close" : "stated",
        asOf: size.closeDate ?? today,
      };
    }
    case "checkSizeMinUsd":
    case "checkSizeMaxUsd":
      return { ...fact, value: String(value), currency: "USD" };
    case "portfolio":
      return { ...fact, value: (value as PortfolioCompany[]).map((company) => company.name).join(";") || null };
    case "fundingStages":
    case "industryFocus":
      return { ...fact, value: (value as string[]).join(";") };
    case "investingStatus":
      return { ...fact, value: (value as { status: string }).status };
    case "pitchRoute":
      return { ...fact, value: (value as { route: string }).route };
    default:
      return { ...fact, value: String(value) };
  }
}

/** The registrable domain of a fund's website ('fund.example' for https://www.fund.example/about). */
export function fundDomain(website: string | null): string | null {
  if (!website) return null;
  try {
    return getDomain(new URL(website).hostname) ?? null;
  } catch {
    return null;
  }
}

/**
 * The patch's new values, per fact, laid over the stored fund: only the facts the patch names,
 * each with its whole value (a fund size with its currency and close date, a status with its date).
 */
export function patchValues(patch: FundEditPatch): Map<TeamField, TeamValue> {
  const values = new Map<TeamField, TeamValue>();
  if (patch.vehicleName !== undefined) values.set("vehicleName", patch.vehicleName);
  if (patch.fundSize !== undefined) {
    values.set(
      "fundSize",
      patch.fundSize === null
        ? null
        : { amount: patch.fundSize, currency: patch.currency as string, closeDate: patch.closeDate ?? null },
    );
  }
  for (const field of ["checkSizeMinUsd", "checkSizeMaxUsd", "sectorAgnostic", "leadsRounds", "description"] as const) {
    if (patch[field] !== undefined) values.set(field, patch[field] as TeamValue);
  }
  if (patch.fundingStages !== undefined) values.set("fundingStages", patch.fundingStages);
  if (patch.industryFocus !== undefined) values.set("industryFocus", patch.industryFocus);
  if (patch.portfolio !== undefined) values.set("portfolio", patch.portfolio);
  if (patch.investingStatus !== undefined) {
    values.set(
      "investingStatus",
      patch.investingStatus === null
        ? null
        : {
            status: patch.investingStatus,
            pausedUntil: patch.investingStatus === "paused" ? (patch.pausedUntil ?? null) : null,
          },
    );
  }
  if (patch.pitchRoute !== undefined) {
    values.set(
      "pitchRoute",
      patch.pitchRoute === null
        ? null
        : {
            route: patch.pitchRoute,
            target: PITCH_ROUTES_WITHOUT_TARGET.includes(patch.pitchRoute) ? null : (patch.pitchTarget ?? null),
          },
    );
  }
  return values;
}

/** The editor's data from a stored fund and its facts (the listing comes from the investors domain). */
export function editorDataOf(
  row: FundRow,
  facts: readonly FundFactRow[],
  listing: FundEditorData["listing"],
): FundEditorData {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    emailDomain: fundDomain(row.website),
    vehicleName: row.vehicleName,
    fundSize: row.fundSize,
    currency: row.currency,
    closeDate: row.fundSize === null ? null : closeDateOf(facts),
    checkSizeMinUsd: row.checkSizeMinUsd,
    checkSizeMaxUsd: row.checkSizeMaxUsd,
    fundingStages: row.fundingStages as FundEditorData["fundingStages"],
    industryFocus: row.industryFocus as FundEditorData["industryFocus"],
    sectorAgnostic: row.sectorAgnostic,
    leadsRounds: row.leadsRounds,
    description: row.description,
    portfolio: portfolioOf(row),
    investingStatus: row.investingStatus,
    pausedUntil: row.pausedUntil,
    pitchRoute: row.pitchRoute,
    pitchTarget: row.pitchTarget,
    listing,
  };
}
