import { z } from "zod";
import { ROLES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from "../entitlements.js";
import {
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGE,
} from "../password-rules.js";
import { RETURN_PATH_MAX, safeReturnPath } from "../return-path.js";
import { emailSchema, idResponseSchema, idSchema, noControlCharacters } from "./fields.js";

/**
 * What a sign-in carries along (issue 37): where to lead back to (a path of this site only,
 * src/shared/return-path.ts) and a fund the visitor asked to save before signing in, saved by the
 * same call with the account's own rights. Both optional: a plain sign-in sends neither.
 */
const afterSignInShape = {
  returnTo: z
    .string({ error: "returnTo must be a path of this site, such as /match." })
    .max(RETURN_PATH_MAX, `returnTo must be at most ${RETURN_PATH_MAX} characters.`)
    .refine(...noControlCharacters("returnTo"))
    .refine((value) => safeReturnPath(value) !== null, "returnTo must be a path of this site, such as /match.")
    .optional(),
  saveFundId: idSchema("saveFundId").optional(),
};

/** The messages the login page shows for each field. */
export const loginRequestSchema = z.strictObject({
  email: emailSchema("Email is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  ...afterSignInShape,
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
    .max(100, "Name must be at most 100 characters")
    .refine(...noControlCharacters("Name")),
  ...afterSignInShape,
});

/** Session establishment. */
export const establishSessionRequestSchema = z.strictObject({
  tempToken: z
    .string({ error: "Temporary token is required" })
    .min(1, "Temporary token is required")
    .max(200)
    .refine(...noControlCharacters("Temporary token")),
  ...afterSignInShape,
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

/**
 * The fund a sign-in was asked to save: saved, or why not (the plan does not save funds: 402's
 * `subscription_required`; the fund is gone: `not_found`).
 */
export const pendingSaveResultSchema = z.object({
  fundId: idResponseSchema,
  saved: z.boolean(),
  reason: z.enum(["subscription_required", "not_found"]).optional(),
});
export type PendingSaveResult = z.infer<typeof pendingSaveResultSchema>;

/** A sign-in's answer: the user, the checked return address when one was sent, the pending save's outcome. */
export const signInResponseSchema = userResponseSchema.extend({
  returnTo: z.string().optional(),
  pendingSave: pendingSaveResultSchema.optional(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const logoutResponseSchema = z.object({ ok: z.literal(true) });

/** The sign-in providers the login page knows: a configured one (Google), or the built-in demo. */
export const SIGN_IN_PROVIDERS = ["google", "demo"] as const;
export type SignInProviderId = (typeof SIGN_IN_PROVIDERS)[number];

/** The OpenID sign-in popup's first step: the provider offered (the route checks it is the configured one). */
export const oauthAuthorizeQuerySchema = z.strictObject({
  provider: z.enum(SIGN_IN_PROVIDERS, { error: "Unknown provider." }),
});

/** One OAuth parameter: a string of sane length (repeated parameters are refused by the parser). */
const oauthParam = z
  .string({ error: "Each parameter must be given once, as text." })
  .max(2048)
  .refine(...noControlCharacters("A parameter"))
  .optional();

/**
 * The identity provider's redirect to /_api/auth/oauth_callback, as OpenID Connect defines it. The
 * OpenID client reads and checks these from the URL itself (state, PKCE, issuer); this describes them.
 */
export const oauthCallbackQuerySchema = z.looseObject({
  code: oauthParam,
  state: oauthParam,
  iss: oauthParam,
  error: oauthParam,
  error_description: oauthParam,
});

/**
 * The demo sign-in provider's authorization request. Unknown parameters are ignored, as OAuth
 * says; the values are checked by the provider itself, which answers in OAuth's terms.
 */
export const demoAuthorizeQuerySchema = z.object({
  client_id: oauthParam,
  redirect_uri: oauthParam,
  response_type: oauthParam,
  scope: oauthParam,
  state: oauthParam,
  nonce: oauthParam,
  code_challenge: oauthParam,
  code_challenge_method: oauthParam,
});

/**
 * The person's own entries in the demo provider's form: the provider checks them itself (the field
 * rule included) and shows its form again with the error, rather than answering JSON.
 */
const demoFormEntry = z.string({ error: "Each parameter must be given once, as text." }).max(2048).optional();

/** The demo provider's form: the request again (hidden fields), who the person says they are, and the choice. */
export const demoAuthorizeFormSchema = demoAuthorizeQuerySchema.extend({
  email: demoFormEntry,
  name: demoFormEntry,
  decision: z.enum(["approve", "deny"], { error: "Choose Continue or Cancel." }),
});

/** The demo provider's token request (form-encoded, as OAuth has it). */
export const demoTokenFormSchema = z.object({
  grant_type: oauthParam,
  code: oauthParam,
  redirect_uri: oauthParam,
  code_verifier: oauthParam,
  client_id: oauthParam,
  client_secret: oauthParam,
});

/** The answer to every password-reset request, whether or not an account has the address. */
export const PASSWORD_RESET_REQUESTED =
  "If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for one hour.";

export const RESET_PASSWORD_LINK_INVALID =
  "This link has expired or was already used. Ask for a new one on the Forgot password page.";

/** "Forgot password?": asks for a reset link for an address. */
export const requestPasswordResetSchema = z.strictObject({ email: emailSchema("Email is required") });

export const passwordResetRequestedSchema = z.object({ message: z.literal(PASSWORD_RESET_REQUESTED) });

/** Choose a new password through the e-mailed reset link. */
export const resetPasswordRequestSchema = z.strictObject({
  token: z
    .string({ error: RESET_PASSWORD_LINK_INVALID })
    .min(20, RESET_PASSWORD_LINK_INVALID)
    .max(200, RESET_PASSWORD_LINK_INVALID)
    .refine(...noControlCharacters("Token")),
  password: newPasswordSchema,
});

/** Whether an e-mailed link still works, asked by its page before it shows the form; the link is not spent. */
export const passwordLinkStatusRequestSchema = z.strictObject({
  token: z
    .string({ error: "A token is required" })
    .max(200, "This link is not valid.")
    .refine(...noControlCharacters("Token")),
  purpose: z.enum(["set_password", "reset_password"], { error: "purpose must be set_password or reset_password" }),
});

export const passwordLinkStatusResponseSchema = z.object({ usable: z.boolean() });
