import { z } from "zod";
import { sessionUserSchema } from "./auth.js";
import { fundResultSchema } from "./funds.js";

/** Spec section 5: fundId must be a positive integer. */
export const fundIdRequestSchema = z.strictObject({
  fundId: z
    .number({ error: "fundId must be a positive integer." })
    .int("fundId must be a positive integer.")
    .positive("fundId must be a positive integer."),
});

export const savedFundsResponseSchema = z.object({ funds: z.array(fundResultSchema) });
export type SavedFundsResponse = z.infer<typeof savedFundsResponseSchema>;

export const accountStatusResponseSchema = sessionUserSchema.pick({ subscriptionStatus: true, subscriptionType: true });
export type AccountStatusResponse = z.infer<typeof accountStatusResponseSchema>;

export const profileResponseSchema = sessionUserSchema.pick({
  displayName: true,
  email: true,
  role: true,
  subscriptionStatus: true,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const SUBSCRIPTION_REQUIRED = "subscription_required";
