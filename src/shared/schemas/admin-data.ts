import { z } from "zod";
import { FUND_STATUSES, INFORMATIVE_FACTS } from "../fund-facts.js";
import { idSchema } from "./fields.js";

/** How many funds have each informative fact, and how many funds there are: counted, never written. */
export const fundStatsSchema = z.object({
  totalFunds: z.number().int().nonnegative(),
  /** How many countries the funds are headquartered in. */
  countries: z.number().int().nonnegative(),
  withFact: z.object(
    Object.fromEntries(INFORMATIVE_FACTS.map((fact) => [fact, z.number().int().nonnegative()])) as Record<
      (typeof INFORMATIVE_FACTS)[number],
      z.ZodNumber
    >,
  ),
  /**
   * Issue 36: the informative facts the funds show (`known`, each fund's cheque range once), how many
   * of them name a public source with a date, its own or the day the source was read
   * (`sourcedAndDated`), and how many a date of their own (`withOwnDate`). The rest came with
   * FundMatch's curated list, or from a person without an address.
   */
  facts: z.object({
    known: z.number().int().nonnegative(),
    sourcedAndDated: z.number().int().nonnegative(),
    withOwnDate: z.number().int().nonnegative(),
  }),
  /**
   * How many funds have said whether they invest now: their team's status or a source's reported
   * status (what the "only funds actively investing" filter can go by).
   */
  statedStatus: z.number().int().nonnegative(),
});

export type FundStats = z.infer<typeof fundStatsSchema>;

/** GET /_api/admin/data query: the page of funds not reviewed in the last 12 months. */
export const adminDataQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: "page must be a positive integer." })
    .int("page must be a positive integer.")
    .min(1, "page must be a positive integer.")
    .max(100_000, "page is too large.")
    .optional(),
});

/** How many funds not reviewed in the last 12 months one page lists. */
export const STALE_FUNDS_PAGE_SIZE = 25;
/** How many old fund sizes (facts to refresh) the page lists. */
export const OLD_FUND_SIZES_LIMIT = 100;
/** How many open reports the page lists. */
export const OPEN_REPORTS_LIMIT = 50;
/** How many funds with only curated facts, source hosts and reported statuses the page lists. */
export const CURATED_ONLY_LIMIT = 25;
export const SOURCE_HOSTS_LIMIT = 100;
export const REPORTED_STATUS_LIMIT = 100;

export const adminDataResponseSchema = z.object({
  stats: fundStatsSchema,
  /**
   * Issue 36: per informative fact, how many funds have it, how many of those have it from a source
   * with an address (`sourced`), and how many with a date (`dated`: its own, or the day its source was read).
   */
  coverage: z.array(
    z.object({
      fact: z.enum(INFORMATIVE_FACTS),
      funds: z.number().int().nonnegative(),
      sourced: z.number().int().nonnegative(),
      dated: z.number().int().nonnegative(),
    }),
  ),
  /**
   * The stated facts by age (their own date, else the day their source was read: src/shared/fact-age.ts):
   * under a year, 1 to 3 years, 3 to 6, older, and undated (neither date).
   */
  factAges: z.object({
    underOneYear: z.number().int().nonnegative(),
    oneToThree: z.number().int().nonnegative(),
    threeToSix: z.number().int().nonnegative(),
    older: z.number().int().nonnegative(),
    undated: z.number().int().nonnegative(),
  }),
  /** Funds whose every fact came with the curated list (no sourced, dated or edited fact), and the first by name. */
  curatedOnly: z.object({
    total: z.number().int().nonnegative(),
    funds: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.string() })),
  }),
  /** The hosts of the facts' sources with how many facts and funds each, most first: a bad host stands out. */
  sourceHosts: z.object({
    total: z.number().int().nonnegative(),
    hosts: z.array(
      z.object({
        host: z.string(),
        facts: z.number().int().nonnegative(),
        funds: z.number().int().nonnegative(),
        /** The source rule (src/shared/source-address.ts) refuses this host today: its facts came in before it. */
        refused: z.boolean(),
      }),
    ),
  }),
  /** Funds a source reports winding down, not raising or paused, with that source and its date. */
  reportedStatus: z.object({
    total: z.number().int().nonnegative(),
    funds: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        country: z.string(),
        status: z.enum(FUND_STATUSES),
        sourceName: z.string().nullable(),
        sourceUrl: z.string().nullable(),
        asOf: z.string().nullable(),
      }),
    ),
  }),
  /** Funds never reviewed, or last reviewed before `reviewedBefore` (12 months ago): a record's change is no review. */
  stale: z.object({
    reviewedBefore: z.string(),
    funds: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        country: z.string(),
        /** null: never reviewed; the row's last change is then `updatedAt`. */
        lastReviewed: z.string().nullable(),
        updatedAt: z.string(),
      }),
    ),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  openReports: z.object({
    total: z.number().int().nonnegative(),
    reports: z.array(
      z.object({
        id: z.number().int(),
        fundId: z.number().int(),
        fundName: z.string(),
        field: z.string(),
        note: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  /**
   * Fund sizes whose own date is more than six years before today (`before`): weak evidence in the
   * match, shown as an older fund, and facts to refresh. Oldest first.
   */
  oldFundSizes: z.object({
    before: z.string(),
    total: z.number().int().nonnegative(),
    facts: z.array(
      z.object({
        fundId: z.number().int(),
        fundName: z.string(),
        value: z.string(),
        currency: z.string().nullable(),
        kind: z.string(),
        asOf: z.string(),
        sourceName: z.string(),
        sourceUrl: z.string().nullable(),
      }),
    ),
  }),
});

export type AdminDataResponse = z.infer<typeof adminDataResponseSchema>;

/** POST /_api/admin/fund/mark-reviewed: the fund was checked and is right as it stands. */
export const markReviewedRequestSchema = z.strictObject({ id: idSchema("id") });

export const markReviewedResponseSchema = z.object({ id: z.number().int(), lastReviewed: z.string() });
