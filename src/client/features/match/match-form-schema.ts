import type { FieldErrors, Resolver } from "react-hook-form";
import { type FundMatchRequest, fundMatchRequestSchema } from "../../../shared/schemas/match.js";
import { parseUsdAmount } from "../../../shared/search-params.js";
import type { SavedStartupProfile } from "../../lib/startup-profile.js";

/** The profile form's values as typed: amounts are text ("$2M"), an empty select is "". */
export type MatchFormValues = {
  stage: string;
  sectors: string[];
  country: string;
  raise: string;
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
  needsLead: false,
  description: "",
  roundTarget: "",
  saveProfile: true,
  activelyInvesting: false,
};

export const AMOUNT_MESSAGE = "Enter an amount in US dollars, such as 500k or 2M.";

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
  const raise = parseUsdAmount(values.raise);
  const target = parseUsdAmount(values.roundTarget);
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

/** The match request: the profile, plus the subscriber's actively-investing filter when on. */
export function matchRequestFromValues(values: MatchFormValues): FundMatchRequest {
  const profile = profileFromValues(values);
  return values.activelyInvesting ? { ...profile, activelyInvesting: true } : profile;
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
  const errors: FieldErrors<MatchFormValues> = {};
  const add = (field: keyof MatchFormValues | "root", message: string) => {
    if (!errors[field])
      (errors as Record<string, { type: string; message: string }>)[field] = { type: "validate", message };
  };
  if (parseUsdAmount(values.raise) === null) add("raise", AMOUNT_MESSAGE);
  if (parseUsdAmount(values.roundTarget) === null) add("roundTarget", AMOUNT_MESSAGE);
  const result = fundMatchRequestSchema.safeParse(profileFromValues(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      const field = typeof key === "string" ? FIELD_OF[key] : undefined;
      // The one rule without a field: at least one thing about the startup.
      add(field ?? "root", field ? issue.message : EMPTY_PROFILE_MESSAGE);
    }
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};
