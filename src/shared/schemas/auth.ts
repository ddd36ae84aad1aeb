import { z } from "zod";
import { ROLES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from "../entitlements.js";
import {
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGE,
} from "../password-rules.js";
import { emailSchema, idResponseSchema } from "./fields.js";

/** The messages the login page shows for each field. */
export const loginRequestSchema = z.strictObject({
  email: emailSchema("Email is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

// The password rule lives zod-free in password-rules.ts, which the client's forms import too.
export { meetsPasswordRule, PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE } from "../password-rules.js";

export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(meetsPasswordRule, PASSWORD_RULE_MESSAGE);

export const registerRequestSchema = z.strictObject({
  email: emailSchema("Email is required"),
  password: newPasswordSchema,
  displayName: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be at most 100 characters"),
});

/** Session establishment. */
export const establishSessionRequestSchema = z.strictObject({
  tempToken: z.string({ error: "Temporary token is required" }).min(1, "Temporary token is required").max(200),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

// The status and type lists live zod-free in entitlements.ts, with the rules that read them.
export { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from "../entitlements.js";

/** The signed-in user as the session call returns it. */
export const sessionUserSchema = z.object({
  id: idResponseSchema,
  email: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  stripeCustomerId: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).nullable(),
  subscriptionEndDate: z.string().nullable(),
  /** The monthly plan ends at subscriptionEndDate instead of renewing (cancelled at period end). */
  subscriptionCancelAtPeriodEnd: z.boolean(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The answer of every call that signs someone in or reads the session. */
export const userResponseSchema = z.object({ user: sessionUserSchema });

export const logoutResponseSchema = z.object({ ok: z.literal(true) });

/** The OpenID sign-in popup's first step: the one provider offered. */
export const oauthAuthorizeQuerySchema = z.strictObject({
  provider: z.literal("google", { error: "Unknown provider." }),
});
