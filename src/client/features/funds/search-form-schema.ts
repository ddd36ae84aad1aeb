import { z } from "zod/mini";
import { isIndustryCode } from "../../../shared/industries.js";
import { ANY_VALUE } from "../../../shared/search-params.js";
import { isStageCode } from "../../../shared/stages.js";

// zod/mini keeps the home route's bundle small; the rules match the server's search schema.
export const searchFormSchema = z.strictObject({
  country: z.string().check(z.maxLength(100, "Choose a country from the list.")),
  fundingStage: z
    .string()
    .check(z.refine((value) => value === ANY_VALUE || isStageCode(value), "Choose a funding stage from the list.")),
  industry: z
    .string()
    .check(z.refine((value) => value === ANY_VALUE || isIndustryCode(value), "Choose an industry from the list.")),
});
