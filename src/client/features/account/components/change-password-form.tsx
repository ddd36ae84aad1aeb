import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { ApiError } from "../../../lib/api-client.js";
import { changePasswordFormSchema } from "../account-form-schemas.js";
import { messageOr, useChangePassword } from "../api/use-account-actions.js";

const EMPTY = { currentPassword: "", newPassword: "", confirmNewPassword: "" };

/** Account settings: the 'Change Password' card's form; it clears on success. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      toast.success(ACCOUNT_MESSAGES.passwordChanged);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && error.serverMessage) {
        form.setError("currentPassword", { message: error.serverMessage }, { shouldFocus: true });
      } else {
        // The server's password rule (upper and lower case, a digit) also arrives here, as a 400.
        toast.error(messageOr(error, ACCOUNT_MESSAGES.passwordChangeFailed));
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
        <FormField
          id="password-current"
          label={ACCOUNT_TEXTS.currentPassword}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
        <FormField
          id="password-new"
          label={ACCOUNT_TEXTS.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...form.register("newPassword", {
            // A confirmation the user has already left is checked again against the new value.
            onChange: () => {
              if (form.getFieldState("confirmNewPassword").isTouched) void form.trigger("confirmNewPassword");
            },
          })}
        />
        <FormField
          id="password-confirm"
          label={ACCOUNT_TEXTS.confirmNewPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmNewPassword?.message}
          {...form.register("confirmNewPassword")}
        />
      </fieldset>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? ACCOUNT_TEXTS.updating : ACCOUNT_TEXTS.updatePassword}
      </Button>
    </form>
  );
}
