import { z } from "zod";
import { MAX_USD_AMOUNT } from "../advanced-search.js";
import { FACT_FIELDS } from "../fund-facts.js";
import type { MatchEvidence } from "../match-texts.js";
import { noControlCharacters } from "./fields.js";
import { fundResultSchema, industryCodeSchema, stageCodeSchema } from "./funds.js";

/**
 * The startup profile and the match (issue 22): one contract for the saved profile
 * (`GET`/`PUT /_api/user/startup-profile`), the match request (`POST /_api/funds/match`), the
 * /match page's form and the pipeline's round progress. Field names are the same everywhere.
 */

/** Longest one-line description of the startup. */
export const STARTUP_DESCRIPTION_MAX = 280;
/** How many sectors a profile names at most. */
export const STARTUP_SECTORS_MAX = 3;

const usd = (field: string) =>
  z
    .number({ error: `${field} must be a number (US dollars).` })
    .positive(`${field} must be a positive number.`)
    .max(MAX_USD_AMOUNT, `${field} must be at most ${MAX_USD_AMOUNT.toLocaleString("en-US")}.`);

/** The profile's fields, each optional; what each one means is in ADR 0021 (the match). */
const profileShape = {
  /** The round the startup raises (one stage code). */
  stage: stageCodeSchema.optional(),
  /** 1 to 3 industry codes. */
  sectors: z
    .array(industryCodeSchema, { error: "sectors must be a list of industry codes." })
    .min(1, "sectors must name at least one industry.")
    .max(STARTUP_SECTORS_MAX, `sectors must name at most ${STARTUP_SECTORS_MAX} industries.`)
    .refine((codes) => new Set(codes).size === codes.length, "sectors must not repeat an industry.")
    .optional(),
  /** Headquarters country, by the name the fund data uses (GET /_api/countries). */
  country: z
    .string({ error: "country must be a string." })
    .trim()
    .min(1, "country must not be empty.")
    .max(100, "country must be at most 100 characters.")
    .refine(...noControlCharacters("country"))
    .optional(),
  /** How much this round raises. */
  raiseAmountUsd: usd("raiseAmountUsd").optional(),
  /** True when the round still needs a lead investor. */
  needsLead: z.boolean({ error: "needsLead must be true or false." }).optional(),
  /** One line on what the startup does; compared with the funds' descriptions and portfolios. */
  description: z
    .string({ error: "description must be a string." })
    .trim()
    .max(STARTUP_DESCRIPTION_MAX, `description must be at most ${STARTUP_DESCRIPTION_MAX} characters.`)
    .refine(...noControlCharacters("description"))
    .optional(),
  /** The whole round's target, for the pipeline's progress bar (not used by the match). */
  roundTargetUsd: usd("roundTargetUsd").optional(),
};

/** The fields that describe the startup to the match (roundTargetUsd only feeds the progress bar). */
export const MATCH_PROFILE_FIELDS = [
  "stage",
  "sectors",
  "country",
  "raiseAmountUsd",
  "needsLead",
  "description",
] as const;

/** PUT /_api/user/startup-profile: the whole profile (absent fields are cleared). Strict. */
export const startupProfileSchema = z.strictObject(profileShape, {
  error: (issue) =>
    issue.code === "unrecognized_keys"
      ? `Unknown field(s) in the startup profile: ${issue.keys.join(", ")}.`
      : "The startup profile must be a JSON object.",
});
export type StartupProfile = z.output<typeof startupProfileSchema>;

/** GET /_api/user/startup-profile and PUT's answer: `profile` is null until one is saved. */
export const startupProfileResponseSchema = z.object({
  profile: z
    .object({
      stage: stageCodeSchema.nullable(),
      sectors: z.array(industryCodeSchema),
      country: z.string().nullable(),
      raiseAmountUsd: z.number().nullable(),
      needsLead: z.boolean().nullable(),
      description: z.string().nullable(),
      roundTargetUsd: z.number().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type StartupProfileResponse = z.infer<typeof startupProfileResponseSchema>;

/**
 * POST /_api/funds/match: a profile (all fields optional, but at least one of MATCH_PROFILE_FIELDS)
 * and the page (`limit`, `offset`, clamped by the same one gate as search: visitors and members get
 * the top 3 and the count, subscribers every result).
 */
export const fundMatchRequestSchema = z
  .strictObject(
    {
      ...profileShape,
      // Issue 24: a subscriber's filter (402 for anyone else, like the search's advanced filters): only
      // the funds whose team says they are actively investing. Not part of the saved profile.
      activelyInvesting: z
        .literal(true, {
          error: "activelyInvesting can only be true (leave it out to include every fund).",
        })
        .optional(),
      limit: z
        .number({ error: "limit must be a number." })
        .positive("limit must be a positive number.")
        .refine(Number.isInteger, "limit must be a whole number.")
        .optional(),
      offset: z
        .number({ error: "offset must be a number." })
        .int("offset must be a whole number.")
        .nonnegative("offset must not be negative.")
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown field(s) in the match: ${issue.keys.join(", ")}.`
          : "The match must be a JSON object.",
    },
  )
  .refine(
    (body) =>
      MATCH_PROFILE_FIELDS.some((field) => {
        const value = body[field];
        return value !== undefined && value !== "";
      }),
    { message: `Describe the startup: give at least one of ${MATCH_PROFILE_FIELDS.join(", ")}.` },
  );
export type FundMatchRequest = z.input<typeof fundMatchRequestSchema>;

const matchEvidenceSchema = z.enum([...FACT_FIELDS, "country"]).nullable() satisfies z.ZodType<MatchEvidence>;

/** One match: the fund as search returns it, with its fit (0 to 100), what fits and what may not. */
export const fundMatchResultSchema = fundResultSchema.extend({
  fit: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
  concerns: z.array(z.string()),
  /** The fact each reason rests on, in the same order (src/shared/match-texts.ts, MatchEvidence). */
  reasonFacts: z.array(matchEvidenceSchema),
  concernFacts: z.array(matchEvidenceSchema),
});
export type FundMatchResult = z.infer<typeof fundMatchResultSchema>;

export const fundMatchResponseSchema = z.object({
  results: z.array(fundMatchResultSchema),
  totalCount: z.number().int().nonnegative(),
  /**
   * How many of the matches are good ones (fit at least GOOD_MATCH_FIT, src/shared/match-texts.ts):
   * the first `goodCount` in the order; the rest are weaker matches.
   */
  goodCount: z.number().int().nonnegative(),
});
export type FundMatchResponse = z.infer<typeof fundMatchResponseSchema>;
