import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import type { ConfirmationKind } from "../../../../shared/schemas/account.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { ApiError, messageOr } from "../../../lib/api-client.js";
import { updateProfileFormSchema } from "../account-form-schemas.js";
import {
  confirmationDefaults,
  isCodeNeeded,
  useRefreshConfirmation,
  useUpdateProfile,
} from "../api/use-account-actions.js";
import { ConfirmationField } from "./confirmation-field.js";

type UpdateProfileFormProps = { user: SessionUser; confirmation: ConfirmationKind; recentSignInUntil: Date | null };

/**
 * Account settings: the 'Update Profile' card's form, confirmed as this session must (the page
 * mounts it again when that changes).
 */
export function UpdateProfileForm({ user, confirmation, recentSignInUntil }: UpdateProfileFormProps) {
  const update = useUpdateProfile();
  const refreshConfirmation = useRefreshConfirmation();
  const blank = confirmationDefaults(confirmation);
  const form = useForm({
    resolver: zodResolver(updateProfileFormSchema),
    defaultValues: { displayName: user.displayName, email: user.email, ...blank },
    // Validated on submit and on blur.
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  // The saved values come back as the session user; the password or code is never kept in the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: blank follows confirmation, which remounts the form.
  useEffect(() => {
    form.reset({ displayName: user.displayName, email: user.email, ...blank });
  }, [form, user.displayName, user.email]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(ACCOUNT_MESSAGES.profileUpdated);
    } catch (error) {
      // Errors that belong to one field are shown at that field; anything else as a toast.
      if (error instanceof ApiError && error.status === 401 && error.serverMessage) {
        form.setError(
          confirmation === "email_code" ? "code" : "password",
          { message: error.serverMessage },
          {
            shouldFocus: true,
          },
        );
      } else if (isCodeNeeded(error)) {
        toast.error(messageOr(error, ACCOUNT_MESSAGES.profileUpdateFailed));
        void refreshConfirmation();
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
        <ConfirmationField
          id="profile"
          kind={confirmation}
          recentSignInUntil={recentSignInUntil}
          passwordLabel={ACCOUNT_TEXTS.currentPassword}
          passwordHint={ACCOUNT_TEXTS.currentPasswordHint}
          password={{ error: errors.password?.message, ...form.register("password") }}
          code={{ error: errors.code?.message, ...form.register("code") }}
          disabled={isSubmitting}
          explainRecentSignIn={false}
        />
      </fieldset>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? ACCOUNT_TEXTS.saving : ACCOUNT_TEXTS.saveChanges}
      </Button>
    </form>
  );
}
