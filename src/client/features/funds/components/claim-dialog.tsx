import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { BadgeCheck, LoaderCircle, LogIn, MailCheck, TriangleAlert, UserCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { CLAIM_NOTE_MAX, CLAIM_TEXTS, type ClaimOutcome } from "../../../../shared/fund-claim-texts.js";
import { FormField } from "../../../components/form-field.js";
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
import { ApiError, apiPost } from "../../../lib/api-client.js";
import { cn } from "../../../lib/utils.js";
import { type ClaimFormValues, claimFormSchema } from "../claim-form-schema.js";

type ClaimDialogProps = {
  fundId: number;
  fundName: string;
  signedIn: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * "Claim this profile": a signed-in user gives a work address (and a note for the admins, used when
 * the address is not at the fund's domain); a visitor is asked to log in first.
 */
export function ClaimDialog({ fundId, fundName, signedIn, open, onOpenChange }: ClaimDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {signedIn ? <ClaimForm fundId={fundId} fundName={fundName} /> : <SignInPrompt />}
      </DialogContent>
    </Dialog>
  );
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <>
      <DialogHeader>
        <DialogTitle>{CLAIM_TEXTS.signInTitle}</DialogTitle>
        <DialogDescription>{CLAIM_TEXTS.signInText}</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{CLAIM_TEXTS.cancel}</Button>
        </DialogClose>
        <Button asChild>
          <Link to="/login" state={{ from: location.pathname }}>
            <LogIn aria-hidden="true" />
            {CLAIM_TEXTS.signIn}
          </Link>
        </Button>
      </DialogFooter>
    </>
  );
}

function ClaimForm({ fundId, fundName }: { fundId: number; fundName: string }) {
  const [outcome, setOutcome] = useState<ClaimOutcome | null>(null);
  const form = useForm<ClaimFormValues>({
    resolver: zodResolver(claimFormSchema),
    defaultValues: { email: "", note: "" },
    mode: "onBlur",
  });
  const { register, handleSubmit, formState, watch } = form;
  const send = useMutation({
    mutationFn: (values: ClaimFormValues) =>
      apiPost<{ status: ClaimOutcome }>(`/_api/funds/${fundId}/claim`, {
        email: values.email,
        ...(values.note ? { note: values.note } : {}),
      }),
    onSuccess: (answer) => setOutcome(answer.status),
  });
  const noteLength = watch("note")?.length ?? 0;
  const noteError = formState.errors.note?.message;

  if (outcome) {
    const sent = outcome === "verification_sent";
    return (
      <div role="status" className="grid gap-5">
        <DialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 sm:mx-0">
            {sent ? (
              <MailCheck className="size-6" aria-hidden="true" />
            ) : (
              <UserCheck className="size-6" aria-hidden="true" />
            )}
          </span>
          <DialogTitle>{sent ? CLAIM_TEXTS.sentTitle : CLAIM_TEXTS.reviewTitle}</DialogTitle>
          <DialogDescription>{sent ? CLAIM_TEXTS.sentText : CLAIM_TEXTS.reviewText}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button>{CLAIM_TEXTS.close}</Button>
          </DialogClose>
        </DialogFooter>
      </div>
    );
  }

  const failure = send.error
    ? send.error instanceof ApiError && send.error.serverMessage
      ? send.error.serverMessage
      : CLAIM_TEXTS.failed
    : null;

  return (
    <form noValidate onSubmit={handleSubmit((values) => send.mutate(values))} className="grid gap-5">
      <DialogHeader>
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 sm:mx-0">
          <BadgeCheck className="size-6" aria-hidden="true" />
        </span>
        <DialogTitle>{CLAIM_TEXTS.title}</DialogTitle>
        <DialogDescription>
          {fundName}. {CLAIM_TEXTS.description}
        </DialogDescription>
      </DialogHeader>
      {failure && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {failure}
        </p>
      )}
      <FormField
        id="claim-email"
        label={CLAIM_TEXTS.emailLabel}
        type="email"
        autoComplete="email"
        placeholder={CLAIM_TEXTS.emailPlaceholder}
        disabled={send.isPending}
        error={formState.errors.email?.message}
        {...register("email")}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="claim-note" className="text-sm font-medium text-slate-800">
          {CLAIM_TEXTS.noteLabel}
        </label>
        <textarea
          id="claim-note"
          rows={3}
          maxLength={CLAIM_NOTE_MAX}
          placeholder={CLAIM_TEXTS.notePlaceholder}
          disabled={send.isPending}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={cn("claim-note-hint", noteError && "claim-note-error")}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs outline-hidden placeholder:text-slate-500 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 aria-invalid:border-red-600 sm:text-sm"
          {...register("note")}
        />
        <div className="flex justify-between gap-3 text-xs">
          <span id="claim-note-hint" className="text-slate-600">
            {noteError ? (
              <span id="claim-note-error" className="font-medium text-red-700">
                {noteError}
              </span>
            ) : (
              CLAIM_TEXTS.noteHint
            )}
          </span>
          <span className="shrink-0 text-slate-600">
            {noteLength.toLocaleString("en-US")} / {CLAIM_NOTE_MAX.toLocaleString("en-US")}
          </span>
        </div>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={send.isPending}>
            {CLAIM_TEXTS.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
          {send.isPending ? CLAIM_TEXTS.submitting : CLAIM_TEXTS.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}
