import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import type { ConfirmationKind } from "../../../../shared/schemas/account.js";
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
import { type ConfirmPasswordValues, confirmPasswordFormSchema } from "../account-form-schemas.js";
import { confirmationDefaults } from "../api/use-account-actions.js";
import { ConfirmationField } from "./confirmation-field.js";

type PasswordConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  /** What else the confirmation does, said before the person confirms (a subscription's renewal). */
  note?: string | null;
  confirmLabel: string;
  /** How this session confirms: its password, an e-mailed code, or nothing after a recent sign-in. */
  confirmation: ConfirmationKind;
  recentSignInUntil: Date | null;
  /** Resolves with a message to show at the password or code field, or nothing when the page moves on. */
  onConfirm: (values: ConfirmPasswordValues) => Promise<string | undefined>;
};

/**
 * Deactivation and deletion are confirmed with the account's password; an account without one
 * confirms with an e-mailed code, or needs nothing after a recent sign-in through its provider.
 * The page mounts it again when the confirmation changes.
 */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  description,
  note,
  confirmLabel,
  confirmation,
  recentSignInUntil,
  onConfirm,
}: PasswordConfirmDialogProps) {
  const form = useForm({
    resolver: zodResolver(confirmPasswordFormSchema),
    defaultValues: confirmationDefaults(confirmation),
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch("password") ?? "";
  const code = form.watch("code") ?? "";
  const field = confirmation === "email_code" ? "code" : "password";
  // Nothing to send until the field the confirmation needs is filled in.
  const empty = (confirmation === "password" && password.length === 0) || (confirmation === "email_code" && !code);

  const onSubmit = form.handleSubmit(async (values) => {
    const fieldError = await onConfirm(values);
    if (fieldError) form.setError(field, { message: fieldError }, { shouldFocus: true });
  });

  const changeOpen = (next: boolean) => {
    // Closing mid-request would leave the outcome unseen.
    if (isSubmitting) return;
    // A password typed for one attempt is not kept for the next opening.
    if (!next) form.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {confirmation === "password" ? ACCOUNT_TEXTS.confirmTitle : ACCOUNT_TEXTS.confirmTitleNoPassword}
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {note && (
          <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {note}
          </p>
        )}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <ConfirmationField
            id="confirm"
            kind={confirmation}
            recentSignInUntil={recentSignInUntil}
            passwordLabel="Password"
            password={{ error: errors.password?.message, ...form.register("password") }}
            code={{ error: errors.code?.message, ...form.register("code") }}
            disabled={isSubmitting}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={empty || isSubmitting} className="bg-red-600 hover:bg-red-700">
              {isSubmitting && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
