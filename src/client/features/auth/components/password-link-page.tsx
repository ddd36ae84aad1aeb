import { ArrowLeft, TriangleAlert } from "lucide-react";
import type { UseFormSetError } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { AUTH_TEXTS } from "../../../../shared/auth-texts.js";
import { Button } from "../../../components/ui/button.js";
import { ApiError } from "../../../lib/api-client.js";
import { type PasswordLinkPurpose, usePasswordLinkStatus } from "../api/use-password-link-status.js";
import type { SetPasswordFormValues } from "../auth-form-schemas.js";
import { PasswordLinkChecking, PasswordLinkUnusable } from "./password-link-unusable.js";
import { SetPasswordForm } from "./set-password-form.js";

type PasswordLinkPageProps = {
  purpose: PasswordLinkPurpose;
  /** The request that spends the link: set or reset the password. */
  mutation: {
    mutateAsync(values: { token: string; password: string }): Promise<unknown>;
    error: unknown;
    isPending: boolean;
    isSuccess: boolean;
  };
  titleId: string;
  title: string;
  lead: string;
  /** The server's words for a used or expired link, and the fallback when it gave none. */
  texts: { linkInvalid: string; failed: string };
  /** A link after an error's message (the set-password page offers to log in instead). */
  errorLink?: { to: string; label: string };
  submitLabel?: string;
  pendingLabel?: string;
};

/**
 * A page behind an e-mailed single-use password link (`?token=`): /set-password and
 * /reset-password. A used or expired link says so before the form (the status call does not spend
 * it), and again if it stops working while the form is filled; a password rule message goes to its
 * field; anything else shows above the form.
 */
export function PasswordLinkPage({
  purpose,
  mutation,
  titleId,
  title,
  lead,
  texts,
  errorLink,
  submitLabel,
  pendingLabel,
}: PasswordLinkPageProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const status = usePasswordLinkStatus(token, purpose);

  /** A 400 about the password itself (the server's password rule) belongs at the field, not above the form. */
  const isPasswordFieldError = (error: unknown): error is ApiError & { serverMessage: string } =>
    error instanceof ApiError &&
    error.status === 400 &&
    typeof error.serverMessage === "string" &&
    error.serverMessage !== texts.linkInvalid &&
    /^password/i.test(error.serverMessage);

  const submit = (values: SetPasswordFormValues, setError: UseFormSetError<SetPasswordFormValues>) =>
    mutation.mutateAsync({ token, password: values.password }).catch((error: unknown) => {
      if (isPasswordFieldError(error)) setError("password", { message: error.serverMessage }, { shouldFocus: true });
    });
  const linkInvalid = mutation.error instanceof ApiError && mutation.error.serverMessage === texts.linkInvalid;
  const unusable = !token || status.data === false || linkInvalid;
  const error =
    mutation.error && !isPasswordFieldError(mutation.error) && !linkInvalid
      ? mutation.error instanceof ApiError && mutation.error.serverMessage?.trim()
        ? mutation.error.serverMessage.trim()
        : texts.failed
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
        aria-labelledby={titleId}
        className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <header className="flex flex-col gap-1.5 text-center">
          <h1 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900">
            {title}
          </h1>
          {!unusable && <p className="text-sm text-slate-600">{lead}</p>}
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
                <p>
                  {error}
                  {errorLink && (
                    <>
                      {" "}
                      <Link to={errorLink.to} className="font-semibold underline underline-offset-4 hover:text-red-900">
                        {errorLink.label}
                      </Link>
                    </>
                  )}
                </p>
              </div>
            )}
            <SetPasswordForm
              onSubmit={submit}
              busy={mutation.isPending || mutation.isSuccess}
              submitLabel={submitLabel}
              pendingLabel={pendingLabel}
            />
          </>
        )}
      </section>
    </div>
  );
}
