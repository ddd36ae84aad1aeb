import { ArrowLeft, TriangleAlert } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import {
  AUTH_ERROR_KEY,
  AUTH_FORM_ERRORS,
  isAuthFormError,
  LOGIN_FORM_ACTION,
  loginHref,
  REGISTER_FORM_ACTION,
} from "../../../shared/auth-form-post.js";
import { AUTH_TEXTS } from "../../../shared/auth-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { SIGN_IN_QUERY, SIGN_UP_MODE, signInCarryOf } from "../../../shared/return-path.js";
import type { LoginRequest, RegisterRequest } from "../../../shared/schemas/auth.js";
import { Button } from "../../components/ui/button.js";
import { appConfig } from "../../lib/app-config.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useLogin } from "./api/use-login.js";
import { useRegister } from "./api/use-register.js";
import { useSession } from "./api/use-session.js";
import { AccountExistsCard } from "./components/account-exists-card.js";
import { LoginForm } from "./components/login-form.js";
import { RegisterForm } from "./components/register-form.js";
import { SocialSignIn } from "./components/social-sign-in.js";
import { loginErrorMessage, registrationErrorMessage } from "./error-messages.js";
import { useOAuthSignIn } from "./use-oauth-sign-in.js";

/**
 * Log in and create account on one page. `?mode=signup` opens the sign-up form; `save` and `next`
 * (a visitor's "Save", issue 37) go with whichever sign-in the visitor picks, and the server saves
 * the fund and checks the way back (src/shared/return-path.ts). The mode is in the URL, so the
 * switch is a link that works before the app starts, and the forms post to the API's form routes
 * until the app's own handlers take over (issue 38, ADR 0066); `error` is the code such a post came
 * back with.
 */
export function LoginPage() {
  usePageMeta(PAGE_META["/login"]);
  const [params] = useSearchParams();
  const isLogin = params.get(SIGN_IN_QUERY.mode) !== SIGN_UP_MODE;
  const postedError = params.get(AUTH_ERROR_KEY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once; the page keeps what it was opened with.
  const carry = useMemo(() => signInCarryOf(params), []);
  const auth = useSession();
  const login = useLogin();
  const register = useRegister();
  const oauth = useOAuthSignIn(carry);
  const providers = appConfig().signInProviders;

  // A success sets the user at once but leaves the page only after a short pause, so the success can be seen.
  const signingIn = login.isPending || login.isSuccess || register.isPending || register.isSuccess;
  const { reset: resetLogin } = login;
  const { reset: resetRegister } = register;
  const { dismiss } = oauth;
  // Another mode (the switch is a link): the other form's outcome is no longer on show.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the mode changes.
  useEffect(() => {
    resetLogin();
    resetRegister();
    dismiss();
  }, [isLogin]);

  if (auth.status === "authenticated" && !signingIn && oauth.state.status !== "connecting") {
    return <Navigate to={carry.returnTo ?? "/"} replace />;
  }

  const mutation = isLogin ? login : register;
  const formError = mutation.error
    ? isLogin
      ? loginErrorMessage(mutation.error)
      : registrationErrorMessage(mutation.error)
    : null;
  const error =
    formError ??
    (oauth.state.status === "error" ? oauth.state.message : null) ??
    // What a form post without the app was sent back with (a closed list of codes, never free text).
    (isAuthFormError(postedError) ? AUTH_FORM_ERRORS[postedError] : null);

  // The mutation's error is shown above the form; the promise only tells the form it is done.
  const submitLogin = (values: LoginRequest) => login.mutateAsync({ ...values, ...carry }).catch(() => undefined);
  const submitRegister = (values: RegisterRequest) =>
    register.mutateAsync({ ...values, ...carry }).catch(() => undefined);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:py-14">
      <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {AUTH_TEXTS.backHome}
        </Link>
      </Button>

      <section
        aria-labelledby="auth-title"
        className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <header className="flex flex-col gap-1.5 text-center">
          <h1 id="auth-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {isLogin ? AUTH_TEXTS.loginTitle : AUTH_TEXTS.registerTitle}
          </h1>
          <p className="text-sm text-slate-600">
            {isLogin
              ? "Log in to see your saved funds and premium matches."
              : "Save the funds that match your startup, free."}
          </p>
          {params.has(SIGN_IN_QUERY.save) && <p className="text-sm text-slate-600">{AUTH_TEXTS.saveAfterSignIn}</p>}
        </header>

        <SocialSignIn
          configured={providers}
          connecting={oauth.state.status === "connecting" ? oauth.state.provider : null}
          disabled={signingIn}
          onStart={(provider) => void oauth.start(provider)}
        />

        {oauth.state.status === "account-exists" && (
          <AccountExistsCard message={oauth.state.message} email={oauth.state.email} onDismiss={oauth.dismiss} />
        )}

        {error && (
          <div
            role="alert"
            className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>{error}</p>
          </div>
        )}

        {isLogin ? (
          <LoginForm
            key="login"
            action={LOGIN_FORM_ACTION}
            next={carry.returnTo}
            save={carry.saveFundId}
            onSubmit={submitLogin}
            busy={login.isPending || login.isSuccess}
          />
        ) : (
          <RegisterForm
            key="register"
            action={REGISTER_FORM_ACTION}
            next={carry.returnTo}
            save={carry.saveFundId}
            onSubmit={submitRegister}
            busy={register.isPending || register.isSuccess}
          />
        )}

        <p className="text-center text-sm text-slate-600">
          {isLogin ? AUTH_TEXTS.toRegisterLead : AUTH_TEXTS.toLoginLead}{" "}
          <Link
            to={loginHref({ signup: isLogin, save: carry.saveFundId, next: carry.returnTo })}
            replace
            className="rounded-sm font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
          >
            {isLogin ? AUTH_TEXTS.toRegister : AUTH_TEXTS.toLogin}
          </Link>
        </p>
      </section>

      <p className="flex justify-center gap-6 text-sm text-slate-600">
        <Link to="/terms" className="hover:text-slate-900 hover:underline">
          Terms of Service
        </Link>
        <Link to="/privacy" className="hover:text-slate-900 hover:underline">
          Privacy Policy
        </Link>
      </p>
    </div>
  );
}
