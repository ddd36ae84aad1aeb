import { AUTH_ERRORS } from "../../../shared/auth-texts.js";
import { ApiError } from "../../lib/api-client.js";

/** The server's own words, when its answer carried any (not a network failure or a bare status). */
function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.serverMessage?.trim() ? error.serverMessage.trim() : undefined;
}

/** Login: the server's message, else 'Login failed'; no answer at all: the generic fallback. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return AUTH_ERRORS.loginFallback;
  return serverMessage(error) ?? AUTH_ERRORS.loginFailed;
}

/** Registration: some server messages are reworded for the form. */
export function registrationErrorMessage(error: unknown): string {
  const message = serverMessage(error);
  if (!message) return AUTH_ERRORS.registrationFallback;
  if (message.includes("Email already in use")) return AUTH_ERRORS.emailInUse;
  const lower = message.toLowerCase();
  if (lower.includes("display name")) return AUTH_ERRORS.displayNameInvalid;
  if (lower.includes("display") || lower.includes("name")) return `${AUTH_ERRORS.checkDisplayName}${message}`;
  return message;
}
