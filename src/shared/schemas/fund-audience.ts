import { z } from "zod";

/**
 * GET /_api/investor/funds/:id/audience (issue 24, "What the fund sees"): per calendar month (UTC),
 * this month first, how many founders opened the fund's page, saved it and had it in a match
 * shortlist. Counts only: no name, no account, no address, ever (the table holds only the counts).
 */
export const audienceMonthSchema = z.object({
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  pageViews: z.number().int().nonnegative(),
  saves: z.number().int().nonnegative(),
  shortlists: z.number().int().nonnegative(),
});
export type AudienceMonth = z.infer<typeof audienceMonthSchema>;

export const audienceResponseSchema = z.object({ months: z.array(audienceMonthSchema) });
export type AudienceResponse = z.infer<typeof audienceResponseSchema>;
