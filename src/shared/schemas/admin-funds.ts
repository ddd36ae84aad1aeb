import { z } from "zod";
import { FUND_STATUSES } from "../fund-facts.js";
import { idSchema, noControlCharacters } from "./fields.js";

/** A fund as the admin's table and Edit form see it: every stored field plus its provenance. */
export const adminFundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  website: z.string().nullable(),
  linkedin: z.string().nullable(),
  fundingStages: z.array(z.string()),
  industryFocus: z.array(z.string()),
  fundSize: z.number().nullable(),
  currency: z.string().nullable(),
  checkSizeMinUsd: z.number().nullable(),
  checkSizeMaxUsd: z.number().nullable(),
  leadsRounds: z.boolean().nullable(),
  /** True: invests across sectors; null: not stated. */
  sectorAgnostic: z.boolean().nullable(),
  portfolio: z.array(z.string()),
  foundedYear: z.number().int().nullable(),
  description: z.string().nullable(),
  fundManager: z.string().nullable(),
  lastReviewed: z.string().nullable(),
  /** A sourced report that the firm no longer raises or invests (issue 36), with its source and date. */
  status: z.enum(FUND_STATUSES).nullable(),
  statusSourceUrl: z.string().nullable(),
  statusAsOf: z.string().nullable(),
  source: z.string(),
  importId: z.number().int().nullable(),
  updatedAt: z.string(),
});

export type AdminFund = z.infer<typeof adminFundSchema>;

export const ADMIN_FUNDS_PAGE_SIZES = [10, 25, 50, 100] as const;

/** GET /_api/admin/funds: a page of the table, optionally searched. */
export const adminFundsQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(200, "The search must be at most 200 characters.")
    .refine(...noControlCharacters("The search"))
    .optional(),
  page: z.coerce
    .number({ error: "page must be a positive integer." })
    .int("page must be a positive integer.")
    .min(1, "page must be a positive integer.")
    .max(100_000, "page is too large.")
    .optional(),
  pageSize: z.coerce
    .number({ error: "pageSize must be 10, 25, 50 or 100." })
    .refine(
      (size) => (ADMIN_FUNDS_PAGE_SIZES as readonly number[]).includes(size),
      "pageSize must be 10, 25, 50 or 100.",
    )
    .optional(),
});

export const adminFundsPageSchema = z.object({
  funds: z.array(adminFundSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type AdminFundsPage = z.infer<typeof adminFundsPageSchema>;

export const fundDeleteRequestSchema = z.strictObject({ id: idSchema("id") });
