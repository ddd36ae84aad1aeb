/**
 * The checkout's plain constants, without zod: the client imports these, and importing them from
 * src/shared/schemas/billing.ts would pull classic zod's schemas into the client's shared zod core
 * chunk, which the home page's entry loads too (docs/decisions/0006). schemas/billing.ts re-exports
 * them for the server.
 */

/** Guest checkout: the trimmed e-mail must be an address (src/shared/email-address.ts). */
export const GUEST_EMAIL_REQUIRED = "Email is required for checkout";
export const GUEST_EMAIL_INVALID = "Please enter a valid email address";
/** The longest e-mail address the checkout accepts. */
export const GUEST_EMAIL_MAX_LENGTH = 254;

/** Messages the popup posts to its opener. */
export const CHECKOUT_SUCCESS_MESSAGE = "stripe-checkout-success";
export const CHECKOUT_SUCCESS_TYPE = "CHECKOUT_SUCCESS";
export const CHECKOUT_ERROR_TYPE = "stripe-checkout-error";
export const CHECKOUT_CANCELLED_TYPE = "stripe-checkout-cancelled";
