import { ArrowLeft, TriangleAlert } from "lucide-react";
import type { UseFormSetError } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { AUTH_TEXTS, RESET_PASSWORD_TEXTS } from "../../../shared/auth-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { Button } from "../../components/ui/button.js";
import { ApiError } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { usePasswordLinkStatus } from "./api/use-password-link-status.js";
import { useResetPassword } from "./api/use-reset-password.js";
import type { SetPasswordFormValues } from "./auth-form-schemas.js";
import { PasswordLinkChecking, PasswordLinkUnusable } from "./components/password-link-unusable.js";
import { SetPasswordForm } from "./components/set-password-form.js";

/** A 400 about the password itself (the registration rule) belongs at the field. */
function isPasswordFieldError(error: unknown): error is ApiError & { serverMessage: string } {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    typeof error.serverMessage === "string" &&
    /^password/i.test(error.serverMessage)
  );
}

const isLinkInvalid = (error: unknown) =>
  error instanceof ApiError && error.serverMessage === RESET_PASSWORD_TEXTS.linkInvalid;

/**
 * The e-mailed reset link (`?token=`): checks the link first (a used or expired one says so
 * before the form), then sets the new password, which signs out every other device.
 */
export function ResetPasswordPage() {
  usePageMeta(PAGE_META["/reset-password"]);
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const status = usePasswordLinkStatus(token, "reset_password");
  const reset = useResetPassword();

  const submit = (values: SetPasswordFormValues, setError: UseFormSetError<SetPasswordFormValues>) =>
    reset.mutateAsync({ token, password: values.password }).catch((error: unknown) => {
      if (isPasswordFieldError(error)) setError("password", { message: error.serverMessage }, { shouldFocus: true });
    });
  const unusable = !token || status.data === false || isLinkInvalid(reset.error);
  const error =
    reset.error && !isPasswordFieldError(reset.error) && !isLinkInvalid(reset.error)
      ? reset.error instanceof ApiError && reset.error.serverMessage
        ? reset.error.serverMessage
        : RESET_PASSWORD_TEXTS.failed
      : null;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:py-14">
      <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {AUTH_TEXTS.backHome}
        </Link>
      </Button>

      <section
        aria-labelledby="reset-password-title"
        className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <header className="flex flex-col gap-1.5 text-center">
          <h1 id="reset-password-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {RESET_PASSWORD_TEXTS.resetTitle}
          </h1>
          {!unusable && <p className="text-sm text-slate-600">{RESET_PASSWORD_TEXTS.resetLead}</p>}
        </header>

        {unusable ? (
          <PasswordLinkUnusable />
        ) : status.isPending ? (
          <PasswordLinkChecking />
        ) : (
          <>
            {error && (
              <div
                role="alert"
                className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <p>{error}</p>
              </div>
            )}
            <SetPasswordForm
              onSubmit={submit}
              busy={reset.isPending || reset.isSuccess}
              submitLabel={RESET_PASSWORD_TEXTS.submit}
              pendingLabel={RESET_PASSWORD_TEXTS.pending}
            />
          </>
        )}
      </section>
    </div>
  );
}
