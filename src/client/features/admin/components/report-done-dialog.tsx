import { CheckCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  FUND_REPORT_TEXTS,
  REPORT_FIELD_LABELS,
  REPORT_FIELDS,
  REPORT_OUTCOME_LABELS,
  REPORT_OUTCOMES,
  REPORT_REPLY_MAX,
  type ReportField,
  type ReportOutcome,
} from "../../../../shared/fund-report-texts.js";
import type { AdminFundReport } from "../../../../shared/schemas/fund-reports.js";
import { hasControlCharacters } from "../../../../shared/text-rules.js";
import { Button } from "../../../components/ui/button.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.js";
import { Textarea } from "../../../components/ui/textarea.js";

export type ReportAnswer = { outcome: ReportOutcome; changedFields?: ReportField[]; reply?: string };

/** The same rules as the server's schema, said before sending; the server decides all the same. */
function problemOf(outcome: ReportOutcome | undefined, fields: ReportField[], reply: string): string | undefined {
  if (!outcome) return FUND_REPORT_TEXTS.outcomeRequired;
  if (outcome === "updated" && fields.length === 0) return FUND_REPORT_TEXTS.changedFieldsRequired;
  if (outcome === "unchanged" && !reply.trim()) return FUND_REPORT_TEXTS.replyRequired;
  if ([...reply.trim()].length > REPORT_REPLY_MAX) return FUND_REPORT_TEXTS.replyTooLong;
  if (hasControlCharacters(reply, "multi-line")) return "The reply must not contain control characters.";
  return undefined;
}

/**
 * Closing a report: fund updated (and which fields changed, the reported one ticked to start) or
 * nothing needed to change (a reply is required then, to say why). The reporter is e-mailed once.
 */
export function ReportDoneDialog({
  report,
  pending,
  onOpenChange,
  onSubmit,
}: {
  report: AdminFundReport | undefined;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (answer: ReportAnswer) => void;
}) {
  return (
    <Dialog open={report !== undefined} onOpenChange={onOpenChange}>
      <DialogContent>
        {report && <DoneForm key={report.id} report={report} pending={pending} onSubmit={onSubmit} />}
      </DialogContent>
    </Dialog>
  );
}

function DoneForm({
  report,
  pending,
  onSubmit,
}: {
  report: AdminFundReport;
  pending: boolean;
  onSubmit: (answer: ReportAnswer) => void;
}) {
  const id = useId();
  const [outcome, setOutcome] = useState<ReportOutcome | undefined>(undefined);
  const [fields, setFields] = useState<ReportField[]>(report.field === "other" ? [] : [report.field]);
  const [reply, setReply] = useState("");
  const [shown, setShown] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(outcome, fields, reply);
    setShown(problem);
    if (problem || !outcome) return;
    onSubmit({
      outcome,
      ...(outcome === "updated" ? { changedFields: fields } : {}),
      ...(reply.trim() ? { reply: reply.trim() } : {}),
    });
  };
  const toggle = (field: ReportField, on: boolean) => {
    setFields((current) => (on ? [...current, field] : current.filter((item) => item !== field)));
    setShown(undefined);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{FUND_REPORT_TEXTS.doneTitle}</DialogTitle>
        <DialogDescription>
          {report.fundName}, {REPORT_FIELD_LABELS[report.field]}. {FUND_REPORT_TEXTS.doneDescription}
        </DialogDescription>
      </DialogHeader>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">{FUND_REPORT_TEXTS.outcomeLabel}</legend>
        {REPORT_OUTCOMES.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-outcome`}
              value={option}
              checked={outcome === option}
              onChange={() => {
                setOutcome(option);
                setShown(undefined);
              }}
              className="size-4 accent-indigo-700"
            />
            {REPORT_OUTCOME_LABELS[option]}
          </label>
        ))}
      </fieldset>
      {outcome === "updated" && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">{FUND_REPORT_TEXTS.changedFieldsLabel}</legend>
          <div className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2">
            {REPORT_FIELDS.filter((field) => field !== "other").map((field) => (
              <label key={field} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={fields.includes(field)}
                  onChange={(event) => toggle(field, event.target.checked)}
                  className="size-4 accent-indigo-700"
                />
                {REPORT_FIELD_LABELS[field]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-reply`} className="text-sm font-medium text-slate-900">
          {FUND_REPORT_TEXTS.replyLabel}
          {outcome !== "unchanged" && <span className="font-normal text-slate-600"> (optional)</span>}
        </label>
        <Textarea
          id={`${id}-reply`}
          value={reply}
          onChange={(event) => {
            setReply(event.target.value);
            setShown(undefined);
          }}
          placeholder={FUND_REPORT_TEXTS.replyPlaceholder}
          maxLength={REPORT_REPLY_MAX}
          rows={3}
        />
        <p className="text-xs text-slate-600 tabular-nums">
          {[...reply].length}/{REPORT_REPLY_MAX}
        </p>
      </div>
      {shown && (
        <p role="alert" className="text-sm text-red-700">
          {shown}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {FUND_REPORT_TEXTS.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          <CheckCheck aria-hidden="true" />
          {FUND_REPORT_TEXTS.markDone}
        </Button>
      </DialogFooter>
    </form>
  );
}
