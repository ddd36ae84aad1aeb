import type { FieldErrors, Resolver } from "react-hook-form";
import { isConvertedCurrency, toUsd } from "../../../shared/currency-rates.js";
import { parseAmountText } from "../../../shared/money-text.js";
import { type FundEditorData, type FundEditPatch, fundEditPatchSchema } from "../../../shared/schemas/investor.js";

/**
 * The editor's form: the PATCH body's fields under the same names, as the inputs hold them
 * (numbers and dates as text, yes/no/unknown as a choice). The shared schema checks the body the
 * form would send, so the browser shows the server's own messages at the fields their paths name.
 */
export type EditorFormValues = {
  vehicleName: string;
  fundSize: string;
  currency: string;
  closeDate: string;
  checkSizeMinUsd: string;
  checkSizeMaxUsd: string;
  fundingStages: string[];
  industryFocus: string[];
  sectorAgnostic: "" | "yes" | "no";
  leadsRounds: "" | "yes" | "no";
  description: string;
  portfolio: Array<{ name: string; url: string }>;
  investingStatus: "" | "active" | "paused";
  pausedUntil: string;
  pitchRoute: "" | "form" | "email" | "warm_intro" | "fundmatch";
  pitchTarget: string;
  listing: { listed: boolean; name: string; role: string; linkedin: string };
};

const choice = (value: boolean | null): "" | "yes" | "no" => (value === null ? "" : value ? "yes" : "no");
const fromChoice = (value: string): boolean | null => (value === "yes" ? true : value === "no" ? false : null);
const numberText = (value: number | null) => (value === null ? "" : String(value));

/**
 * An amount as typed, by the app's one reader ('2,500,000', '2.5M', '250k'): null for an empty field,
 * NaN for text that is not one amount (the schema says so). `currency` is the field's own: a
 * cheque field is in US dollars, and an amount typed in another currency the product converts is
 * converted ('€500k'); for the fund size, whose currency is chosen beside it, a different one typed
 * in the text is NaN rather than a guess.
 */
function amountOf(text: string, currency: string): number | null {
  const read = parseAmountText(text);
  if (read === undefined) return null;
  if (read === null) return Number.NaN;
  if (read.currency === null || read.currency === currency) return read.amount;
  if (currency !== "USD") return Number.NaN;
  const usd = toUsd(read.amount, read.currency);
  return usd === null ? Number.NaN : Math.round(usd);
}

export function formValuesOf(fund: FundEditorData): EditorFormValues {
  return {
    vehicleName: fund.vehicleName ?? "",
    fundSize: numberText(fund.fundSize),
    currency: fund.currency === null ? "USD" : isConvertedCurrency(fund.currency) ? fund.currency : "",
    closeDate: fund.closeDate ?? "",
    checkSizeMinUsd: numberText(fund.checkSizeMinUsd),
    checkSizeMaxUsd: numberText(fund.checkSizeMaxUsd),
    fundingStages: [...fund.fundingStages],
    industryFocus: [...fund.industryFocus],
    sectorAgnostic: choice(fund.sectorAgnostic),
    leadsRounds: choice(fund.leadsRounds),
    description: fund.description ?? "",
    portfolio: fund.portfolio.map((company) => ({ name: company.name, url: company.url ?? "" })),
    investingStatus: fund.investingStatus ?? "",
    pausedUntil: fund.pausedUntil ?? "",
    pitchRoute: fund.pitchRoute ?? "",
    pitchTarget: fund.pitchTarget ?? "",
    listing: {
      listed: fund.listing.listed,
      name: fund.listing.name ?? "",
      role: fund.listing.role ?? "",
      linkedin: fund.listing.linkedin ?? "",
    },
  };
}

/** The PATCH body: every field, as the form holds it (the server records only what changed). */
export function patchOf(values: EditorFormValues): Record<string, unknown> {
  const fundSize = amountOf(values.fundSize, values.currency);
  const paused = values.investingStatus === "paused";
  const withTarget = values.pitchRoute === "form" || values.pitchRoute === "email";
  return {
    vehicleName: values.vehicleName,
    fundSize,
    currency: fundSize === null ? null : values.currency,
    closeDate: fundSize === null || values.closeDate === "" ? null : values.closeDate,
    checkSizeMinUsd: amountOf(values.checkSizeMinUsd, "USD"),
    checkSizeMaxUsd: amountOf(values.checkSizeMaxUsd, "USD"),
    fundingStages: values.fundingStages,
    industryFocus: values.industryFocus,
    sectorAgnostic: fromChoice(values.sectorAgnostic),
    leadsRounds: fromChoice(values.leadsRounds),
    description: values.description,
    // Row for row, so that an issue's path names the row on screen.
    portfolio: values.portfolio.map((company) => ({ name: company.name, url: company.url })),
    investingStatus: values.investingStatus === "" ? null : values.investingStatus,
    pausedUntil: paused && values.pausedUntil !== "" ? values.pausedUntil : null,
    pitchRoute: values.pitchRoute === "" ? null : values.pitchRoute,
    pitchTarget: withTarget ? values.pitchTarget : null,
    listing: values.listing,
  };
}

function setAt(target: Record<string, unknown>, path: readonly PropertyKey[], message: string, type: string) {
  let holder = target;
  path.slice(0, -1).forEach((key, index) => {
    const next = path[index + 1];
    const name = String(key);
    holder[name] ??= typeof next === "number" ? [] : {};
    holder = holder[name] as Record<string, unknown>;
  });
  const last = String(path[path.length - 1] ?? "root");
  if (!holder[last]) holder[last] = { type, message };
}

/** The shared schema as the form's resolver: each issue at the field its path names. */
export const editorResolver: Resolver<EditorFormValues> = async (values) => {
  const parsed = fundEditPatchSchema.safeParse(patchOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    setAt(errors, issue.path.length > 0 ? issue.path : ["root"], issue.message, issue.code);
  }
  return { values: {}, errors: errors as FieldErrors<EditorFormValues> };
};

/** The parsed body, once the resolver has passed it. */
export function parsedPatch(values: EditorFormValues): FundEditPatch {
  return fundEditPatchSchema.parse(patchOf(values));
}
