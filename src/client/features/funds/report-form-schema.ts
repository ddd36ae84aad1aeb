import type { FieldErrors, Resolver } from "react-hook-form";
import {
  FUND_REPORT_TEXTS,
  isReportField,
  REPORT_NOTE_MAX,
  type ReportField,
} from "../../../shared/fund-report-texts.js";

export type ReportFormValues = { field: ReportField | ""; note: string };

/**
 * The 'Report outdated info' form's rules, the server's fundReportRequestSchema in the form's terms
 * (report-form-schema.test.ts holds them together, messages included): a field from the list and a
 * note of 1 to 1,000 characters once trimmed. A plain function: zod/mini's enum would grow the chunk
 * the home page's entry shares with every form (docs/decisions/0006).
 */
export function validateReport(values: { field?: unknown; note?: unknown }): {
  value?: { field: ReportField; note: string };
  errors: Partial<Record<"field" | "note", string>>;
} {
  const errors: Partial<Record<"field" | "note", string>> = {};
  const field = typeof values.field === "string" && isReportField(values.field) ? values.field : undefined;
  if (!field) errors.field = FUND_REPORT_TEXTS.fieldRequired;
  const note = typeof values.note === "string" ? values.note.trim() : "";
  if (!note) errors.note = FUND_REPORT_TEXTS.noteRequired;
  else if (note.length > REPORT_NOTE_MAX) errors.note = FUND_REPORT_TEXTS.noteTooLong;
  if (field && !errors.note) return { value: { field, note }, errors };
  return { errors };
}

export const reportFormResolver: Resolver<ReportFormValues> = async (values) => {
  const { value, errors } = validateReport(values);
  if (value) return { values: value, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      Object.entries(errors).map(([name, message]) => [name, { type: "validate", message }]),
    ) as FieldErrors<ReportFormValues>,
  };
};
