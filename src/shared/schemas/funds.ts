import { z } from "zod";
import { INDUSTRY_CODES } from "../industries.js";
import { MAX_SEARCH_LIMIT } from "../plans.js";
import { ANY_VALUE } from "../search-params.js";
import { STAGE_CODES } from "../stages.js";
import { describeInput, idResponseSchema } from "./fields.js";

export const stageCodeSchema = z.enum(STAGE_CODES, {
  error: (issue) => `Unknown funding stage ${describeInput(issue.input)}. Use one of: ${STAGE_CODES.join(", ")}.`,
});

export const industryCodeSchema = z.enum(INDUSTRY_CODES, {
  error: (issue) => `Unknown industry focus ${describeInput(issue.input)}.`,
});

/** A country filter: an empty or blank country means "any country". */
const countryFilterSchema = z
  .string({ error: "country must be a string." })
  .trim()
  .max(100, "country must be at most 100 characters.")
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * POST /_api/funds/search body. Strict: an unknown field is a 400, so that a typo in a filter
 * never silently widens a search. An empty or blank country means "any country".
 */
export const fundSearchRequestSchema = z.strictObject(
  {
    country: countryFilterSchema,
    fundingStage: stageCodeSchema.optional(),
    industryFocus: z
      .array(industryCodeSchema, { error: "industryFocus must be a list of industry codes." })
      .max(INDUSTRY_CODES.length, "industryFocus has too many entries.")
      .optional(),
    limit: z
      .number({ error: "limit must be a number." })
      .int("limit must be a whole number.")
      .positive("limit must be a positive number.")
      .max(MAX_SEARCH_LIMIT, `limit must be at most ${MAX_SEARCH_LIMIT}.`)
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
        ? `Unknown field(s) in the search: ${issue.keys.join(", ")}.`
        : "The search must be a JSON object.",
  },
);

export type FundSearchRequest = z.input<typeof fundSearchRequestSchema>;
/** The validated search; a blank country has become absent. */
export type FundSearchQuery = Omit<z.output<typeof fundSearchRequestSchema>, "country"> & { country?: string };

/** In a query string, an absent or empty parameter and the form's '__empty' select value mean "any". */
const orAny = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === ANY_VALUE ? undefined : value), schema.optional());

/**
 * GET /_api/funds/export query: the search's filters with the search's rules. industryFocus is a single code here, the one the search form sends;
 * a repeated parameter or an unknown field is a 400 like any other bad filter.
 */
export const fundExportQuerySchema = z
  .strictObject(
    {
      country: orAny(countryFilterSchema),
      fundingStage: orAny(stageCodeSchema),
      industryFocus: orAny(
        z.string({ error: "industryFocus must be a single industry code." }).pipe(industryCodeSchema),
      ),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown parameter(s) in the export: ${issue.keys.join(", ")}.`
          : "Invalid export parameters.",
    },
  )
  .transform(({ country, fundingStage, industryFocus }) => ({
    ...(country ? { country } : {}),
    ...(fundingStage ? { fundingStage } : {}),
    ...(industryFocus ? { industryFocus: [industryFocus] } : {}),
  }));

/** Fields only a subscriber receives; for anyone else they are absent from the JSON, not blanked. */
export const PREMIUM_FUND_FIELDS = [
  "website",
  "linkedin",
  "fundManager",
  "checkSizeMinUsd",
  "checkSizeMaxUsd",
  "leadsRounds",
] as const;

export const fundResultSchema = z.object({
  id: idResponseSchema,
  name: z.string(),
  fundSize: z.number().nullable(),
  currency: z.string().nullable(),
  country: z.string(),
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  /** The earliest stage the fund invests at. */
  fundingStage: stageCodeSchema,
  fundingStages: z.array(stageCodeSchema),
  industryFocus: z.array(industryCodeSchema),
  foundedYear: z.number().int().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  matchReasons: z.array(z.string()),
  /** True when the premium fields were withheld: the card shows them blurred. */
  isPremium: z.boolean(),
  website: z.string().nullable().optional(),
  linkedin: z.string().nullable().optional(),
  fundManager: z.string().nullable().optional(),
  checkSizeMinUsd: z.number().nullable().optional(),
  checkSizeMaxUsd: z.number().nullable().optional(),
  leadsRounds: z.boolean().nullable().optional(),
});

export type FundResult = z.infer<typeof fundResultSchema>;

export const fundSearchResponseSchema = z.object({
  results: z.array(fundResultSchema),
  totalCount: z.number().int().nonnegative(),
});

export type FundSearchResponse = z.infer<typeof fundSearchResponseSchema>;

export const countriesResponseSchema = z.object({
  countries: z.array(z.string()),
});

export type CountriesResponse = z.infer<typeof countriesResponseSchema>;

// Every error answer of the API; defined with the other shared fields.
export { type ErrorResponse, errorResponseSchema } from "./fields.js";
