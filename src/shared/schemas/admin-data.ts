import { z } from "zod";
import { FACT_FIELDS, INFORMATIVE_FACTS } from "../fund-facts.js";
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
/** How many of the oldest-dated facts the page lists. */
export const OLDEST_FACTS_LIMIT = 20;
/** How many open reports the page lists. */
export const OPEN_REPORTS_LIMIT = 50;

export const adminDataResponseSchema = z.object({
  stats: fundStatsSchema,
  /** Funds whose review date (or, without one, last change) is more than 12 months before `reviewedBefore`. */
  stale: z.object({
    reviewedBefore: z.string(),
    funds: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        country: z.string(),
        /** null: never reviewed (an import without a date); the row's last change is then `updatedAt`. */
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
  oldestFacts: z.array(
    z.object({
      fundId: z.number().int(),
      fundName: z.string(),
      field: z.enum(FACT_FIELDS),
      asOf: z.string(),
      sourceName: z.string(),
      sourceUrl: z.string().nullable(),
    }),
  ),
});

export type AdminDataResponse = z.infer<typeof adminDataResponseSchema>;

/** POST /_api/admin/fund/mark-reviewed: the fund was checked and is right as it stands. */
export const markReviewedRequestSchema = z.strictObject({ id: idSchema("id") });

export const markReviewedResponseSchema = z.object({ id: z.number().int(), lastReviewed: z.string() });
