import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import { PASSWORD_RULE_MESSAGE } from "../../../../shared/password-rules.js";
import type { ConfirmationKind } from "../../../../shared/schemas/account.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { ApiError, messageOr } from "../../../lib/api-client.js";
import { type ChangePasswordValues, changePasswordFormSchema } from "../account-form-schemas.js";
import { isCodeNeeded, useChangePassword, useRefreshConfirmation } from "../api/use-account-actions.js";
import { ConfirmationField } from "./confirmation-field.js";

type ChangePasswordFormProps = { confirmation: ConfirmationKind; recentSignInUntil: Date | null };

/** What the server's 400s say about one field, mapped to it; the rest is a toast. */
const CODE_FORMAT_MESSAGE = /^Enter the \d+-digit code/;

/**
 * Account settings: the 'Change Password' card's form; it clears on success. An account without a
 * password sets one here: no current password to ask for, confirmed like any other change.
 */
export function ChangePasswordForm({ confirmation, recentSignInUntil }: ChangePasswordFormProps) {
  const change = useChangePassword();
  const refreshConfirmation = useRefreshConfirmation();
  const empty: ChangePasswordValues = {
    newPassword: "",
    confirmNewPassword: "",
    ...(confirmation === "password" ? { currentPassword: "" } : confirmation === "email_code" ? { code: "" } : {}),
  };
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: empty,
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  // The fields are disabled while the request runs: the one the server faulted is focused once they
  // are enabled again, not from inside the submit (a disabled input takes no focus).
  const focusAfterSubmit = useRef<keyof ChangePasswordValues | null>(null);
  useEffect(() => {
    if (isSubmitting || !focusAfterSubmit.current) return;
    form.setFocus(focusAfterSubmit.current);
    focusAfterSubmit.current = null;
  }, [isSubmitting, form]);
  const showAtField = (field: keyof ChangePasswordValues, message: string) => {
    form.setError(field, { message });
    focusAfterSubmit.current = field;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(empty);
      toast.success(confirmation === "password" ? ACCOUNT_MESSAGES.passwordChanged : ACCOUNT_MESSAGES.passwordSet);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      if (error instanceof ApiError && error.status === 401 && message) {
        showAtField(confirmation === "email_code" ? "code" : "currentPassword", message);
      } else if (error instanceof ApiError && error.status === 400 && message === PASSWORD_RULE_MESSAGE) {
        // The password rule (upper and lower case, a digit) is the server's: shown at the field like the others.
        showAtField("newPassword", message);
      } else if (error instanceof ApiError && error.status === 400 && message && CODE_FORMAT_MESSAGE.test(message)) {
        showAtField("code", message);
      } else if (isCodeNeeded(error)) {
        toast.error(messageOr(error, ACCOUNT_MESSAGES.passwordChangeFailed));
        void refreshConfirmation();
      } else {
        toast.error(messageOr(error, ACCOUNT_MESSAGES.passwordChangeFailed));
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={isSubmitting}>
      {confirmation !== "password" && <p className="text-sm text-slate-600">{ACCOUNT_TEXTS.setPasswordHint}</p>}
      <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
        {confirmation === "password" && (
          <FormField
            id="password-current"
            label={ACCOUNT_TEXTS.currentPassword}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register("currentPassword")}
          />
        )}
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
        {confirmation !== "password" && (
          <ConfirmationField
            id="password-set"
            kind={confirmation}
            recentSignInUntil={recentSignInUntil}
            passwordLabel={ACCOUNT_TEXTS.currentPassword}
            password={{}}
            code={{ error: errors.code?.message, ...form.register("code") }}
            disabled={isSubmitting}
            explainRecentSignIn={false}
          />
        )}
      </fieldset>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting
          ? ACCOUNT_TEXTS.updating
          : confirmation === "password"
            ? ACCOUNT_TEXTS.updatePassword
            : ACCOUNT_TEXTS.setPassword}
      </Button>
    </form>
  );
}
