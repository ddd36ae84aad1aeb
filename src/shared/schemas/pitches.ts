import { z } from "zod";
import {
  charCount,
  PASS_REASONS,
  PITCH_DECISIONS,
  PITCH_DECK_URL_MAX,
  PITCH_MESSAGE_MAX,
  PITCH_MESSAGE_MIN,
  PITCH_NOTE_MAX,
  PITCH_STARTUP_NAME_MAX,
  PITCH_STATUSES,
  PITCH_TEXTS,
} from "../pitches.js";
import { noControlCharacters } from "./fields.js";
import { industryCodeSchema, stageCodeSchema } from "./funds.js";

/**
 * Pitching through FundMatch (issue 39): the founder's pitch, the fund team's inbox and answer, and
 * the founder's list. The pitch itself is multipart (the deck is a file): its text fields are
 * checked by `pitchFormFieldsSchema` after the upload was read.
 */

/** The text fields of `POST /_api/funds/:id/pitches` (multipart/form-data). */
export const pitchFormFieldsSchema = z.object({
  message: z
    .string({ error: `The message must be ${PITCH_MESSAGE_MIN} to ${PITCH_MESSAGE_MAX} characters.` })
    .trim()
    .refine(
      (text) => charCount(text) >= PITCH_MESSAGE_MIN && charCount(text) <= PITCH_MESSAGE_MAX,
      `The message must be ${PITCH_MESSAGE_MIN} to ${PITCH_MESSAGE_MAX} characters.`,
    )
    .refine(...noControlCharacters("The message", "multi-line")),
  startupName: z
    .string({ error: "The startup's name is required." })
    .trim()
    .min(1, "The startup's name is required.")
    .max(PITCH_STARTUP_NAME_MAX, `The startup's name must be at most ${PITCH_STARTUP_NAME_MAX} characters.`)
    .refine(...noControlCharacters("The startup's name")),
  deckUrl: z
    .string()
    .trim()
    .max(PITCH_DECK_URL_MAX, PITCH_TEXTS.deckUrl)
    .refine(...noControlCharacters("The deck link"))
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isHttpsAddress(value), PITCH_TEXTS.deckUrl),
});
export type PitchFormFields = z.output<typeof pitchFormFieldsSchema>;

/** The multipart form, for the API's reference page only (the route reads the parts itself). */
export const pitchUploadFormSchema = z.object({
  message: z.string().describe(`${PITCH_MESSAGE_MIN} to ${PITCH_MESSAGE_MAX} characters.`),
  startupName: z.string(),
  deck: z.string().describe("The deck: a PDF of at most 20 MB (or give deckUrl).").optional(),
  deckUrl: z.string().describe("An https link to the deck (or attach deck).").optional(),
});

export function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const pitchStatusSchema = z.enum(PITCH_STATUSES);

/** 201 of `POST /_api/funds/:id/pitches`. */
export const pitchCreatedResponseSchema = z.object({
  pitch: z.object({ id: z.string(), status: z.literal("sent"), fundId: z.number(), sentAt: z.string() }),
});

/** A pitch's id in a path: random, 22 URL-safe characters (never guessable, never a count). */
export const pitchParamsSchema = z.strictObject({
  id: z
    .string({ error: "The fund id must be a positive integer." })
    .regex(/^\d{1,10}$/, "The fund id must be a positive integer.")
    .transform(Number)
    .pipe(z.number().int().positive("The fund id must be a positive integer.").max(2_147_483_647)),
  pitchId: z.string().regex(/^[A-Za-z0-9_-]{22}$/, PITCH_TEXTS.notFound),
});

export const userPitchParamsSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, PITCH_TEXTS.notFound),
});

/** The inbox's filters (`GET /_api/investor/funds/:id/pitches`). */
export const pitchInboxQuerySchema = z.strictObject({
  status: pitchStatusSchema.exclude(["withdrawn"]).optional(),
  stage: stageCodeSchema.optional(),
  sector: industryCodeSchema.optional(),
  country: z
    .string()
    .trim()
    .max(100)
    .refine(...noControlCharacters("country"))
    .optional(),
});

export const deckSchema = z.object({ pages: z.number().int(), bytes: z.number().int() });

export const inboxPitchSchema = z.object({
  id: z.string(),
  status: pitchStatusSchema,
  startup: z.object({
    name: z.string(),
    stage: stageCodeSchema.nullable(),
    sectors: z.array(industryCodeSchema),
    country: z.string().nullable(),
    raiseAmountUsd: z.number().nullable(),
    description: z.string().nullable(),
  }),
  message: z.string(),
  deck: deckSchema.nullable(),
  deckUrl: z.string().nullable(),
  sentAt: z.string(),
  answeredAt: z.string().nullable(),
  decision: z.enum(PITCH_DECISIONS).nullable(),
  reason: z.enum(PASS_REASONS).nullable(),
  note: z.string().nullable(),
  spamReported: z.boolean(),
  /** The history: sent, each view by a member, the answer. */
  history: z.array(
    z.object({ at: z.string(), event: z.enum(["sent", "viewed", "meeting", "passed"]), by: z.string().nullable() }),
  ),
});
export type InboxPitch = z.infer<typeof inboxPitchSchema>;

export const pitchInboxResponseSchema = z.object({ pitches: z.array(inboxPitchSchema) });
export type PitchInboxResponse = z.infer<typeof pitchInboxResponseSchema>;

/** `POST /_api/investor/funds/:id/pitches/:pitchId/answer`. */
export const pitchAnswerRequestSchema = z
  .strictObject(
    {
      decision: z.enum(PITCH_DECISIONS, { error: "The decision must be 'meeting' or 'pass'." }),
      reason: z.enum(PASS_REASONS, { error: `The reason must be one of: ${PASS_REASONS.join(", ")}.` }).optional(),
      note: z
        .string({ error: "The note must be text." })
        .trim()
        .refine((text) => charCount(text) <= PITCH_NOTE_MAX, `The note must be at most ${PITCH_NOTE_MAX} characters.`)
        .refine(...noControlCharacters("The note", "multi-line"))
        .optional()
        .transform((text) => (text ? text : undefined)),
    },
    { error: "The answer must be a JSON object with a decision." },
  )
  .refine((body) => body.decision === "pass" || body.reason === undefined, {
    message: PITCH_TEXTS.reasonOnlyForPass,
    path: ["reason"],
  })
  .refine((body) => body.decision !== "pass" || body.reason !== undefined, {
    message: PITCH_TEXTS.reasonRequired,
    path: ["reason"],
  });
export type PitchAnswerRequest = z.infer<typeof pitchAnswerRequestSchema>;

export const pitchAnswerResponseSchema = z.object({ pitch: inboxPitchSchema });

/** The pages a member looked at in the in-page viewer, reported after the deck was fetched. */
export const deckPagesRequestSchema = z.strictObject(
  { pages: z.array(z.number().int().min(1).max(10_000)).min(1).max(1000) },
  { error: "Send the pages viewed as {pages: [1, 2, …]}." },
);

/** `GET /_api/user/pitches`. */
export const userPitchSchema = z.object({
  id: z.string(),
  fundId: z.number(),
  fundName: z.string(),
  status: pitchStatusSchema,
  sentAt: z.string(),
  answeredAt: z.string().nullable(),
  decision: z.enum(PITCH_DECISIONS).nullable(),
  reason: z.enum(PASS_REASONS).nullable(),
  note: z.string().nullable(),
  deckViews: z.object({ opened: z.number().int(), pagesViewed: z.number().int(), lastViewedAt: z.string().nullable() }),
});
export type UserPitch = z.infer<typeof userPitchSchema>;
export const userPitchesResponseSchema = z.object({ pitches: z.array(userPitchSchema) });

/** The admins' list of pitches reported as spam. */
export const adminSpamPitchesResponseSchema = z.object({
  pitches: z.array(
    z.object({
      id: z.string(),
      fund: z.object({ id: z.number(), name: z.string() }),
      founder: z.object({ id: z.number(), displayName: z.string(), email: z.string() }),
      startupName: z.string(),
      message: z.string(),
      sentAt: z.string(),
      reportedAt: z.string(),
      reportedBy: z.string().nullable(),
    }),
  ),
});
