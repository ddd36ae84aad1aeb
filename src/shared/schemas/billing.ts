import { z } from "zod";
import { GUEST_EMAIL_INVALID, GUEST_EMAIL_MAX_LENGTH } from "../checkout-constants.js";
import { isEmailAddress } from "../email-address.js";
import { newPasswordSchema, SUBSCRIPTION_TYPES } from "./auth.js";
import { hasControlCharacters, noControlCharacters } from "./fields.js";

// The constants live zod-free in checkout-constants.ts (the client imports them); re-exported here.
export {
  CHECKOUT_CANCELLED_TYPE,
  CHECKOUT_ERROR_TYPE,
  CHECKOUT_SUCCESS_MESSAGE,
  CHECKOUT_SUCCESS_TYPE,
  GUEST_EMAIL_INVALID,
  GUEST_EMAIL_REQUIRED,
} from "../checkout-constants.js";

// A URL parser drops tabs and line breaks silently; the rule refuses them like in any other text.
const httpUrl = (message: string) =>
  z
    .string({ error: message })
    .refine((url) => !hasControlCharacters(url), message)
    .pipe(z.url({ protocol: /^https?$/, error: message }));

/** Checkout payload. The server keeps only the path and query of the URLs (open redirect). */
export const checkoutRequestSchema = z.strictObject({
  plan: z.enum(SUBSCRIPTION_TYPES, { error: "Plan must be monthly or lifetime." }),
  successUrl: httpUrl("A valid success URL is required."),
  cancelUrl: httpUrl("A valid cancel URL is required."),
  email: z
    .string({ error: GUEST_EMAIL_INVALID })
    .trim()
    .max(GUEST_EMAIL_MAX_LENGTH, GUEST_EMAIL_INVALID)
    .refine(...noControlCharacters("Email"))
    .refine(isEmailAddress, GUEST_EMAIL_INVALID)
    .optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Portal payload. */
export const portalRequestSchema = z.strictObject({
  returnUrl: httpUrl("A valid return URL is required."),
});

/** Upgrade payload, with the subscribe page's messages. */
export const upgradeRequestSchema = z.strictObject({
  successUrl: httpUrl("A valid success URL is required."),
  cancelUrl: httpUrl("A valid cancel URL is required."),
});

export const billingUrlResponseSchema = z.object({ url: z.string() });

/** The member's Resume of a plan set to end: nothing to send but an empty object. */
export const resumeSubscriptionRequestSchema = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? "This call takes no fields." : "Send an empty JSON object.",
  },
);

export const SET_PASSWORD_LINK_INVALID =
  "This link is invalid, has expired or was already used. If you have set your password, log in; otherwise reply to the e-mail for a new link.";

/** Set a password from the e-mailed link after a guest checkout. */
export const setPasswordRequestSchema = z.strictObject({
  token: z
    .string({ error: SET_PASSWORD_LINK_INVALID })
    .min(20, SET_PASSWORD_LINK_INVALID)
    .max(200, SET_PASSWORD_LINK_INVALID)
    .refine((token) => !hasControlCharacters(token), SET_PASSWORD_LINK_INVALID),
  password: newPasswordSchema,
});

/** The checkout popup's last page, as Stripe (or the demo provider) sends the browser back to it. */
export const checkoutCallbackQuerySchema = z.object({
  session_id: z
    .string()
    .max(255)
    .refine(...noControlCharacters("session_id"))
    .optional(),
  cancelled: z
    .string()
    .max(10)
    .refine(...noControlCharacters("cancelled"))
    .optional(),
});

export const webhookResponseSchema = z.object({ received: z.literal(true) });

/**
 * POST /_api/stripe/webhook, as Stripe sends it: an event (the handled types are listed in the
 * README) and its signature header. The server verifies the signature over the raw bytes.
 */
export const stripeEventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  data: z.looseObject({ object: z.looseObject({}) }),
});
export const stripeSignatureHeadersSchema = z.object({
  "stripe-signature": z.string().describe("Stripe's signature of the body, checked with STRIPE_WEBHOOK_SECRET."),
});

/** Ids of the demo provider's objects in its page paths: Stripe's id alphabet. */
const demoObjectId = z.string().regex(/^[A-Za-z0-9_]{3,255}$/);
export const DEMO_PORTAL_ACTIONS = ["cancel", "keep", "renew", "fail"] as const;
export const demoCheckoutParamsSchema = z.object({ id: demoObjectId });
export const demoCheckoutChoiceParamsSchema = z.object({ id: demoObjectId, choice: z.enum(["pay", "cancel"]) });
export const demoPortalParamsSchema = z.object({ id: demoObjectId });
export const demoPortalActionParamsSchema = z.object({
  id: demoObjectId,
  subscriptionId: demoObjectId,
  action: z.enum(DEMO_PORTAL_ACTIONS),
});
