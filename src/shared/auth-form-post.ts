import { AUTH_ERRORS } from "./auth-texts.js";
import { PASSWORD_MIN_LENGTH } from "./password-rules.js";

/**
 * The login page's forms as plain HTML (issue 38): before the app starts, or without JavaScript,
 * they post to the API's form routes (src/server/auth/form-routes.ts), which set the session and
 * lead the browser on with a 303, or back to the page with an error code. The page's query keys:
 * `mode=signup` shows the sign-up form, `next` is where to go once signed in (a same-origin path
 * only: safeReturnPath), `error` one of a closed list of codes, so no made-up text is ever shown.
 */
export const LOGIN_PAGE = "/login";
export const MODE_KEY = "mode";
export const SIGNUP_MODE = "signup";
export const RETURN_KEY = "next";
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
} as const;

export type AuthFormError = keyof typeof AUTH_FORM_ERRORS;
export const AUTH_FORM_ERROR_CODES = Object.keys(AUTH_FORM_ERRORS) as AuthFormError[];

export function isAuthFormError(value: string | null | undefined): value is AuthFormError {
  return value != null && Object.hasOwn(AUTH_FORM_ERRORS, value);
}

/** Longest return address kept; a longer one is dropped (home instead). */
const RETURN_PATH_MAX = 2000;

/**
 * A return address as a path on this site ('/funds/12-x?save=1'), or undefined for anything that
 * could lead elsewhere: absolute URLs, protocol-relative '//host', backslashes (which browsers read
 * as slashes), control characters, or anything that resolves to another origin.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_PATH_MAX) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them.
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  const base = "http://fundmatch.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  // The login page itself is no place to return to.
  if (url.pathname === LOGIN_PAGE) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address for a mode, a return address and an error. */
export function loginHref(options: { signup?: boolean; next?: string | undefined; error?: AuthFormError }): string {
  const params = new URLSearchParams();
  if (options.signup) params.set(MODE_KEY, SIGNUP_MODE);
  const next = safeReturnPath(options.next);
  if (next) params.set(RETURN_KEY, next);
  if (options.error) params.set(AUTH_ERROR_KEY, options.error);
  const query = params.toString();
  return query ? `${LOGIN_PAGE}?${query}` : LOGIN_PAGE;
}
