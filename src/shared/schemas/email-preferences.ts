import { z } from "zod";
import { noControlCharacters } from "./fields.js";

/** The optional e-mails, each with its own switch. Transactional mail (passwords, payments) has none. */
export const EMAIL_KINDS = ["saved_search_alerts", "pipeline_reminders"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What Settings shows for each kind. */
export const EMAIL_KIND_TEXTS: Record<EmailKind, { label: string; description: string }> = {
  saved_search_alerts: {
    label: "Saved search alerts",
    description: "An e-mail when new funds match one of your saved searches.",
  },
  pipeline_reminders: {
    label: "Pipeline reminders",
    description: "An e-mail when a next step in your fundraising pipeline is due.",
  },
};

const onOff = (kind: EmailKind) => z.boolean({ error: `${kind} must be true or false.` });

export const emailPreferencesSchema = z.object({
  saved_search_alerts: z.boolean(),
  pipeline_reminders: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** Any of the switches; the others stay as they are. */
export const emailPreferencesUpdateSchema = z
  .strictObject(
    {
      saved_search_alerts: onOff("saved_search_alerts").optional(),
      pipeline_reminders: onOff("pipeline_reminders").optional(),
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

export const unsubscribeResponseSchema = z.object({ kind: z.enum(EMAIL_KINDS), message: z.string() });
