import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../password-rules.js";
import {
  COMMITTED_AMOUNT_MAX_USD,
  isCommittedAmount,
  isNextStepDate,
  NEXT_STEP_YEAR_MAX,
  NEXT_STEP_YEAR_MIN,
  noteLength,
  PIPELINE_NOTE_MAX,
  PIPELINE_STATUSES,
} from "../pipeline.js";
import { sessionUserSchema } from "./auth.js";
import { describeInput, emailSchema, idResponseSchema, idSchema, noControlCharacters } from "./fields.js";
import { fundResultSchema } from "./funds.js";

/** FundId must be a positive integer. */
export const fundIdRequestSchema = z.strictObject({ fundId: idSchema("fundId") });

export const pipelineStatusSchema = z.enum(PIPELINE_STATUSES, {
  error: (issue) => `Unknown status ${describeInput(issue.input)}. Use one of: ${PIPELINE_STATUSES.join(", ")}.`,
});

const COMMITTED_AMOUNT_MESSAGE = `committedAmountUsd must be a whole number of US dollars from 1 to ${COMMITTED_AMOUNT_MAX_USD.toLocaleString("en-US")}, or null.`;

const NEXT_STEP_DATE_MESSAGE = `nextStepDate must be a date written YYYY-MM-DD (years ${NEXT_STEP_YEAR_MIN} to ${NEXT_STEP_YEAR_MAX}), or null.`;

/**
 * Where a saved fund stands in the founder's fundraise. The owner changes any of the three; an
 * update must change something, and fields it does not name stay as they are.
 */
export const savedFundUpdateRequestSchema = z
  .strictObject(
    {
      fundId: idSchema("fundId"),
      status: pipelineStatusSchema.optional(),
      note: z
        .string({ error: "note must be a string." })
        .refine(...noControlCharacters("note", "multi-line"))
        .refine(
          (note) => noteLength(note) <= PIPELINE_NOTE_MAX,
          `note must be at most ${PIPELINE_NOTE_MAX.toLocaleString("en-US")} characters.`,
        )
        .optional(),
      nextStepDate: z
        .string({ error: NEXT_STEP_DATE_MESSAGE })
        .refine(isNextStepDate, NEXT_STEP_DATE_MESSAGE)
        .nullable()
        .optional(),
      // A JSON number only (no "1000" strings): what the fund committed, for the round's progress.
      committedAmountUsd: z
        .number({ error: COMMITTED_AMOUNT_MESSAGE })
        .refine(isCommittedAmount, COMMITTED_AMOUNT_MESSAGE)
        .nullable()
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown field(s): ${issue.keys.join(", ")}. Send fundId with status, note, nextStepDate or committedAmountUsd.`
          : "The update must be a JSON object.",
    },
  )
  .refine(
    (body) =>
      body.status !== undefined ||
      body.note !== undefined ||
      body.nextStepDate !== undefined ||
      body.committedAmountUsd !== undefined,
    "Nothing to update: send status, note, nextStepDate or committedAmountUsd with the fundId.",
  );
export type SavedFundUpdateRequest = z.infer<typeof savedFundUpdateRequestSchema>;

/** A saved fund's place in the pipeline; savedAt is when it was saved. */
export const pipelineSchema = z.object({
  status: pipelineStatusSchema,
  note: z.string(),
  nextStepDate: z.string().nullable(),
  /** What the fund committed to the round, in whole US dollars; null when not recorded. */
  committedAmountUsd: z.number().int().nullable(),
  savedAt: z.string(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export const savedFundSchema = fundResultSchema.extend({ pipeline: pipelineSchema });
export const savedFundsResponseSchema = z.object({ funds: z.array(savedFundSchema) });
export type SavedFundsResponse = z.infer<typeof savedFundsResponseSchema>;

export const savedFundUpdateResponseSchema = z.object({ fundId: idResponseSchema, pipeline: pipelineSchema });
export type SavedFundUpdateResponse = z.infer<typeof savedFundUpdateResponseSchema>;

export const accountStatusResponseSchema = sessionUserSchema.pick({ subscriptionStatus: true, subscriptionType: true });
export type AccountStatusResponse = z.infer<typeof accountStatusResponseSchema>;

/**
 * How this session confirms a sensitive change (update profile, change password, deactivate,
 * delete): with the account's password; for an account without one, by a sign-in through the
 * provider within the last few minutes (no field needed), else with a code e-mailed to it.
 */
export const CONFIRMATION_KINDS = ["password", "recent_sign_in", "email_code"] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

export const profileResponseSchema = sessionUserSchema
  .pick({ displayName: true, email: true, role: true, subscriptionStatus: true })
  .extend({
    hasPassword: z.boolean(),
    confirmation: z.enum(CONFIRMATION_KINDS),
    /** When confirmation is recent_sign_in: the moment it turns into email_code (ISO 8601); else null. */
    recentSignInUntil: z.string().nullable(),
  });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const SUBSCRIPTION_REQUIRED = "subscription_required";

export const CONFIRMATION_CODE_LENGTH = 6;
const CODE_MESSAGE = `Enter the ${CONFIRMATION_CODE_LENGTH}-digit code from the e-mail.`;

/** The one-time code e-mailed to an account without a password. */
export const confirmationCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .regex(new RegExp(`^[0-9]{${CONFIRMATION_CODE_LENGTH}}$`), CODE_MESSAGE);

/**
 * How a sensitive change is confirmed: the password of an account that has one, or the e-mailed
 * code; neither after a recent sign-in through the provider. The service decides which applies.
 */
function confirmationFields(passwordRequired: string) {
  return {
    password: z.string({ error: passwordRequired }).min(1, passwordRequired).optional(),
    code: confirmationCodeSchema.optional(),
  };
}

/** Profile update. */
export const updateProfileRequestSchema = z.strictObject({
  displayName: z
    .string({ error: "Display name must be at least 2 characters." })
    .trim()
    .min(2, "Display name must be at least 2 characters.")
    .max(100, "Display name must be at most 100 characters.")
    .refine(...noControlCharacters("Display name")),
  email: emailSchema("Please enter a valid email address."),
  ...confirmationFields("Password is required to confirm changes."),
});

/** Change password; the new one also has to meet the password rule. */
export const changePasswordRequestSchema = z
  .strictObject({
    // Left out by an account without a password, which sets one here (confirmed by code or recent sign-in).
    currentPassword: z
      .string({ error: "Current password is required." })
      .min(1, "Current password is required.")
      .optional(),
    code: confirmationCodeSchema.optional(),
    newPassword: z
      .string({ error: `New password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
      .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
    confirmNewPassword: z.string({ error: "New passwords do not match." }),
  })
  .refine((value) => value.newPassword === value.confirmNewPassword, {
    message: "New passwords do not match.",
    path: ["confirmNewPassword"],
  });

/** Deactivate and delete: {password}, {code}, or {} after a recent sign-in through the provider. */
export const confirmPasswordRequestSchema = z.strictObject(confirmationFields("Password is required."));

/** POST /_api/user/confirmation-code: the code is on its way to the account's address. */
export const confirmationCodeResponseSchema = z.object({ message: z.string(), expiresAt: z.string() });

/** The answer of save and unsave: the fund's saved state after the call. */
export const saveFundResponseSchema = z.object({ saved: z.boolean(), fundId: idResponseSchema });

/** The answer of the account changes that only confirm what happened. */
export const messageResponseSchema = z.object({ message: z.string() });

/**
 * GET /_api/user/export-data: the file of everything stored about the person (no password hash, no
 * session token). Its sections are listed; their rows follow the tables they come from.
 */
export const dataExportSchema = z
  .object({
    exportedAt: z.string(),
    profile: z.looseObject({ id: idResponseSchema, email: z.string(), displayName: z.string().nullable() }),
    subscription: z.looseObject({}),
    savedFunds: z.array(z.looseObject({})),
    startupProfile: z.looseObject({}).nullable(),
    savedSearches: z.array(z.looseObject({})),
    signInProviders: z.array(z.object({ issuer: z.string(), linkedAt: z.string() })),
    sessions: z.array(z.looseObject({})),
    fundReports: z.array(z.looseObject({})),
    pitches: z.array(z.looseObject({})),
  })
  .describe("A JSON file (Content-Disposition: attachment) of everything stored about the signed-in user.");
