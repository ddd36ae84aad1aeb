import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, MailCheck, TriangleAlert } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { RESET_PASSWORD_TEXTS } from "../../../shared/auth-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { FormField } from "../../components/form-field.js";
import { Button } from "../../components/ui/button.js";
import { ApiError } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useRequestPasswordReset } from "./api/use-request-password-reset.js";
import { forgotPasswordFormSchema } from "./auth-form-schemas.js";

/**
 * "Forgot password?": asks for a reset link by e-mail. The answer is the same whether or not an
 * account has the address, so the page only ever says that a link was sent if the account exists.
 */
export function ForgotPasswordPage() {
  usePageMeta(PAGE_META["/forgot-password"]);
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const busy = request.isPending || isSubmitting;
  const error =
    request.error instanceof ApiError && request.error.serverMessage
      ? request.error.serverMessage
      : request.error
        ? RESET_PASSWORD_TEXTS.failed
        : null;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:py-14">
      <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
        <Link to="/login">
          <ArrowLeft aria-hidden="true" />
          {RESET_PASSWORD_TEXTS.backToLogin}
        </Link>
      </Button>

      <section
        aria-labelledby="forgot-password-title"
        className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        {request.isSuccess ? (
          <div role="status" className="flex flex-col items-center gap-4 text-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
              <MailCheck className="size-5" aria-hidden="true" />
            </span>
            <h1 id="forgot-password-title" className="text-2xl font-bold tracking-tight text-slate-900">
              {RESET_PASSWORD_TEXTS.sentTitle}
            </h1>
            <p className="text-sm text-slate-600">{request.data}</p>
            <Button asChild variant="outline" className="w-full">
              <Link to="/login">{RESET_PASSWORD_TEXTS.backToLogin}</Link>
            </Button>
          </div>
        ) : (
          <>
            <header className="flex flex-col gap-1.5 text-center">
              <h1 id="forgot-password-title" className="text-2xl font-bold tracking-tight text-slate-900">
                {RESET_PASSWORD_TEXTS.forgotTitle}
              </h1>
              <p className="text-sm text-slate-600">{RESET_PASSWORD_TEXTS.forgotLead}</p>
            </header>
            {error && (
              <div
                role="alert"
                className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <p>{error}</p>
              </div>
            )}
            <form
              noValidate
              onSubmit={form.handleSubmit((values) => request.mutateAsync(values).catch(() => undefined))}
              className="flex flex-col gap-4"
              aria-busy={busy}
            >
              <fieldset disabled={busy} className="flex flex-col gap-4">
                <FormField
                  id="forgot-password-email"
                  label={RESET_PASSWORD_TEXTS.email}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  spellCheck={false}
                  error={errors.email?.message}
                  {...form.register("email")}
                />
              </fieldset>
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {busy ? RESET_PASSWORD_TEXTS.sending : RESET_PASSWORD_TEXTS.send}
              </Button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
