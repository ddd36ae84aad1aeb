import { z } from "zod";
import { newPasswordSchema, SUBSCRIPTION_TYPES } from "./auth.js";

/** Spec section 5, Guest checkout: the trimmed e-mail must look like x@y.z with no spaces. */
export const GUEST_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const GUEST_EMAIL_REQUIRED = "Email is required for checkout";
export const GUEST_EMAIL_INVALID = "Please enter a valid email address";

const httpUrl = (message: string) => z.url({ protocol: /^https?$/, error: message });

/** Spec section 5, Checkout payload. The server keeps only the path and query of the URLs (open redirect). */
export const checkoutRequestSchema = z.strictObject({
  plan: z.enum(SUBSCRIPTION_TYPES, { error: "Plan must be monthly or lifetime." }),
  successUrl: httpUrl("A valid success URL is required."),
  cancelUrl: httpUrl("A valid cancel URL is required."),
  email: z
    .string({ error: GUEST_EMAIL_INVALID })
    .trim()
    .max(254, GUEST_EMAIL_INVALID)
    .regex(GUEST_EMAIL_PATTERN, GUEST_EMAIL_INVALID)
    .optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Spec section 5, Portal payload. */
export const portalRequestSchema = z.strictObject({
  returnUrl: httpUrl("A valid return URL is required."),
});

/** Spec section 5, Upgrade payload, with the spec's messages. */
export const upgradeRequestSchema = z.strictObject({
  successUrl: httpUrl("A valid success URL is required."),
  cancelUrl: httpUrl("A valid cancel URL is required."),
});

export const billingUrlResponseSchema = z.object({ url: z.string() });

/** Messages the popup posts to its opener (spec section 4, Checkout flow). */
export const CHECKOUT_SUCCESS_MESSAGE = "stripe-checkout-success";
export const CHECKOUT_SUCCESS_TYPE = "CHECKOUT_SUCCESS";
export const CHECKOUT_ERROR_TYPE = "stripe-checkout-error";

export const SET_PASSWORD_LINK_INVALID =
  "This link is invalid, has expired or was already used. Log in, or ask for a new link from the login page.";

/** Set a password from the e-mailed link after a guest checkout. */
export const setPasswordRequestSchema = z.strictObject({
  token: z
    .string({ error: SET_PASSWORD_LINK_INVALID })
    .min(20, SET_PASSWORD_LINK_INVALID)
    .max(200, SET_PASSWORD_LINK_INVALID),
  password: newPasswordSchema,
});
