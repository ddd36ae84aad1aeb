import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { ApiError } from "../../../lib/api-client.js";
import { updateProfileFormSchema } from "../account-form-schemas.js";
import { messageOr, useUpdateProfile } from "../api/use-account-actions.js";

/** Account settings: the 'Update Profile' card's form. */
export function UpdateProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(updateProfileFormSchema),
    defaultValues: { displayName: user.displayName, email: user.email, password: "" },
    // Validated on submit and on blur.
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  // The saved values come back as the session user; the password is never kept in the form.
  useEffect(() => {
    form.reset({ displayName: user.displayName, email: user.email, password: "" });
  }, [form, user.displayName, user.email]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(ACCOUNT_MESSAGES.profileUpdated);
    } catch (error) {
      // Errors that belong to one field are shown at that field; anything else as a toast.
      if (error instanceof ApiError && error.status === 401 && error.serverMessage) {
        form.setError("password", { message: error.serverMessage }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        form.setError("email", { message: error.serverMessage }, { shouldFocus: true });
      } else {
        toast.error(messageOr(error, ACCOUNT_MESSAGES.profileUpdateFailed));
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
        <FormField
          id="profile-display-name"
          label={ACCOUNT_TEXTS.displayName}
          autoComplete="nickname"
          error={errors.displayName?.message}
          {...form.register("displayName")}
        />
        <FormField
          id="profile-email"
          label={ACCOUNT_TEXTS.emailAddress}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <FormField
          id="profile-password"
          label={ACCOUNT_TEXTS.currentPassword}
          type="password"
          autoComplete="current-password"
          hint={ACCOUNT_TEXTS.currentPasswordHint}
          error={errors.password?.message}
          {...form.register("password")}
        />
      </fieldset>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? ACCOUNT_TEXTS.saving : ACCOUNT_TEXTS.saveChanges}
      </Button>
    </form>
  );
}
