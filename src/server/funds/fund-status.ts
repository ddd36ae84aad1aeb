import { asOfKey, FUND_STATUS_LABELS, type FundStatus, formatAsOf } from "../../shared/fund-facts.js";
import { MATCH_TEXTS } from "../../shared/match-texts.js";
import type { FundResult } from "../../shared/schemas/funds.js";
import type { FundFactRow, FundRow } from "../db/types.js";

/**
 * Whether a firm still invests (issue 36): a source's report (`funds.status` with its fact) beside
 * the fund's team's own word (`investingStatus`). See docs/decisions/0062-sourced-fund-status.md.
 */

/** The sourced status with its source and date, as a fund result carries it; null when no source says so. */
export function reportedStatusOf(row: FundRow, facts: readonly FundFactRow[]): FundResult["status"] {
  if (row.status === null) return null;
  const fact = facts.find((item) => item.field === "status");
  return {
    value: row.status,
    sourceName: fact?.sourceName ?? "FundMatch admin",
    sourceUrl: fact?.sourceUrl ?? null,
    asOf: fact?.asOf ?? null,
  };
}

/**
 * Whether the fund invests now, by the latest word on it: its team's ("active", "paused") or a
 * source's report, whichever is newer (the team's on the same day); null when nobody said. The
 * "only funds actively investing" filter keeps "active" only, so a sourced status counts as an
 * answer there: a fund a source reports winding down is not one that says it invests.
 */
export function investingAnswer(row: FundRow, facts: readonly FundFactRow[]): "active" | "paused" | FundStatus | null {
  if (row.status === null) return row.investingStatus;
  if (row.investingStatus === null) return row.status;
  const team = facts.find((fact) => fact.field === "investingStatus");
  const sourced = facts.find((fact) => fact.field === "status");
  const teamDay = team ? team.updatedAt.toISOString().slice(0, 10) : "";
  const sourcedDay = sourced?.asOf ?? sourced?.updatedAt.toISOString().slice(0, 10) ?? "";
  return asOfKey(sourcedDay) > asOfKey(teamDay) ? row.status : row.investingStatus;
}

/** The match's concern for a sourced status: "Winding down, reported by techcrunch.com (Mar 2025)". */
export function statusConcern(status: NonNullable<FundResult["status"]>): string {
  return MATCH_TEXTS.statusReported(
    FUND_STATUS_LABELS[status.value],
    status.sourceName,
    status.asOf ? formatAsOf(status.asOf) : null,
  );
}
