import {
  GUEST_EMAIL_INVALID,
  GUEST_EMAIL_MAX_LENGTH,
  GUEST_EMAIL_REQUIRED,
} from "../../../shared/checkout-constants.js";
import { isEmailAddress } from "../../../shared/email-address.js";

/**
 * Guest checkout: required, and the trimmed text must be an address as the product's one parser
 * reads it (the server's rule). A plain check rather than a schema.
 */
export function guestEmailError(value: string): string | null {
  const email = value.trim();
  if (!email) return GUEST_EMAIL_REQUIRED;
  if (email.length > GUEST_EMAIL_MAX_LENGTH || !isEmailAddress(email)) return GUEST_EMAIL_INVALID;
  return null;
}
