/**
 * Where a sign-in leads back to (issue 37: the founder who saves a fund as a visitor signs up and is
 * back on the shortlist). Only a path of this site: a return address is read from a URL anyone can
 * write, so anything that could leave the origin ('//evil.example', '/\\evil.example',
 * 'https://…', 'javascript:…') is refused rather than cleaned. The server checks it on every
 * sign-in call and answers it back; the browser goes only where the server answered.
 */
import { hasControlCharacters } from "./text-rules.js";

export const RETURN_PATH_MAX = 2000;

/** Pages a sign-in never leads back to: the sign-in page itself and the API. */
const NOT_A_RETURN = /^\/(login|_api)(\/|\?|#|$)/;

const BASE = "https://return.invalid";

/** The path, normalised as the browser would read it, or null when it is not one of this site's pages. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_PATH_MAX) return null;
  // One leading slash, then no second slash or backslash (a scheme-relative address), and no
  // backslash, space or control character anywhere (browsers read '\' as '/' and drop tabs and newlines).
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (/[\\\s]/.test(value) || hasControlCharacters(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || NOT_A_RETURN.test(path)) return null;
  return path;
}

/**
 * /login's query for a sign-in that carries something along: `mode=signup` opens the sign-up form
 * (not log-in), `save` is the fund to save, `next` where to lead back to.
 */
export const SIGN_IN_QUERY = { mode: "mode", save: "save", next: "next" } as const;
export const SIGN_UP_MODE = "signup";

/** The "Sign Up Free" link of a visitor's save: the sign-up form, then back here with the fund saved. */
export function signUpToSaveHref(fundId: number, returnTo: string): string {
  const params = new URLSearchParams({ [SIGN_IN_QUERY.mode]: SIGN_UP_MODE, [SIGN_IN_QUERY.save]: String(fundId) });
  const next = safeReturnPath(returnTo);
  if (next) params.set(SIGN_IN_QUERY.next, next);
  return `/login?${params.toString()}`;
}

/** What /login's query asks a sign-in to carry along; anything malformed is left out. */
export function signInCarryOf(params: URLSearchParams): { returnTo?: string; saveFundId?: number } {
  const returnTo = safeReturnPath(params.get(SIGN_IN_QUERY.next));
  const save = params.get(SIGN_IN_QUERY.save) ?? "";
  const saveFundId = /^[1-9]\d{0,9}$/.test(save) && Number(save) <= 2_147_483_647 ? Number(save) : undefined;
  return { ...(returnTo ? { returnTo } : {}), ...(saveFundId ? { saveFundId } : {}) };
}
