import { z } from "zod/mini";
import { CLAIM_NOTE_MAX, CLAIM_TEXTS } from "../../../shared/fund-claim-texts.js";

/**
 * The claim form's rules, in zod/mini (docs/decisions/0006): an address and an optional note of
 * at most CLAIM_NOTE_MAX characters. The address's shape is only roughly checked here, so that an
 * internationalised domain (münchen-fund.de) is not refused in the browser; the server takes it in
 * punycode and gives the verdict (fundClaimRequestSchema).
 */
export const claimFormSchema = z.object({
  email: z
    .string({ error: CLAIM_TEXTS.emailRequired })
    .check(
      z.trim(),
      z.minLength(1, CLAIM_TEXTS.emailRequired),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, CLAIM_TEXTS.emailRequired),
    ),
  note: z.string().check(z.trim(), z.maxLength(CLAIM_NOTE_MAX, CLAIM_TEXTS.noteTooLong)),
});

export type ClaimFormValues = z.infer<typeof claimFormSchema>;
