import { AUTH_ERRORS } from "./auth-texts.js";
import { PASSWORD_MIN_LENGTH } from "./password-rules.js";
import { safeReturnPath as checkedReturnPath, SIGN_IN_QUERY, SIGN_UP_MODE } from "./return-path.js";

/**
 * The login page's forms as plain HTML (issue 38): before the app starts, or without JavaScript,
 * they post to the API's form routes (src/server/auth/form-routes.ts), which set the session and
 * lead the browser on with a 303, or back to the page with an error code. The page's query keys:
 * `mode=signup` shows the sign-up form, `next` is where to go once signed in (a same-origin path
 * only: safeReturnPath), `error` one of a closed list of codes, so no made-up text is ever shown.
 */
export const LOGIN_PAGE = "/login";
export const MODE_KEY = SIGN_IN_QUERY.mode;
export const SIGNUP_MODE = SIGN_UP_MODE;
export const RETURN_KEY = SIGN_IN_QUERY.next;
export const SAVE_KEY = SIGN_IN_QUERY.save;
export const AUTH_ERROR_KEY = "error";

export const LOGIN_FORM_ACTION = "/_api/auth/login_form";
export const REGISTER_FORM_ACTION = "/_api/auth/register_form";

/** What a form post can go wrong with, each said in the words the app's own handler uses. */
export const AUTH_FORM_ERRORS = {
  credentials: "Invalid email or password.",
  attempts: "Too many failed attempts for this account. Please wait a few minutes and try again.",
  deactivated:
    "This account has been deactivated. To use it again, e-mail us at hello@fundmatch.example and we will reactivate it.",
  "login-input": "Enter your e-mail address and your password.",
  exists: AUTH_ERRORS.emailInUse,
  email: "Enter a valid e-mail address.",
  password: `Password needs at least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`,
  name: AUTH_ERRORS.displayNameInvalid,
  "register-input": AUTH_ERRORS.registrationFallback,
  // The per-route limit of the form posts (issue 38): a page, not the API's JSON 429.
  "too-many": "Too many attempts from your network. Please wait a minute and try again.",
} as const;

export type AuthFormError = keyof typeof AUTH_FORM_ERRORS;
export const AUTH_FORM_ERROR_CODES = Object.keys(AUTH_FORM_ERRORS) as AuthFormError[];

export function isAuthFormError(value: string | null | undefined): value is AuthFormError {
  return value != null && Object.hasOwn(AUTH_FORM_ERRORS, value);
}

/**
 * A return address as a path on this site, or undefined (the one rule: src/shared/return-path.ts,
 * which also refuses the login page itself and the API).
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  return checkedReturnPath(value) ?? undefined;
}

/** The login page's address for a mode, a return address and an error. */
export function loginHref(options: {
  signup?: boolean;
  save?: number | undefined;
  next?: string | undefined;
  error?: AuthFormError;
}): string {
  const params = new URLSearchParams();
  if (options.signup) params.set(MODE_KEY, SIGNUP_MODE);
  if (options.save !== undefined) params.set(SAVE_KEY, String(options.save));
  const next = safeReturnPath(options.next);
  if (next) params.set(RETURN_KEY, next);
  if (options.error) params.set(AUTH_ERROR_KEY, options.error);
  const query = params.toString();
  return query ? `${LOGIN_PAGE}?${query}` : LOGIN_PAGE;
}
