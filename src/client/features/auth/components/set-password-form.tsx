import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormSetError, useForm } from "react-hook-form";
import { AUTH_TEXTS, SET_PASSWORD_TEXTS } from "../../../../shared/auth-texts.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { type SetPasswordFormValues, setPasswordFormSchema } from "../auth-form-schemas.js";

type SetPasswordFormProps = {
  /** Resolves when done; may put a server message at a field through `setError`. */
  onSubmit: (values: SetPasswordFormValues, setError: UseFormSetError<SetPasswordFormValues>) => Promise<unknown>;
  busy: boolean;
  /** The button's words; the set-password page's by default. */
  submitLabel?: string;
  pendingLabel?: string;
};

export function SetPasswordForm({
  onSubmit,
  busy,
  submitLabel = SET_PASSWORD_TEXTS.submit,
  pendingLabel = SET_PASSWORD_TEXTS.pending,
}: SetPasswordFormProps) {
  const form = useForm({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const disabled = busy || isSubmitting;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => onSubmit(values, form.setError))}
      className="flex flex-col gap-4"
      aria-busy={disabled}
    >
      <fieldset disabled={disabled} className="flex flex-col gap-4">
        <FormField
          id="set-password-new"
          label={SET_PASSWORD_TEXTS.newPassword}
          type="password"
          autoComplete="new-password"
          hint={AUTH_TEXTS.passwordHint}
          error={errors.password?.message}
          {...form.register("password", {
            // A confirmation the user has already left is checked again against the new value.
            onChange: () => {
              if (form.getFieldState("confirmPassword").isTouched) void form.trigger("confirmPassword");
            },
          })}
        />
        <FormField
          id="set-password-confirm"
          label={SET_PASSWORD_TEXTS.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
      </fieldset>
      <Button type="submit" size="lg" className="w-full" disabled={disabled}>
        {disabled ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
