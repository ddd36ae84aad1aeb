import { z } from "zod";
import { CLAIM_DECISIONS, CLAIM_NOTE_MAX, CLAIM_OUTCOMES, CLAIM_REASON_MAX, CLAIM_TEXTS } from "../fund-claim-texts.js";
import { MEMBERSHIP_VIA } from "../fund-team.js";
import { asciiWorkEmail } from "../work-email.js";
import { emailSchema, idResponseSchema, idSchema, noControlCharacters } from "./fields.js";

const strict = (what: string) => ({
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys"
      ? `Unknown field(s) in the ${what}: ${(issue.keys ?? []).join(", ")}.`
      : `The ${what} must be a JSON object.`,
});

/**
 * The work address: an internationalised domain is taken in its ASCII form (what the domain check
 * compares and what the link is sent to), then held to the one address rule.
 */
const workEmailSchema = z
  .string({ error: CLAIM_TEXTS.emailRequired })
  .trim()
  .max(254, CLAIM_TEXTS.emailRequired)
  .refine(...noControlCharacters("Email"))
  .transform((email, context) => {
    const ascii = asciiWorkEmail(email);
    if (ascii === undefined) {
      context.addIssue({ code: "custom", message: CLAIM_TEXTS.emailRequired });
      return z.NEVER;
    }
    return ascii;
  })
  .pipe(emailSchema(CLAIM_TEXTS.emailRequired));

const optionalText = (field: string, max: number, tooLong: string) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, tooLong)
    .refine(...noControlCharacters(field, "multi-line"))
    .optional()
    .transform((text) => (text ? text : undefined));

/** POST /_api/funds/:id/claim */
export const fundClaimRequestSchema = z.strictObject(
  { email: workEmailSchema, note: optionalText("The note", CLAIM_NOTE_MAX, CLAIM_TEXTS.noteTooLong) },
  strict("claim"),
);
export type FundClaimRequest = z.infer<typeof fundClaimRequestSchema>;

/** The answer depends on the domain match only, never on whether the address is known elsewhere. */
export const fundClaimResponseSchema = z.object({ status: z.enum(CLAIM_OUTCOMES) });

/** POST /_api/funds/claims/verify: the e-mailed link's token. */
export const fundClaimVerifyRequestSchema = z.strictObject(
  {
    token: z
      .string({ error: "The token is required." })
      .trim()
      .min(1, "The token is required.")
      .max(200, CLAIM_TEXTS.linkInvalid)
      .refine(...noControlCharacters("The token")),
  },
  strict("request"),
);

const fundRefSchema = z.object({ id: idResponseSchema, name: z.string() });

export const fundClaimVerifyResponseSchema = z.object({ fund: fundRefSchema });

/** GET /_api/user/fund-memberships: the funds whose team the account is on. */
export const fundMembershipsResponseSchema = z.object({ funds: z.array(fundRefSchema) });
export type FundMembershipsResponse = z.infer<typeof fundMembershipsResponseSchema>;

/** A claim under review, as admins see it. */
export const adminFundClaimSchema = z.object({
  id: idResponseSchema,
  fund: fundRefSchema,
  claimant: z.object({ id: idResponseSchema, displayName: z.string(), email: z.string() }),
  /** The work address the claim gave (not proven). */
  email: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminFundClaim = z.infer<typeof adminFundClaimSchema>;

export const adminFundMemberSchema = z.object({
  fund: fundRefSchema,
  user: z.object({ id: idResponseSchema, displayName: z.string(), email: z.string() }),
  /** The work address the membership was proven or approved with. */
  email: z.string(),
  via: z.enum(MEMBERSHIP_VIA),
  joinedAt: z.string(),
});
export type AdminFundMember = z.infer<typeof adminFundMemberSchema>;

/** At most this many of each, newest claims first, members by fund name. */
export const ADMIN_CLAIMS_LIMIT = 500;

export const adminFundClaimsResponseSchema = z.object({
  claims: z.array(adminFundClaimSchema),
  members: z.array(adminFundMemberSchema),
});
export type AdminFundClaimsResponse = z.infer<typeof adminFundClaimsResponseSchema>;

/** POST /_api/admin/fund-claim-action */
export const fundClaimActionRequestSchema = z.strictObject(
  {
    claimId: idSchema("claimId"),
    action: z.enum(CLAIM_DECISIONS, { error: `action must be one of: ${CLAIM_DECISIONS.join(", ")}.` }),
    reason: optionalText("The reason", CLAIM_REASON_MAX, `Keep the reason under ${CLAIM_REASON_MAX} characters.`),
  },
  strict("request"),
);
export type FundClaimActionRequest = z.infer<typeof fundClaimActionRequestSchema>;

/** POST /_api/admin/fund-member-removal */
export const fundMemberRemovalRequestSchema = z.strictObject(
  { fundId: idSchema("fundId"), userId: idSchema("userId") },
  strict("request"),
);
