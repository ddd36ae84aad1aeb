import { z } from "zod";
import { ANY_VALUE, MAX_USD_AMOUNT, SEARCH_QUERY_MAX, SEARCH_SORTS } from "../advanced-search.js";
import {
  AS_OF_PATTERN,
  FACT_FIELDS,
  FACT_ORIGINS,
  FUND_STATUSES,
  MONEY_FACT_KINDS,
  type PremiumFactFlags,
} from "../fund-facts.js";
import { INVESTING_STATUSES, PITCH_ROUTES } from "../fund-team.js";
import { INDUSTRY_CODES } from "../industries.js";
import { REGION_CODES } from "../regions.js";
import { STAGE_CODES } from "../stages.js";
import { describeInput, idResponseSchema, idSchema, noControlCharacters } from "./fields.js";

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
  .refine(...noControlCharacters("country"))
  .optional()
  .transform((value) => (value ? value : undefined));

/** Longest list of countries one search takes. */
export const MAX_SEARCH_COUNTRIES = 100;

const usdAmount = (field: string, rule: "positive" | "nonnegative") => {
  const base = z.number({ error: `${field} must be a number (US dollars).` });
  return (
    rule === "positive"
      ? base.positive(`${field} must be a positive number.`)
      : base.nonnegative(`${field} must not be negative.`)
  ).max(MAX_USD_AMOUNT, `${field} must be at most ${MAX_USD_AMOUNT.toLocaleString("en-US")}.`);
};

/**
 * POST /_api/funds/search body. Strict: an unknown field is a 400, so that a typo in a filter
 * never silently widens a search. An empty or blank country or query means "none"; an empty list
 * means "any". The basic filters are country, fundingStage and a one-code industryFocus; every
 * other field is Premium (src/shared/advanced-search.ts says which, the server enforces it).
 * Filters combine with AND; inside a list, any of its values matches.
 */
export const fundSearchRequestSchema = z
  .strictObject(
    {
      country: countryFilterSchema,
      fundingStage: stageCodeSchema.optional(),
      industryFocus: z
        .array(industryCodeSchema, { error: "industryFocus must be a list of industry codes." })
        .max(INDUSTRY_CODES.length, "industryFocus has too many entries.")
        .optional(),
      fundingStages: z
        .array(stageCodeSchema, { error: "fundingStages must be a list of stage codes." })
        .max(STAGE_CODES.length, "fundingStages has too many entries.")
        .optional(),
      countries: z
        .array(
          z
            .string({ error: "countries must be a list of country names." })
            .trim()
            .min(1, "countries must not contain an empty name.")
            .max(100, "Each country must be at most 100 characters.")
            .refine(...noControlCharacters("Each country")),
          { error: "countries must be a list of country names." },
        )
        .max(MAX_SEARCH_COUNTRIES, `countries has too many entries (at most ${MAX_SEARCH_COUNTRIES}).`)
        .optional(),
      regions: z
        .array(
          z.enum(REGION_CODES, {
            error: (issue) => `Unknown region ${describeInput(issue.input)}. Use one of: ${REGION_CODES.join(", ")}.`,
          }),
          { error: "regions must be a list of region codes." },
        )
        .max(REGION_CODES.length, "regions has too many entries.")
        .optional(),
      raiseAmountUsd: usdAmount("raiseAmountUsd", "positive").optional(),
      leadsRounds: z
        .literal(true, { error: "leadsRounds can only be true (leave it out to include funds that follow)." })
        .optional(),
      fundSizeMinUsd: usdAmount("fundSizeMinUsd", "nonnegative").optional(),
      fundSizeMaxUsd: usdAmount("fundSizeMaxUsd", "nonnegative").optional(),
      sectorAgnostic: z
        .literal(true, {
          error:
            "sectorAgnostic can only be true (leave it out to include every fund; sector-agnostic funds match any industry anyway).",
        })
        .optional(),
      // Issue 24: only the funds whose team says they are actively investing; a fund that has not said
      // is left out only under this filter (Premium, like the other narrowing filters).
      activelyInvesting: z
        .literal(true, {
          error:
            "activelyInvesting can only be true (leave it out to include every fund, whether or not it says it is investing).",
        })
        .optional(),
      query: z
        .string({ error: "query must be a string." })
        .trim()
        .max(SEARCH_QUERY_MAX, `query must be at most ${SEARCH_QUERY_MAX} characters.`)
        .refine(...noControlCharacters("query"))
        .optional()
        .transform((value) => (value ? value : undefined)),
      sort: z
        .enum(SEARCH_SORTS, {
          error: (issue) => `Unknown sort ${describeInput(issue.input)}. Use one of: ${SEARCH_SORTS.join(", ")}.`,
        })
        .optional(),
      limit: z
        .number({ error: "limit must be a number." })
        .positive("limit must be a positive number.")
        // Any positive whole number is accepted, past the safe-integer range too (zod's int() would
        // refuse 1e20): the service clamps it to the viewer's largest page.
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
          ? `Unknown field(s) in the search: ${issue.keys.join(", ")}.`
          : "The search must be a JSON object.",
    },
  )
  .refine(
    (search) =>
      search.fundSizeMinUsd === undefined ||
      search.fundSizeMaxUsd === undefined ||
      search.fundSizeMinUsd <= search.fundSizeMaxUsd,
    { message: "fundSizeMinUsd must not be above fundSizeMaxUsd.", path: ["fundSizeMinUsd"] },
  );

export type FundSearchRequest = z.input<typeof fundSearchRequestSchema>;
/** The validated search; a blank country has become absent. */
export type FundSearchQuery = Omit<z.output<typeof fundSearchRequestSchema>, "country" | "query"> & {
  country?: string;
  query?: string;
};

/** In a query string, an absent or empty parameter and the form's '__empty' select value mean "any". */
const isAny = (value: unknown) => value === undefined || value === "" || value === ANY_VALUE;

/** A query parameter given once or repeated: always a list, "any" values left out. */
const listParam = z
  .union([z.string(), z.array(z.string())], { error: "A filter parameter must be text." })
  .optional()
  .transform((value) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((item) => !isAny(item)),
  );

/** A parameter given at most once. */
const singleParam = (name: string) => z.string({ error: `${name} must be given once.` }).optional();

const amountParam = (value: string | undefined) => (isAny(value) ? undefined : Number(value));

/**
 * GET /_api/funds/export query: the search's filters under the search's names, read from a query
 * string (a list parameter may be repeated), then held to the search's own rules, so that the file
 * holds exactly the funds the same search shows. An unknown parameter is a 400 like any bad filter.
 */
export const fundExportQuerySchema = z
  .strictObject(
    {
      country: singleParam("country"),
      fundingStage: singleParam("fundingStage"),
      industryFocus: listParam,
      fundingStages: listParam,
      countries: listParam,
      regions: listParam,
      raiseAmountUsd: singleParam("raiseAmountUsd"),
      leadsRounds: singleParam("leadsRounds"),
      fundSizeMinUsd: singleParam("fundSizeMinUsd"),
      fundSizeMaxUsd: singleParam("fundSizeMaxUsd"),
      sectorAgnostic: singleParam("sectorAgnostic"),
      activelyInvesting: singleParam("activelyInvesting"),
      query: singleParam("query"),
      sort: singleParam("sort"),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown parameter(s) in the export: ${issue.keys.join(", ")}.`
          : "Invalid export parameters.",
    },
  )
  .transform((raw) => {
    const request: Record<string, unknown> = {};
    if (!isAny(raw.country)) request.country = raw.country;
    if (!isAny(raw.fundingStage)) request.fundingStage = raw.fundingStage;
    for (const key of ["industryFocus", "fundingStages", "countries", "regions"] as const) {
      if (raw[key].length > 0) request[key] = raw[key];
    }
    for (const key of ["raiseAmountUsd", "fundSizeMinUsd", "fundSizeMaxUsd"] as const) {
      const amount = amountParam(raw[key]);
      if (amount !== undefined) request[key] = amount;
    }
    if (!isAny(raw.leadsRounds)) request.leadsRounds = raw.leadsRounds === "true" ? true : raw.leadsRounds;
    if (!isAny(raw.sectorAgnostic)) request.sectorAgnostic = raw.sectorAgnostic === "true" ? true : raw.sectorAgnostic;
    if (!isAny(raw.activelyInvesting))
      request.activelyInvesting = raw.activelyInvesting === "true" ? true : raw.activelyInvesting;
    if (!isAny(raw.query)) request.query = raw.query;
    if (!isAny(raw.sort)) request.sort = raw.sort;
    return request;
  })
  .pipe(fundSearchRequestSchema);

/** Fields only a subscriber receives; for anyone else they are absent from the JSON, not blanked. */
export const PREMIUM_FUND_FIELDS = [
  "website",
  "linkedin",
  "fundManager",
  "checkSizeMinUsd",
  "checkSizeMaxUsd",
  "leadsRounds",
  "portfolio",
  "pitchRoute",
  "pitchTarget",
  "premiumFactSources",
] as const;

export const premiumFactsSchema = z.object({
  hasWebsite: z.boolean(),
  hasLinkedin: z.boolean(),
  hasFundManager: z.boolean(),
  /** Either end of the cheque range is known. */
  hasCheckSize: z.boolean(),
  /** Whether the fund leads or follows is known. */
  hasRoundRole: z.boolean(),
  /** How many portfolio companies are known (their names are premium). */
  portfolioCount: z.number().int().nonnegative(),
  /** The fund's team says how it wants to be pitched (the route itself is premium). */
  hasPitchRoute: z.boolean(),
}) satisfies z.ZodType<PremiumFactFlags>;

/** Where one fact came from and when: a provenance entry of the fund answer. */
export const fundProvenanceItemSchema = z.object({
  field: z.enum(FACT_FIELDS),
  sourceName: z.string(),
  sourceUrl: z.string().nullable(),
  /** The fact's own date (a close, a page's date); null when its source gives none. */
  asOf: z.string().regex(AS_OF_PATTERN).nullable(),
  /** The day its source was read (YYYY-MM-DD): the date shown when `asOf` is null; null for a fact without an address. */
  retrievedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  kind: z.enum(MONEY_FACT_KINDS),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  /**
   * Who recorded the fact: its named source, an admin, or the fund's own team ('fund_team': the
   * page and the cards say "Updated by the fund's team · Nov 2026").
   */
  origin: z.enum(FACT_ORIGINS),
  /** The day the fact was recorded here (YYYY-MM-DD, UTC): the date of "Updated by the fund's team". */
  recordedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

/** A member of the fund's team who opted in to be listed on its page. */
export const listedTeamMemberSchema = z.object({
  name: z.string(),
  role: z.string().nullable(),
  linkedin: z.string().nullable(),
});
export type ListedTeamMember = z.infer<typeof listedTeamMemberSchema>;

/** A fund's answer record (issue 39): pitches received and answered in 12 months, the median days to an answer. */
export const pitchStatsSchema = z
  .object({
    received: z.number().int().nonnegative(),
    answered: z.number().int().nonnegative(),
    medianDaysToAnswer: z.number().nonnegative().nullable(),
  })
  .nullable();

export const fundResultSchema = z.object({
  id: idResponseSchema,
  name: z.string(),
  fundSize: z.number().nullable(),
  currency: z.string().nullable(),
  country: z.string(),
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  /** The earliest stage the fund invests at; null when its stages are not disclosed. */
  fundingStage: stageCodeSchema.nullable(),
  /** Empty when not disclosed: such a fund matches only searches without a stage filter. */
  fundingStages: z.array(stageCodeSchema),
  /** Empty when not disclosed (or the fund is sector-agnostic and lists none): it matches no industry filter, unless sector-agnostic. */
  industryFocus: z.array(industryCodeSchema),
  foundedYear: z.number().int().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * When a person last reviewed the fund (YYYY-MM-DD): an admin's review or edit, its team's save, an
   * import that changed its facts. Null until someone did: the seed never reviews (issue 36).
   */
  lastReviewed: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** When the fund entered the product (YYYY-MM-DD). */
  listedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** When FundMatch's curated list stated the record (YYYY-MM-DD): the date of its facts without a public source; null when not from the list. */
  curatedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** Where the data came from: 'curated' for the shipped set, an import's file name otherwise. */
  source: z.string(),
  matchReasons: z.array(z.string()),
  /** True when the premium fields were withheld: the card shows them blurred. */
  isPremium: z.boolean(),
  website: z.string().nullable().optional(),
  linkedin: z.string().nullable().optional(),
  fundManager: z.string().nullable().optional(),
  checkSizeMinUsd: z.number().nullable().optional(),
  checkSizeMaxUsd: z.number().nullable().optional(),
  leadsRounds: z.boolean().nullable().optional(),
  /** Notable portfolio companies' names (premium); empty when none is known. */
  portfolio: z.array(z.string()).optional(),
  /**
   * What the fund size is, when a source says: `final_close`, `first_close` or `target` (a fund being
   * raised, labelled as such wherever the size is shown); null for a size that came with the record.
   */
  fundSizeKind: z.enum(MONEY_FACT_KINDS).nullable(),
  /**
   * Issue 36: the fund size's provenance (its source's name and address, its own date or the day the
   * source was read), for the cards that show the size without the fund answer's `provenance`; null
   * for a size without a stated source (a curated one) or no size.
   */
  fundSizeSource: fundProvenanceItemSchema.nullable(),
  /**
   * Issue 36: where each sourced fact everyone sees came from and when (the fund size, stages,
   * industries, the description, the AUM, a reported status), for the cards and the match's reasons;
   * a fact without an entry came with the fund's record (`source`, `curatedOn`).
   */
  factSources: z.array(fundProvenanceItemSchema),
  /** The firm's assets under management in `aumCurrency` units: never a fund size. */
  aum: z.number().nullable(),
  aumCurrency: z.string().nullable(),
  /** True when the fund states it invests across sectors (it matches every industry filter); null when not stated. */
  sectorAgnostic: z.boolean().nullable(),
  /**
   * With a raise only: `covers` when the fund's known first-cheque range covers it, `unknown` when
   * the range is not disclosed (the fund's stages fit the raise). Covering funds come first.
   */
  chequeFit: z.enum(["covers", "unknown"]).optional(),
  /** How many of the informative facts (INFORMATIVE_FACTS in src/shared/fund-facts.ts) the fund has. */
  factsKnown: z.number().int().nonnegative(),
  /**
   * Only when `isPremium` (the values were withheld): which premium facts the fund has, never their
   * values, so that the locked preview names only what Premium would show (docs/decisions/0005).
   */
  premiumFacts: premiumFactsSchema.optional(),
  /**
   * Issue 24: whether the fund is investing now, as its team states it; null when not stated (never
   * assumed either way). `pausedUntil` (YYYY-MM-DD) only with 'paused', when the team says.
   */
  investingStatus: z.enum(INVESTING_STATUSES).nullable(),
  /**
   * Issue 36: a source's report that the firm no longer raises or invests (`winding_down`,
   * `not_raising`, `paused`), with that source and its date; null when no source says so. Apart
   * from `investingStatus`, the team's own word. A fund winding down or not raising is ranked after
   * every other match in the search and the match.
   */
  status: z
    .object({
      value: z.enum(FUND_STATUSES),
      sourceName: z.string(),
      sourceUrl: z.string().nullable(),
      asOf: z.string().regex(AS_OF_PATTERN).nullable(),
    })
    .nullable(),
  /** Issue 24: the current vehicle's name as the fund's team gives it ("Fund IV"); null when not stated. */
  vehicleName: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  /** The month (YYYY-MM) the fund's team last recorded a fact through its editor; null when it never did. */
  updatedByFundTeam: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  /** The team members who chose to be listed on the fund page (name, role, LinkedIn); empty otherwise. */
  team: z.array(listedTeamMemberSchema),
  /** Issue 39: the fund's team takes pitches through FundMatch (shown to everyone; the button is for subscribers). */
  acceptsPitches: z.boolean(),
  /**
   * Issue 39: the fund's answer record over the last 12 months, computed by the `pitch-stats` job;
   * null below 5 pitches received (too few to say anything).
   */
  pitchStats: pitchStatsSchema,
  /** How the fund wants to be pitched (premium, shown next to the website): its form, an e-mail address, or introductions only. */
  pitchRoute: z.enum(PITCH_ROUTES).nullable().optional(),
  /** The form's URL or the e-mail address; null for warm introductions. */
  pitchTarget: z.string().nullable().optional(),
  /** The same for the premium facts (website, cheque range, leading, portfolio, pitch route): premium like them. */
  premiumFactSources: z.array(fundProvenanceItemSchema).optional(),
});

export type FundResult = z.infer<typeof fundResultSchema>;

export const fundSearchResponseSchema = z.object({
  results: z.array(fundResultSchema),
  totalCount: z.number().int().nonnegative(),
  /** With a raise only: how many matches each cheque-fit group holds (they add up to totalCount). */
  chequeFitCounts: z
    .object({ covers: z.number().int().nonnegative(), unknown: z.number().int().nonnegative() })
    .optional(),
});

export type FundSearchResponse = z.infer<typeof fundSearchResponseSchema>;

/** GET /_api/funds/:id path: the id the fund page's path starts with. */
export type PitchStats = z.infer<typeof pitchStatsSchema>;

export const fundParamsSchema = z.strictObject({
  id: z
    .string({ error: "The fund id must be a positive integer." })
    .regex(/^\d{1,10}$/, "The fund id must be a positive integer.")
    .transform(Number)
    .pipe(idSchema("The fund id")),
});

/** How many similar funds a fund page shows, to everyone. */
export const SIMILAR_FUNDS_LIMIT = 3;

/**
 * GET /_api/funds/:id: the fund through the same gate as search (premium fields only for those
 * who see all results), and up to three similar funds: same stages and industries, nearby first.
 */
/**
 * Where each sourced fact of a fund came from and when, for the facts the viewer may see (a premium
 * fact's provenance is premium too). A fact without an entry came with the fund's record (`source`,
 * `lastReviewed`). `amount` and `currency` are a money fact as its source stated it.
 */
export const fundProvenanceSchema = z.array(fundProvenanceItemSchema);

export type FundProvenance = z.infer<typeof fundProvenanceSchema>;

export const fundResponseSchema = z.object({
  fund: fundResultSchema,
  similar: z.array(fundResultSchema).max(SIMILAR_FUNDS_LIMIT),
  provenance: fundProvenanceSchema,
});

export type FundResponse = z.infer<typeof fundResponseSchema>;

export const countriesResponseSchema = z.object({
  countries: z.array(z.string()),
});

export type CountriesResponse = z.infer<typeof countriesResponseSchema>;

// Every error answer of the API; defined with the other shared fields.
export { type ErrorResponse, errorResponseSchema } from "./fields.js";
