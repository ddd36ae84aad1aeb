import { LoaderCircle, Mail } from "lucide-react";
import type { ComponentProps } from "react";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import type { ConfirmationKind } from "../../../../shared/schemas/account.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { messageOr } from "../../../lib/api-client.js";
import { useSendConfirmationCode } from "../api/use-account-actions.js";
import { clockTime, providerName } from "../confirmation-texts.js";

type FieldProps = Omit<ComponentProps<"input">, "id"> & { error?: string | undefined };

type ConfirmationFieldProps = {
  /** Prefix of the inputs' ids, one per form. */
  id: string;
  kind: ConfirmationKind;
  recentSignInUntil: Date | null;
  passwordLabel: string;
  passwordHint?: string | undefined;
  /** The password input's registration and error, used when kind is password. */
  password: FieldProps;
  /** The code input's registration and error, used when kind is email_code. */
  code: FieldProps;
  disabled?: boolean;
  /**
   * Whether a recent sign-in is said here. The account settings page says it once above its cards
   * (ConfirmationNotice), so its forms leave it out; a dialog, which covers that notice, says it.
   */
  explainRecentSignIn?: boolean;
};

/**
 * The part of a form that confirms the change, as the server says this session must: the
 * password; the code e-mailed on request; or, for a recent sign-in through the provider, nothing to
 * fill in (a line saying so where the page does not already say it).
 */
export function ConfirmationField({
  id,
  kind,
  recentSignInUntil,
  passwordLabel,
  passwordHint,
  password,
  code,
  disabled,
  explainRecentSignIn = true,
}: ConfirmationFieldProps) {
  if (kind === "password") {
    const { error, ...input } = password;
    return (
      <FormField
        id={`${id}-password`}
        label={passwordLabel}
        type="password"
        autoComplete="current-password"
        hint={passwordHint}
        error={error}
        disabled={disabled}
        {...input}
      />
    );
  }
  if (kind === "recent_sign_in") {
    if (!explainRecentSignIn) return null;
    return (
      <p className="text-sm text-slate-600">
        {ACCOUNT_TEXTS.confirmWithRecentSignIn(providerName(), recentSignInUntil ? clockTime(recentSignInUntil) : "")}
      </p>
    );
  }
  return <CodeField id={`${id}-code`} code={code} disabled={disabled} />;
}

function CodeField({ id, code, disabled }: { id: string; code: FieldProps; disabled?: boolean | undefined }) {
  const send = useSendConfirmationCode();
  const { error, ...input } = code;
  const requestCode = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (failure) => toast.error(messageOr(failure, ACCOUNT_MESSAGES.codeSendFailed)),
    });
  return (
    <div className="flex flex-col gap-2">
      <FormField
        id={id}
        label={ACCOUNT_TEXTS.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        hint={send.isSuccess ? send.data.message : ACCOUNT_TEXTS.codeHint}
        error={error}
        {...input}
      />
      <Button
        type="button"
        variant="outline"
        onClick={requestCode}
        disabled={disabled || send.isPending}
        className="self-start"
      >
        {send.isPending ? (
          <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
        ) : (
          <Mail aria-hidden="true" />
        )}
        {send.isPending
          ? ACCOUNT_TEXTS.sendingCode
          : send.isSuccess
            ? ACCOUNT_TEXTS.sendCodeAgain
            : ACCOUNT_TEXTS.sendCode}
      </Button>
    </div>
  );
}
