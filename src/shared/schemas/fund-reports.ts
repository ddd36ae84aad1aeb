import { z } from "zod";
import {
  FUND_REPORT_TEXTS,
  REPORT_FIELDS,
  REPORT_NOTE_MAX,
  REPORT_OUTCOMES,
  REPORT_REPLY_MAX,
  REPORT_STATUSES,
} from "../fund-report-texts.js";
import { idResponseSchema, idSchema, noControlCharacters } from "./fields.js";

/** POST /_api/funds/:id/reports body: which field is outdated and a short note. */
export const fundReportRequestSchema = z.strictObject(
  {
    field: z.enum(REPORT_FIELDS, { error: FUND_REPORT_TEXTS.fieldRequired }),
    note: z
      .string({ error: FUND_REPORT_TEXTS.noteRequired })
      .trim()
      .min(1, FUND_REPORT_TEXTS.noteRequired)
      .max(REPORT_NOTE_MAX, FUND_REPORT_TEXTS.noteTooLong)
      .refine(...noControlCharacters("The note", "multi-line")),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown field(s) in the report: ${issue.keys.join(", ")}.`
        : "The report must be a JSON object.",
  },
);

export type FundReportRequest = z.infer<typeof fundReportRequestSchema>;

export const fundReportSchema = z.object({
  id: idResponseSchema,
  fundId: idResponseSchema,
  field: z.enum(REPORT_FIELDS),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});

export const fundReportCreatedResponseSchema = z.object({ report: fundReportSchema });

/** A report as admins see it: the fund, the note, and the reporter's account (nothing else is stored about them). */
export const adminFundReportSchema = fundReportSchema.extend({
  note: z.string(),
  fundName: z.string(),
  reporter: z.object({ id: idResponseSchema, displayName: z.string(), email: z.string() }),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  changedFields: z.array(z.enum(REPORT_FIELDS)),
  reply: z.string(),
  /** When the reporter was e-mailed the answer (once per report); null until then. */
  reporterNotifiedAt: z.string().nullable(),
});

export type AdminFundReport = z.infer<typeof adminFundReportSchema>;

export const adminFundReportsQuerySchema = z.strictObject(
  { status: z.enum(REPORT_STATUSES, { error: "status must be open or done." }).optional() },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown parameter(s): ${issue.keys.join(", ")}.` : "Invalid parameters.",
  },
);

/** The newest reports of one status (at most ADMIN_REPORTS_LIMIT) and how many there are of each. */
export const ADMIN_REPORTS_LIMIT = 500;
export const adminFundReportsResponseSchema = z.object({
  reports: z.array(adminFundReportSchema),
  counts: z.object({ open: z.number().int().nonnegative(), done: z.number().int().nonnegative() }),
});

export type AdminFundReportsResponse = z.infer<typeof adminFundReportsResponseSchema>;

/** POST /_api/admin/fund-report-action: mark a report done, or reopen it. */
export const FUND_REPORT_ACTIONS = ["mark_done", "reopen"] as const;
/**
 * Marking done says what happened: `updated` with the fields that changed on the fund, or `unchanged`
 * with a reply that says why (a reply is optional when the fund was updated). Reopening takes nothing else.
 */
export const fundReportActionRequestSchema = z
  .strictObject(
    {
      reportId: idSchema("reportId"),
      action: z.enum(FUND_REPORT_ACTIONS, { error: `action must be one of: ${FUND_REPORT_ACTIONS.join(", ")}.` }),
      outcome: z.enum(REPORT_OUTCOMES, { error: FUND_REPORT_TEXTS.outcomeRequired }).optional(),
      changedFields: z
        .array(z.enum(REPORT_FIELDS, { error: `changedFields may hold: ${REPORT_FIELDS.join(", ")}.` }), {
          error: "changedFields must be a list of fields.",
        })
        .max(REPORT_FIELDS.length, "changedFields lists each field at most once.")
        .optional(),
      reply: z
        .string({ error: "reply must be text." })
        .trim()
        .max(REPORT_REPLY_MAX, FUND_REPORT_TEXTS.replyTooLong)
        .refine(...noControlCharacters("The reply", "multi-line"))
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown field(s): ${issue.keys.join(", ")}.`
          : "The request must be a JSON object.",
    },
  )
  .superRefine((request, context) => {
    const issue = (message: string) => context.addIssue({ code: "custom", message });
    if (request.action === "reopen") {
      if (request.outcome !== undefined || request.changedFields !== undefined || request.reply !== undefined) {
        issue("Reopening takes no outcome, changed fields or reply.");
      }
      return;
    }
    if (!request.outcome) return issue(FUND_REPORT_TEXTS.outcomeRequired);
    const fields = request.changedFields ?? [];
    if (new Set(fields).size !== fields.length) return issue("changedFields lists each field at most once.");
    if (request.outcome === "updated" && fields.length === 0) return issue(FUND_REPORT_TEXTS.changedFieldsRequired);
    if (request.outcome === "unchanged" && fields.length > 0) {
      return issue(FUND_REPORT_TEXTS.changedFieldsOnlyWhenUpdated);
    }
    if (request.outcome === "unchanged" && !request.reply) return issue(FUND_REPORT_TEXTS.replyRequired);
  });

export type FundReportActionRequest = z.infer<typeof fundReportActionRequestSchema>;

export const fundReportActionResponseSchema = z.object({ report: adminFundReportSchema });

/** GET /_api/user/reports: the signed-in user's own reports, newest first, with the admin's answer once done. */
export const userFundReportSchema = fundReportSchema.extend({
  fundName: z.string(),
  note: z.string(),
  resolvedAt: z.string().nullable(),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  changedFields: z.array(z.enum(REPORT_FIELDS)),
  reply: z.string(),
});
export type UserFundReport = z.infer<typeof userFundReportSchema>;

export const userFundReportsResponseSchema = z.object({ reports: z.array(userFundReportSchema) });
export type UserFundReportsResponse = z.infer<typeof userFundReportsResponseSchema>;
