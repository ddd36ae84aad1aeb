import { z } from "zod/mini";
import { CURRENCY_MESSAGE, isConvertedCurrency } from "../currency-rates.js";
import { isEmailAddress } from "../email-address.js";
import { HISTORY_FIELDS, HISTORY_WRITERS } from "../fund-history.js";
import { INVESTING_STATUSES, PITCH_ROUTES, PORTFOLIO_MAX, THESIS_MAX } from "../fund-team.js";
import { INDUSTRY_CODES, type IndustryCode, isIndustryCode } from "../industries.js";
import { isStageCode, STAGE_CODES, type StageCode } from "../stages.js";
import { noControlCharacters, type TextKind } from "../text-rules.js";
import { FUND_LIMITS, isWebAddress } from "./fund-input.js";

/**
 * The fund's own editor (issue 24): what a member of the fund's team may state, as the browser's
 * form and `PATCH /_api/investor/funds/:id` check it. zod/mini, like the admin's fund rules, so that
 * the editor's chunk does not pull classic zod into the client (docs/decisions/0006). One rule the
 * schema cannot check, since it needs the stored fund: an e-mail pitch address must be at the fund's
 * own domain (the server checks it, src/server/funds/team-edits.ts).
 */

export const EDITOR_LIMITS = {
  vehicleName: 100,
  listingName: 120,
  listingRole: 120,
  email: 254,
} as const;

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isDate = (value: string) => DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const text = (label: string, max: number, kind: TextKind = "single-line") =>
  z
    .string(`${label} must be text.`)
    .check(
      z.trim(),
      z.maxLength(max, `${label} must be at most ${max} characters.`),
      z.refine(...noControlCharacters(label, kind)),
    );

/** Optional text: an empty string means "not stated" and is stored as null. */
const optionalText = (label: string, max: number, kind: TextKind = "single-line") =>
  z.pipe(
    z.nullable(text(label, max, kind)),
    z.transform((value: string | null) => (value === "" || value === null ? null : value)),
  );

const optionalWebAddress = (label: string) =>
  z
    .pipe(
      z.nullable(text(label, FUND_LIMITS.url)),
      z.transform((value: string | null) => (value === "" || value === null ? null : value)),
      // Checked after the empty string became null: an empty field clears the address.
    )
    .check(
      z.refine(
        (value) => value === null || isWebAddress(value),
        `${label} must be a web address starting with http:// or https://.`,
      ),
    );

/** A positive amount in whole units (see fund-input.ts: the cheque columns are integers). */
const positiveAmount = (label: string) =>
  z.nullable(
    z.number(`${label} must be a number.`).check(
      z.refine(Number.isFinite, `${label} must be a number.`),
      z.refine(Number.isInteger, `${label} must be a whole number.`),
      z.refine((value) => value > 0, `${label} must be a positive amount.`),
      z.refine((value) => value <= FUND_LIMITS.maxAmount, `${label} is too large.`),
    ),
  );

const date = (label: string) =>
  z.nullable(
    z.string(`${label} must be a date (YYYY-MM-DD).`).check(z.refine(isDate, `${label} must be a date (YYYY-MM-DD).`)),
  );

export const portfolioCompanySchema = z.strictObject({
  name: text("A portfolio company's name", FUND_LIMITS.portfolioName).check(
    z.minLength(1, "A portfolio company's name must not be empty."),
  ),
  url: optionalWebAddress("A portfolio company's web address"),
});

export type PortfolioCompany = z.output<typeof portfolioCompanySchema>;

/** The member's own line on the fund page's team: opt-in, removable at any time. */
export const teamListingSchema = z
  .strictObject({
    listed: z.boolean("Listed must be yes or no."),
    name: optionalText("Your name", EDITOR_LIMITS.listingName),
    role: optionalText("Your role", EDITOR_LIMITS.listingRole),
    linkedin: optionalWebAddress("Your LinkedIn URL"),
  })
  .check(
    z.refine((listing) => !listing.listed || listing.name !== null, {
      message: "Your name is needed to list you on the team.",
      path: ["name"],
    }),
  );

export type TeamListing = z.output<typeof teamListingSchema>;

/**
 * The facts the editor changes, by the names the fund result and the history give them. Every key
 * is optional in a PATCH (absent: unchanged); null clears a fact. `fundSize` travels with its
 * `currency` and, optionally, the final close's date; `pausedUntil` only with 'paused'; `pitchTarget`
 * with the 'form' (a URL) and 'email' (an address) routes only.
 */
const editableFields = {
  vehicleName: optionalText("The fund's name", EDITOR_LIMITS.vehicleName),
  fundSize: positiveAmount("Fund size"),
  currency: z.nullable(z.string(CURRENCY_MESSAGE).check(z.trim(), z.refine(isConvertedCurrency, CURRENCY_MESSAGE))),
  closeDate: date("The close date"),
  checkSizeMinUsd: positiveAmount("Minimum cheque"),
  checkSizeMaxUsd: positiveAmount("Maximum cheque"),
  fundingStages: z
    .array(
      z.custom<StageCode>((value) => typeof value === "string" && isStageCode(value), "Choose stages from the list."),
    )
    .check(z.maxLength(STAGE_CODES.length, "Too many stages.")),
  industryFocus: z
    .array(
      z.custom<IndustryCode>(
        (value) => typeof value === "string" && isIndustryCode(value),
        "Choose industries from the list.",
      ),
    )
    .check(z.maxLength(INDUSTRY_CODES.length, "Too many industries.")),
  sectorAgnostic: z.nullable(z.boolean("Sector-agnostic must be yes, no or unknown.")),
  leadsRounds: z.nullable(z.boolean("Leads rounds must be yes, no or unknown.")),
  description: optionalText("The thesis", THESIS_MAX, "multi-line"),
  portfolio: z.array(portfolioCompanySchema).check(
    z.maxLength(PORTFOLIO_MAX, `At most ${PORTFOLIO_MAX} portfolio companies.`),
    z.refine(
      (companies) => new Set(companies.map((company) => company.name.toLowerCase())).size === companies.length,
      "Each portfolio company may be named once.",
    ),
  ),
  investingStatus: z.nullable(z.enum(INVESTING_STATUSES, "Investing must be 'active' or 'paused'.")),
  pausedUntil: date("Paused until"),
  pitchRoute: z.nullable(z.enum(PITCH_ROUTES, "How to pitch must be 'form', 'email', 'warm_intro' or 'fundmatch'.")),
  pitchTarget: optionalText("The pitch form's address or e-mail", FUND_LIMITS.url),
};

type PitchShape = { pitchRoute?: string | null | undefined; pitchTarget?: string | null | undefined };

/** The pitch route's target: a web address for 'form', an address for 'email', nothing otherwise. */
export function pitchTargetProblem(fund: PitchShape): string | null {
  if (fund.pitchRoute === undefined) {
    return fund.pitchTarget === undefined ? null : "Send the pitch route with its form address or e-mail.";
  }
  const target = fund.pitchTarget ?? null;
  if (fund.pitchRoute === "form") {
    return target !== null && isWebAddress(target)
      ? null
      : "The pitch form must be a web address starting with http:// or https://.";
  }
  if (fund.pitchRoute === "email") {
    // The product's one address parser: a look-alike such as 'ana@evil.example?.fund.com' is no address.
    return target !== null && isEmailAddress(target) ? null : "The pitch e-mail must be an e-mail address.";
  }
  return target === null ? null : "Only the form and e-mail routes take an address.";
}

/** `PATCH /_api/investor/funds/:id`'s body: any of the editor's fields, and the member's listing. */
export const fundEditPatchSchema = z
  .strictObject(
    {
      vehicleName: z.optional(editableFields.vehicleName),
      fundSize: z.optional(editableFields.fundSize),
      currency: z.optional(editableFields.currency),
      closeDate: z.optional(editableFields.closeDate),
      checkSizeMinUsd: z.optional(editableFields.checkSizeMinUsd),
      checkSizeMaxUsd: z.optional(editableFields.checkSizeMaxUsd),
      fundingStages: z.optional(editableFields.fundingStages),
      industryFocus: z.optional(editableFields.industryFocus),
      sectorAgnostic: z.optional(editableFields.sectorAgnostic),
      leadsRounds: z.optional(editableFields.leadsRounds),
      description: z.optional(editableFields.description),
      portfolio: z.optional(editableFields.portfolio),
      investingStatus: z.optional(editableFields.investingStatus),
      pausedUntil: z.optional(editableFields.pausedUntil),
      pitchRoute: z.optional(editableFields.pitchRoute),
      pitchTarget: z.optional(editableFields.pitchTarget),
      listing: z.optional(teamListingSchema),
    },
    "Unknown field in the fund's edit.",
  )
  .check(
    z.refine((patch) => patch.fundSize === undefined || patch.fundSize === null || Boolean(patch.currency), {
      message: "A fund size needs its currency.",
      path: ["currency"],
    }),
    z.refine(
      (patch) => patch.fundSize !== undefined || (patch.currency === undefined && patch.closeDate === undefined),
      { message: "Send the currency and close date with the fund size.", path: ["fundSize"] },
    ),
    z.refine((patch) => patch.fundSize !== null || !patch.closeDate, {
      message: "A close date needs a fund size.",
      path: ["closeDate"],
    }),
    z.refine((patch) => !patch.closeDate || patch.closeDate <= new Date().toISOString().slice(0, 10), {
      message: "The close date must not be in the future.",
      path: ["closeDate"],
    }),
    z.refine(
      (patch) =>
        patch.checkSizeMinUsd === undefined ||
        patch.checkSizeMaxUsd === undefined ||
        patch.checkSizeMinUsd === null ||
        patch.checkSizeMaxUsd === null ||
        patch.checkSizeMinUsd <= patch.checkSizeMaxUsd,
      { message: "The minimum cheque must not be above the maximum.", path: ["checkSizeMaxUsd"] },
    ),
    z.refine((patch) => patch.investingStatus !== undefined || patch.pausedUntil === undefined, {
      message: "Send paused-until with the investing status.",
      path: ["pausedUntil"],
    }),
    z.refine((patch) => patch.investingStatus === "paused" || !patch.pausedUntil, {
      message: "Only a paused fund has a date it invests again.",
      path: ["pausedUntil"],
    }),
    z.refine((patch) => pitchTargetProblem(patch) === null, {
      message: "The pitch route's address is not right.",
      path: ["pitchTarget"],
    }),
  );

export type FundEditPatch = z.output<typeof fundEditPatchSchema>;

/** The editor's data: the fund's current values of every editable field, and the member's listing. */
export type FundEditorData = {
  id: number;
  /** The fund's name in the directory (not editable here; the vehicle's name is). */
  name: string;
  /** The fund's website, whose domain a pitch e-mail must be at; null when not known. */
  website: string | null;
  /** The domain a pitch e-mail must be at, from the website; null when the website is not known. */
  emailDomain: string | null;
  vehicleName: string | null;
  fundSize: number | null;
  currency: string | null;
  closeDate: string | null;
  checkSizeMinUsd: number | null;
  checkSizeMaxUsd: number | null;
  fundingStages: StageCode[];
  industryFocus: IndustryCode[];
  sectorAgnostic: boolean | null;
  leadsRounds: boolean | null;
  description: string | null;
  portfolio: PortfolioCompany[];
  investingStatus: (typeof INVESTING_STATUSES)[number] | null;
  pausedUntil: string | null;
  pitchRoute: (typeof PITCH_ROUTES)[number] | null;
  pitchTarget: string | null;
  listing: TeamListing;
};

const nullableNumber = z.nullable(z.number());
const nullableString = z.nullable(z.string());

export const fundEditorDataSchema = z.object({
  id: z.number(),
  name: z.string(),
  website: nullableString,
  emailDomain: nullableString,
  vehicleName: nullableString,
  fundSize: nullableNumber,
  currency: nullableString,
  closeDate: nullableString,
  checkSizeMinUsd: nullableNumber,
  checkSizeMaxUsd: nullableNumber,
  fundingStages: z.array(z.enum(STAGE_CODES)),
  industryFocus: z.array(z.enum(INDUSTRY_CODES)),
  sectorAgnostic: z.nullable(z.boolean()),
  leadsRounds: z.nullable(z.boolean()),
  description: nullableString,
  portfolio: z.array(z.object({ name: z.string(), url: nullableString })),
  investingStatus: z.nullable(z.enum(INVESTING_STATUSES)),
  pausedUntil: nullableString,
  pitchRoute: z.nullable(z.enum(PITCH_ROUTES)),
  pitchTarget: nullableString,
  listing: z.object({ listed: z.boolean(), name: nullableString, role: nullableString, linkedin: nullableString }),
});

export const fundEditorResponseSchema = z.object({ fund: fundEditorDataSchema });
export type FundEditorResponse = { fund: FundEditorData };

/** `GET /_api/investor/funds`: the funds the signed-in account is on the team of. */
export const myFundsResponseSchema = z.object({
  funds: z.array(z.object({ id: z.number(), name: z.string(), vehicleName: nullableString })),
});
export type MyFundsResponse = z.output<typeof myFundsResponseSchema>;

/**
 * One recorded change in a fund's history (issue 36: every writer): who, when, which field, the
 * value before and after (as the history names them), the provenance the value had after it, and
 * for an import its file (admins only: the history is an admin's page).
 */
export const fundFactChangeSchema = z.object({
  id: z.number(),
  field: z.enum(HISTORY_FIELDS),
  /** seed (the curated data), import, admin, fund_team or revert. */
  writer: z.enum(HISTORY_WRITERS),
  userId: z.nullable(z.number()),
  /** The author's address at the time; null for the curated data (and changes recorded before authors were). */
  authorEmail: nullableString,
  /** The import that wrote it: its file's name and the source the admin named. */
  import: z.nullable(z.object({ id: z.number(), fileName: z.string(), sourceUrl: nullableString })),
  /** Where the value came from after the change, as the fund page says it; null when it has no provenance. */
  source: z.nullable(z.object({ name: z.string(), url: nullableString, asOf: nullableString })),
  before: z.unknown(),
  after: z.unknown(),
  changedAt: z.string(),
  revertedAt: nullableString,
  /** The change this one reverted, when it is an admin's revert. */
  revertOf: z.nullable(z.number()),
  /** False for a change moved from the old record, whose earlier provenance was not kept. */
  revertible: z.boolean(),
  /** The other changes of the same write a revert of this one takes along (a fund size and its vehicle's name). */
  revertsWith: z.array(z.number()),
});
export type FundFactChange = z.output<typeof fundFactChangeSchema>;

export const fundHistoryResponseSchema = z.object({
  fund: z.object({ id: z.number(), name: z.string() }),
  changes: z.array(fundFactChangeSchema),
});
export type FundHistoryResponse = z.output<typeof fundHistoryResponseSchema>;

const idField = (label: string) =>
  z
    .number(`${label} must be a positive integer.`)
    .check(
      z.int(`${label} must be a positive integer.`),
      z.positive(`${label} must be a positive integer.`),
      z.lte(2_147_483_647, `${label} must be at most 2147483647.`),
    );

export const revertChangeRequestSchema = z.strictObject({ changeId: idField("changeId") });
export const revertMemberRequestSchema = z.strictObject({ fundId: idField("fundId"), userId: idField("userId") });

export const revertResponseSchema = z.object({ reverted: z.number(), message: z.string() });
export type RevertResponse = z.output<typeof revertResponseSchema>;
