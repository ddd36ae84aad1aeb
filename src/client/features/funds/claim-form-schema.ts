import { z } from "zod/mini";
import { isEmailAddress } from "../../../shared/email-address.js";
import { CLAIM_NOTE_MAX, CLAIM_TEXTS } from "../../../shared/fund-claim-texts.js";
import { asciiWorkEmail } from "../../../shared/work-email.js";

/**
 * The claim form's rules, in zod/mini (docs/decisions/0006): an address and an optional note of
 * at most CLAIM_NOTE_MAX characters. The address is read as the server reads it: an
 * internationalised domain (münchen-fund.de) in punycode, then the product's one address parser
 * (fundClaimRequestSchema gives the same verdict).
 */
export const claimFormSchema = z.object({
  email: z.string({ error: CLAIM_TEXTS.emailRequired }).check(
    z.trim(),
    z.minLength(1, CLAIM_TEXTS.emailRequired),
    z.refine((email) => isEmailAddress(asciiWorkEmail(email) ?? ""), CLAIM_TEXTS.emailRequired),
  ),
  note: z.string().check(z.trim(), z.maxLength(CLAIM_NOTE_MAX, CLAIM_TEXTS.noteTooLong)),
});

export type ClaimFormValues = z.infer<typeof claimFormSchema>;
