import { FUND_STATUS_LABELS, formatAsOf, isFundStatus } from "../../../shared/fund-facts.js";
import { formatFundSize } from "../../../shared/fund-size.js";
import { INVESTING_STATUS_LABELS, PITCH_ROUTE_LABELS } from "../../../shared/fund-team.js";
import { industryLabel } from "../../../shared/industries.js";
import { stageLabel } from "../../../shared/stages.js";

/** Not stated: a cleared fact, or one the fund did not have. */
export const NOT_STATED = "Not stated";

type Json = unknown;

const isObject = (value: Json): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A history value in words, as the fund page would say it ("€250M · final close 15 Jan 2026"): the
 * fund's history and the import's preview of what an update changes.
 */
export function describeValue(field: string, value: Json): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
    return NOT_STATED;
  }
  if (field === "fundSize" && isObject(value)) {
    const size = formatFundSize(Number(value.amount), String(value.currency));
    return value.closeDate ? `${size} · final close ${formatAsOf(String(value.closeDate))}` : size;
  }
  if (field === "aum" && isObject(value)) return formatFundSize(Number(value.amount), String(value.currency));
  if (field === "country" && isObject(value)) return String(value.name);
  if (field === "status" && typeof value === "string") {
    return isFundStatus(value) ? FUND_STATUS_LABELS[value] : value;
  }
  if (field === "investingStatus" && isObject(value)) {
    const label = INVESTING_STATUS_LABELS[value.status as keyof typeof INVESTING_STATUS_LABELS] ?? String(value.status);
    return value.pausedUntil ? `${label} until ${formatAsOf(String(value.pausedUntil))}` : label;
  }
  if (field === "pitchRoute" && isObject(value)) {
    const label = PITCH_ROUTE_LABELS[value.route as keyof typeof PITCH_ROUTE_LABELS] ?? String(value.route);
    return value.target ? `${label}: ${String(value.target)}` : label;
  }
  if (field === "portfolio" && Array.isArray(value)) {
    return value
      .map((company) =>
        isObject(company)
          ? `${String(company.name)}${company.url ? ` (${String(company.url)})` : ""}`
          : String(company),
      )
      .join(", ");
  }
  if (field === "fundingStages" && Array.isArray(value))
    return value.map((code) => stageLabel(String(code))).join(", ");
  if (field === "industryFocus" && Array.isArray(value))
    return value.map((code) => industryLabel(String(code))).join(", ");
  if ((field === "checkSizeMinUsd" || field === "checkSizeMaxUsd") && typeof value === "number") {
    return formatFundSize(value, "USD");
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}
