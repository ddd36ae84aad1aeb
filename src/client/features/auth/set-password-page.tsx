import { ArrowLeft, TriangleAlert } from "lucide-react";
import type { UseFormSetError } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { AUTH_TEXTS, SET_PASSWORD_TEXTS } from "../../../shared/auth-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { Button } from "../../components/ui/button.js";
import { ApiError } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { usePasswordLinkStatus } from "./api/use-password-link-status.js";
import { useSetPassword } from "./api/use-set-password.js";
import type { SetPasswordFormValues } from "./auth-form-schemas.js";
import { PasswordLinkChecking, PasswordLinkUnusable } from "./components/password-link-unusable.js";
import { SetPasswordForm } from "./components/set-password-form.js";

/** The server's message, else a generic one when there was no usable answer. */
function setPasswordErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage?.trim()
    ? error.serverMessage.trim()
    : SET_PASSWORD_TEXTS.failed;
}

/** A 400 about the password itself (the server's password rule) belongs at the field, not above the form. */
function isPasswordFieldError(error: unknown): error is ApiError & { serverMessage: string } {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    typeof error.serverMessage === "string" &&
    error.serverMessage !== SET_PASSWORD_TEXTS.linkInvalid &&
    /^password/i.test(error.serverMessage)
  );
}

function ErrorAlert({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        {message}{" "}
        <Link to="/login" className="font-semibold underline underline-offset-4 hover:text-red-900">
          {SET_PASSWORD_TEXTS.toLogin}
        </Link>
      </p>
    </div>
  );
}

/** Set a password through the single-use link e-mailed after a guest checkout (`?token=`). */
export function SetPasswordPage() {
  usePageMeta(PAGE_META["/set-password"]);
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const status = usePasswordLinkStatus(token, "set_password");
  const setPassword = useSetPassword();

  // A password rule message goes to its field; anything else shows above the form.
  const submit = (values: SetPasswordFormValues, setError: UseFormSetError<SetPasswordFormValues>) =>
    setPassword.mutateAsync({ token, password: values.password }).catch((error: unknown) => {
      if (isPasswordFieldError(error)) setError("password", { message: error.serverMessage }, { shouldFocus: true });
    });
  // A used or expired link says so before the form (the status call does not spend it), and again
  // if it stops working while the form is filled.
  const linkInvalid =
    setPassword.error instanceof ApiError && setPassword.error.serverMessage === SET_PASSWORD_TEXTS.linkInvalid;
  const unusable = !token || status.data === false || linkInvalid;
  const error =
    setPassword.error && !isPasswordFieldError(setPassword.error) && !linkInvalid
      ? setPasswordErrorMessage(setPassword.error)
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
        aria-labelledby="set-password-title"
        className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <header className="flex flex-col gap-1.5 text-center">
          <h1 id="set-password-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {SET_PASSWORD_TEXTS.title}
          </h1>
          {!unusable && <p className="text-sm text-slate-600">{SET_PASSWORD_TEXTS.lead}</p>}
        </header>

        {unusable ? (
          <PasswordLinkUnusable />
        ) : status.isPending ? (
          <PasswordLinkChecking />
        ) : (
          <>
            {error && <ErrorAlert message={error} />}
            <SetPasswordForm onSubmit={submit} busy={setPassword.isPending || setPassword.isSuccess} />
          </>
        )}
      </section>
    </div>
  );
}
