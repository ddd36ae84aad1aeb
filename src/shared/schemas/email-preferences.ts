import { z } from "zod";
import { EMAIL_KINDS, type EmailKind } from "../email-texts.js";
import { noControlCharacters } from "./fields.js";

export { EMAIL_KIND_TEXTS, EMAIL_KINDS, type EmailKind } from "../email-texts.js";

const onOff = (kind: EmailKind) => z.boolean({ error: `${kind} must be true or false.` });

/**
 * The switches as Settings shows them. `saved_search_alerts` is on while at least one saved search
 * has its weekly e-mail on: the saved searches' own switches are the one truth, and `saved_searches`
 * says how many there are and how many alert, so Settings can say so.
 */
export const emailPreferencesSchema = z.object({
  saved_search_alerts: z.boolean(),
  pipeline_reminders: z.boolean(),
  pitch_digest: z.boolean(),
  saved_searches: z.object({ total: z.number().int().min(0), alerting: z.number().int().min(0) }),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/**
 * Any of the switches; the others stay as they are. `saved_search_alerts` switches the weekly e-mail
 * of every saved search the account has.
 */
export const emailPreferencesUpdateSchema = z
  .strictObject(
    {
      saved_search_alerts: onOff("saved_search_alerts").optional(),
      pipeline_reminders: onOff("pipeline_reminders").optional(),
      pitch_digest: onOff("pitch_digest").optional(),
    },
    { error: `Unknown field. Send any of: ${EMAIL_KINDS.join(", ")}.` },
  )
  .refine((update) => Object.keys(update).length > 0, { error: `Send at least one of: ${EMAIL_KINDS.join(", ")}.` });
export type EmailPreferencesUpdate = z.infer<typeof emailPreferencesUpdateSchema>;

/** The one-click unsubscribe (RFC 8058): the token travels in the URL the List-Unsubscribe header names. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: "The unsubscribe link is incomplete: it has no token." })
    .max(1000, { error: "This unsubscribe link is not valid." })
    .refine(...noControlCharacters("token", "single-line")),
});

/**
 * The GET of the List-Unsubscribe URL (a person opening it, a mail scanner): only led on to the
 * page, with the token if it has one; the same text rule as the POST's.
 */
export const unsubscribeLinkQuerySchema = z.object({ token: unsubscribeQuerySchema.shape.token.optional() });

export const unsubscribeResponseSchema = z.object({ kind: z.enum(EMAIL_KINDS), message: z.string() });
