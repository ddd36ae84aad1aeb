import { useMutation } from "@tanstack/react-query";
import { Flag, LoaderCircle, LogIn } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { toast } from "sonner";
import {
  FUND_REPORT_TEXTS,
  REPORT_FIELD_LABELS,
  REPORT_FIELDS,
  REPORT_NOTE_MAX,
} from "../../../../shared/fund-report-texts.js";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.js";
import { ApiError, apiPost } from "../../../lib/api-client.js";
import { cn } from "../../../lib/utils.js";
import { type ReportFormValues, reportFormResolver } from "../report-form-schema.js";

type ReportDialogProps = {
  fundId: number;
  fundName: string;
  signedIn: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'Report outdated info': a signed-in user names the field and writes what is correct now; a
 * visitor is asked to log in first (reports come from accounts, so the data team can follow up).
 */
export function ReportDialog({ fundId, fundName, signedIn, open, onOpenChange }: ReportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {signedIn ? (
          <ReportForm fundId={fundId} fundName={fundName} onDone={() => onOpenChange(false)} />
        ) : (
          <SignInPrompt />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <>
      <DialogHeader>
        <DialogTitle>{FUND_REPORT_TEXTS.signInTitle}</DialogTitle>
        <DialogDescription>{FUND_REPORT_TEXTS.signInText}</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{FUND_REPORT_TEXTS.cancel}</Button>
        </DialogClose>
        <Button asChild>
          <Link to="/login" state={{ from: location.pathname }}>
            <LogIn aria-hidden="true" />
            {FUND_REPORT_TEXTS.signIn}
          </Link>
        </Button>
      </DialogFooter>
    </>
  );
}

function ReportForm({ fundId, fundName, onDone }: { fundId: number; fundName: string; onDone: () => void }) {
  const form = useForm<ReportFormValues>({
    resolver: reportFormResolver,
    defaultValues: { field: "", note: "" },
    mode: "onBlur",
  });
  const { control, register, handleSubmit, formState, watch } = form;
  const send = useMutation({
    mutationFn: (values: ReportFormValues) => apiPost(`/_api/funds/${fundId}/reports`, values),
    onSuccess: () => {
      toast.success(FUND_REPORT_TEXTS.sent);
      onDone();
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : FUND_REPORT_TEXTS.failed);
    },
  });
  const noteLength = watch("note")?.length ?? 0;
  const fieldError = formState.errors.field?.message;
  const noteError = formState.errors.note?.message;

  return (
    <form noValidate onSubmit={handleSubmit((values) => send.mutate(values))} className="grid gap-5">
      <DialogHeader>
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700 sm:mx-0">
          <Flag className="size-6" aria-hidden="true" />
        </span>
        <DialogTitle>{FUND_REPORT_TEXTS.title}</DialogTitle>
        <DialogDescription>
          {fundName}. {FUND_REPORT_TEXTS.description}
        </DialogDescription>
      </DialogHeader>
      <Controller
        control={control}
        name="field"
        render={({ field }) => (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="report-field" className="text-sm font-medium text-slate-800">
              {FUND_REPORT_TEXTS.fieldLabel}
            </label>
            <Select value={field.value} onValueChange={field.onChange} disabled={send.isPending}>
              <SelectTrigger
                id="report-field"
                onBlur={field.onBlur}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? "report-field-error" : undefined}
              >
                <SelectValue placeholder={FUND_REPORT_TEXTS.fieldPlaceholder}>
                  {field.value ? REPORT_FIELD_LABELS[field.value as keyof typeof REPORT_FIELD_LABELS] : null}
                </SelectValue>
              </SelectTrigger>
              <SelectContent>
                {REPORT_FIELDS.map((code) => (
                  <SelectItem key={code} value={code}>
                    {REPORT_FIELD_LABELS[code]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {fieldError && (
              <p id="report-field-error" className="text-xs font-medium text-red-700">
                {fieldError}
              </p>
            )}
          </div>
        )}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="report-note" className="text-sm font-medium text-slate-800">
          {FUND_REPORT_TEXTS.noteLabel}
        </label>
        <textarea
          id="report-note"
          rows={4}
          maxLength={REPORT_NOTE_MAX}
          placeholder={FUND_REPORT_TEXTS.notePlaceholder}
          disabled={send.isPending}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={cn("report-note-count", noteError && "report-note-error")}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs outline-hidden placeholder:text-slate-500 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 aria-invalid:border-red-600 sm:text-sm"
          {...register("note")}
        />
        <div className="flex justify-between gap-3 text-xs">
          <span id="report-note-error" className="font-medium text-red-700">
            {noteError}
          </span>
          <span id="report-note-count" className="shrink-0 text-slate-600">
            {noteLength.toLocaleString("en-US")} / {REPORT_NOTE_MAX.toLocaleString("en-US")}
          </span>
        </div>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={send.isPending}>
            {FUND_REPORT_TEXTS.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
          {send.isPending ? FUND_REPORT_TEXTS.submitting : FUND_REPORT_TEXTS.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}
