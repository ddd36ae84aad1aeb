import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
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
import { confirmPasswordFormSchema } from "../account-form-schemas.js";

type PasswordConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  /** What else the confirmation does, said before the person confirms (a subscription's renewal). */
  note?: string | null;
  confirmLabel: string;
  /** Resolves with a message to show at the password field, or nothing when the page moves on. */
  onConfirm: (password: string) => Promise<string | undefined>;
};

/** Deactivation and deletion are confirmed with the account's password. */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  description,
  note,
  confirmLabel,
  onConfirm,
}: PasswordConfirmDialogProps) {
  const form = useForm({
    resolver: zodResolver(confirmPasswordFormSchema),
    defaultValues: { password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch("password");

  const onSubmit = form.handleSubmit(async ({ password: value }) => {
    const fieldError = await onConfirm(value);
    if (fieldError) form.setError("password", { message: fieldError }, { shouldFocus: true });
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
          <DialogTitle>{ACCOUNT_TEXTS.confirmTitle}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {note && (
          <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {note}
          </p>
        )}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <FormField
            id="confirm-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            disabled={isSubmitting}
            error={errors.password?.message}
            {...form.register("password")}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              disabled={password.length === 0 || isSubmitting}
              className="bg-red-600 hover:bg-red-700"
            >
              {isSubmitting && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
