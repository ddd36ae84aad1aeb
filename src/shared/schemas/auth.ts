import { z } from "zod";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from "../entitlements.js";
import { emailSchema, idResponseSchema } from "./fields.js";

/** Spec section 5: the messages the login page shows for each field. */
export const loginRequestSchema = z.strictObject({
  email: emailSchema("Email is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RULE_MESSAGE = "Password must contain an uppercase letter, a lowercase letter and a number.";

/** The rule the page hints at (8+ characters, upper and lower case, a digit), enforced by the server. */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password)
  );
}

export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, "Password must be at most 256 characters")
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

/** Spec section 5, Session establishment. */
export const establishSessionRequestSchema = z.strictObject({
  tempToken: z.string({ error: "Temporary token is required" }).min(1, "Temporary token is required").max(200),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

// The status and type lists live zod-free in entitlements.ts, with the rules that read them.
export { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from "../entitlements.js";

/** The signed-in user as the session call returns it (spec section 3, Session user). */
export const sessionUserSchema = z.object({
  id: idResponseSchema,
  email: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(["user", "admin"]),
  stripeCustomerId: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).nullable(),
  subscriptionEndDate: z.string().nullable(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

export const userResponseSchema = z.object({ user: sessionUserSchema });
