import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../password-rules.js";
import { sessionUserSchema } from "./auth.js";
import { emailSchema, idResponseSchema, idSchema } from "./fields.js";
import { fundResultSchema } from "./funds.js";

/** FundId must be a positive integer. */
export const fundIdRequestSchema = z.strictObject({ fundId: idSchema("fundId") });

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

/** Profile update. */
export const updateProfileRequestSchema = z.strictObject({
  displayName: z
    .string({ error: "Display name must be at least 2 characters." })
    .trim()
    .min(2, "Display name must be at least 2 characters.")
    .max(100, "Display name must be at most 100 characters."),
  email: emailSchema("Please enter a valid email address."),
  password: z
    .string({ error: "Password is required to confirm changes." })
    .min(1, "Password is required to confirm changes."),
});

/** Change password; the new one also has to meet the password rule. */
export const changePasswordRequestSchema = z
  .strictObject({
    currentPassword: z.string({ error: "Current password is required." }).min(1, "Current password is required."),
    newPassword: z
      .string({ error: `New password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
      .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
    confirmNewPassword: z.string({ error: "New passwords do not match." }),
  })
  .refine((value) => value.newPassword === value.confirmNewPassword, {
    message: "New passwords do not match.",
    path: ["confirmNewPassword"],
  });

/** Deactivate and delete. */
export const confirmPasswordRequestSchema = z.strictObject({
  password: z.string({ error: "Password is required." }).min(1, "Password is required."),
});

/** The answer of save and unsave: the fund's saved state after the call. */
export const saveFundResponseSchema = z.object({ saved: z.boolean(), fundId: idResponseSchema });

/** The answer of the account changes that only confirm what happened. */
export const messageResponseSchema = z.object({ message: z.string() });
