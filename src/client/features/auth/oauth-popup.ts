import { watchPopupMessages } from "../../lib/popup.js";

/**
 * The identity-provider sign-in popup, as plain functions over the
 * browser objects they are given, so that the flow can be tested with stand-ins for window and popup.
 */

export const OAUTH_POPUP_WIDTH = 500;
export const OAUTH_POPUP_HEIGHT = 600;
/** How often the popup is checked for having been closed by the user. */
export const OAUTH_POLL_MS = 1000;
export const OAUTH_TIMEOUT_MS = 300_000;

export const ACCOUNT_LINKING_REQUIRED = "account_linking_required";

export function oauthAuthorizeUrl(provider: string): string {
  return `/_api/auth/oauth_authorize?provider=${encodeURIComponent(provider)}`;
}

type ScreenBox = { screenX: number; screenY: number; outerWidth: number; outerHeight: number };

/** window.open features for a popup centred on the opener's window. */
export function popupFeatures(opener: ScreenBox, width = OAUTH_POPUP_WIDTH, height = OAUTH_POPUP_HEIGHT): string {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export type OAuthErrorPayload = { code?: string; message?: string; details?: Record<string, unknown> };

export type OAuthMessage =
  | { type: "OAUTH_TOKEN_SUCCESS"; token: string }
  | { type: "OAUTH_ERROR"; error: OAuthErrorPayload };

/** Only the two message shapes the popup sends; anything else posted to the window is ignored. */
export function parseOAuthMessage(data: unknown): OAuthMessage | null {
  if (!data || typeof data !== "object") return null;
  const { type, token, error } = data as { type?: unknown; token?: unknown; error?: unknown };
  if (type === "OAUTH_TOKEN_SUCCESS") return typeof token === "string" && token ? { type, token } : null;
  if (type !== "OAUTH_ERROR") return null;
  const raw = error && typeof error === "object" ? (error as Record<string, unknown>) : {};
  const payload: OAuthErrorPayload = {};
  if (typeof raw.code === "string") payload.code = raw.code;
  if (typeof raw.message === "string") payload.message = raw.message;
  if (raw.details && typeof raw.details === "object") payload.details = raw.details as Record<string, unknown>;
  return { type, error: payload };
}

export type PopupOutcome =
  | { kind: "token"; token: string }
  | { kind: "error"; error: OAuthErrorPayload }
  | { kind: "closed" }
  | { kind: "timeout" };

type PopupWatchOptions = {
  /** The opener, where the popup posts its message. */
  target: Pick<Window, "addEventListener" | "removeEventListener">;
  /** Messages from any other origin are ignored (they could be anyone's). */
  origin: string;
  pollMs?: number;
  timeoutMs?: number;
};

function outcomeOf(data: unknown): PopupOutcome | null {
  const message = parseOAuthMessage(data);
  if (!message) return null;
  return message.type === "OAUTH_TOKEN_SUCCESS"
    ? { kind: "token", token: message.token }
    : { kind: "error", error: message.error };
}

/**
 * Waits for the popup's message, its closing, or the time limit, whichever comes first. The popup
 * is closed on a message or a timeout; `cancel` stops waiting (the page is leaving).
 */
export function watchPopup(
  popup: Pick<Window, "closed" | "close">,
  { target, origin, pollMs = OAUTH_POLL_MS, timeoutMs = OAUTH_TIMEOUT_MS }: PopupWatchOptions,
): { outcome: Promise<PopupOutcome>; cancel: () => void } {
  return watchPopupMessages(popup, { target, origin, parse: outcomeOf, pollMs, timeoutMs });
}
