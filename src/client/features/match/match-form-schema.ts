import type { FieldErrors, Resolver } from "react-hook-form";
import { isConvertedCurrency, toUsd } from "../../../shared/currency-rates.js";
import { formatFundSize } from "../../../shared/fund-size.js";
import { parseAmountText } from "../../../shared/money-text.js";
import { type FundMatchRequest, fundMatchRequestSchema } from "../../../shared/schemas/match.js";
import type { ProfileQuery } from "../../../shared/startup-profile-query.js";
import type { SavedStartupProfile } from "../../lib/startup-profile.js";

/** The profile form's values as typed: amounts are text ("$2M"), an empty select is "". */
export type MatchFormValues = {
  stage: string;
  sectors: string[];
  country: string;
  raise: string;
  /** The currency the amounts are typed in when their text names none ('3m' in EUR); USD by default. */
  currency: string;
  needsLead: boolean;
  description: string;
  roundTarget: string;
  /** Signed-in users: also PUT the profile when running the match. */
  saveProfile: boolean;
  /** Subscribers: only funds that say they are actively investing (issue 24); never part of the saved profile. */
  activelyInvesting: boolean;
};

export const EMPTY_MATCH_FORM: MatchFormValues = {
  stage: "",
  sectors: [],
  country: "",
  raise: "",
  currency: "USD",
  needsLead: false,
  description: "",
  roundTarget: "",
  saveProfile: true,
  activelyInvesting: false,
};

export const AMOUNT_MESSAGE = "Enter an amount, such as 500k, 2M or €3m.";

/**
 * An amount field's text in US dollars, by the app's one amount reader: the currency the text names
 * ('€3m', '250k GBP'), else the form's chosen one, at the product's fixed rates (whole dollars; the
 * match takes USD, src/shared/schemas/match.ts). undefined for an empty field, null for text that is
 * not one amount or a currency the product does not convert.
 */
export function usdOfAmount(text: string, currency: string): number | undefined | null {
  const read = parseAmountText(text);
  if (read === undefined || read === null) return read;
  const code = read.currency ?? currency;
  if (!isConvertedCurrency(code)) return null;
  const usd = toUsd(read.amount, code);
  return usd === null ? null : Math.round(usd);
}

/** The currency an amount field's text is in: the one it names, else the form's. */
export function currencyOfAmount(text: string, currency: string): string {
  const read = parseAmountText(text);
  return read?.currency ?? currency;
}

/**
 * An amount field's hint: what it is in US dollars when typed in another currency (the match ranks
 * in US dollars at the product's fixed rates), else the field's own guidance.
 */
export function convertedHint(text: string, currency: string, fallback: string): string {
  const usd = usdOfAmount(text, currency);
  const code = currencyOfAmount(text, currency);
  if (typeof usd !== "number" || code === "USD") return fallback;
  return `About ${formatFundSize(usd, "USD")} in US dollars, at our fixed rate for ${code}.`;
}

/** "$2M" for 2,000,000: how the form shows a saved amount. */
export function amountText(amount: number | null): string {
  if (amount === null) return "";
  if (amount >= 1e6 && amount % 1e4 === 0) return `$${amount / 1e6}M`;
  if (amount >= 1e3 && amount % 10 === 0) return `$${amount / 1e3}K`;
  return `$${amount}`;
}

export function formValuesFromProfile(profile: SavedStartupProfile): MatchFormValues {
  return {
    stage: profile.stage ?? "",
    sectors: [...profile.sectors],
    country: profile.country ?? "",
    raise: amountText(profile.raiseAmountUsd),
    currency: "USD",
    needsLead: profile.needsLead ?? false,
    description: profile.description ?? "",
    roundTarget: amountText(profile.roundTargetUsd),
    saveProfile: true,
    activelyInvesting: false,
  };
}

/**
 * The profile the form describes, in the contract's field names; empty fields are left out.
 * needsLead goes only when on: a switch left off says nothing about the round.
 */
export function profileFromValues(values: MatchFormValues) {
  const raise = usdOfAmount(values.raise, values.currency);
  const target = usdOfAmount(values.roundTarget, values.currency);
  const description = values.description.trim();
  return {
    ...(values.stage ? { stage: values.stage } : {}),
    ...(values.sectors.length > 0 ? { sectors: values.sectors } : {}),
    ...(values.country ? { country: values.country } : {}),
    ...(typeof raise === "number" ? { raiseAmountUsd: raise } : {}),
    ...(values.needsLead ? { needsLead: true } : {}),
    ...(description ? { description } : {}),
    ...(typeof target === "number" ? { roundTargetUsd: target } : {}),
  } as FundMatchRequest;
}

/**
 * The match request: the profile, plus the actively-investing filter when on and the viewer may
 * use it (a link a subscriber shared still opens for a visitor, without the filter).
 */
export function matchRequestFromValues(values: MatchFormValues, canFilterActive = true): FundMatchRequest {
  const profile = profileFromValues(values);
  return values.activelyInvesting && canFilterActive ? { ...profile, activelyInvesting: true } : profile;
}

/** The form's values as the page's URL holds them (startup-profile-query.ts), on the given page. */
export function queryOfValues(values: MatchFormValues, page = 1): ProfileQuery {
  return {
    stage: values.stage,
    sectors: values.sectors,
    country: values.country,
    raise: values.raise,
    currency: values.currency,
    needsLead: values.needsLead,
    description: values.description,
    roundTarget: values.roundTarget,
    activelyInvesting: values.activelyInvesting,
    page,
  };
}

/** The URL's profile as the form's values (never saved as the profile unless the founder says so). */
export function valuesOfQuery(query: ProfileQuery): MatchFormValues {
  return {
    stage: query.stage,
    sectors: query.sectors,
    country: query.country,
    raise: query.raise,
    currency: query.currency,
    needsLead: query.needsLead,
    description: query.description,
    roundTarget: query.roundTarget,
    saveProfile: true,
    activelyInvesting: query.activelyInvesting,
  };
}

/** The match's error for an empty form, in the founder's words. */
export const EMPTY_PROFILE_MESSAGE = "Describe your startup: choose at least a stage, a sector or a country.";

const FIELD_OF: Record<string, keyof MatchFormValues> = {
  stage: "stage",
  sectors: "sectors",
  country: "country",
  raiseAmountUsd: "raise",
  needsLead: "needsLead",
  description: "description",
  roundTargetUsd: "roundTarget",
};

/**
 * The shared match schema is the form's rule: what the server would refuse is shown at its field
 * before sending. Amounts the founder typed that are not amounts get the form's own message.
 */
export const matchFormResolver: Resolver<MatchFormValues> = async (values) => {
  const errors = matchFormErrors(values);
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** The form's errors by field ("root" for the profile as a whole); empty when the match may run. */
export function matchFormErrors(values: MatchFormValues): FieldErrors<MatchFormValues> {
  const errors: FieldErrors<MatchFormValues> = {};
  const add = (field: keyof MatchFormValues | "root", message: string) => {
    if (!errors[field])
      (errors as Record<string, { type: string; message: string }>)[field] = { type: "validate", message };
  };
  if (usdOfAmount(values.raise, values.currency) === null) add("raise", AMOUNT_MESSAGE);
  if (usdOfAmount(values.roundTarget, values.currency) === null) add("roundTarget", AMOUNT_MESSAGE);
  const result = fundMatchRequestSchema.safeParse(profileFromValues(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      const field = typeof key === "string" ? FIELD_OF[key] : undefined;
      // The one rule without a field: at least one thing about the startup.
      add(field ?? "root", field ? issue.message : EMPTY_PROFILE_MESSAGE);
    }
  }
  return errors;
}
