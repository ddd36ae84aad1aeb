import { z } from "zod/mini";
import { fundInputSchema } from "./fund-input.js";

/**
 * The admin's fund update call's body: the fund's id and its new values. A module of its own so
 * that the browser, which takes fundInputSchema for the Edit form, does not build this one too
 * (its number checks would grow the zod chunk the home page preloads).
 */
export const fundUpdateRequestSchema = z.strictObject({
  id: z
    .number("id must be a positive integer.")
    .check(
      z.int("id must be a positive integer."),
      z.positive("id must be a positive integer."),
      z.lte(2_147_483_647, "id must be at most 2147483647."),
    ),
  fund: fundInputSchema,
});

export type FundUpdateRequest = z.output<typeof fundUpdateRequestSchema>;
