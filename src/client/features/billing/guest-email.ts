import {
  GUEST_EMAIL_INVALID,
  GUEST_EMAIL_MAX_LENGTH,
  GUEST_EMAIL_PATTERN,
  GUEST_EMAIL_REQUIRED,
} from "../../../shared/checkout-constants.js";
import { emailWithinLimits } from "../../../shared/email-rules.js";

/**
 * Guest checkout: required, and the trimmed address must look like x@y.z with no
 * spaces. A plain check rather than a schema: the rule is one pattern, shared with the server.
 */
export function guestEmailError(value: string): string | null {
  const email = value.trim();
  if (!email) return GUEST_EMAIL_REQUIRED;
  if (email.length > GUEST_EMAIL_MAX_LENGTH || !GUEST_EMAIL_PATTERN.test(email) || !emailWithinLimits(email))
    return GUEST_EMAIL_INVALID;
  return null;
}
