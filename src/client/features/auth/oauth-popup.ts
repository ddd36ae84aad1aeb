/**
 * The identity-provider sign-in popup (spec sections 4, 7 and 9), as plain functions over the
 * browser objects they are given, so that the flow can be tested with stand-ins for window and popup.
 */

export const OAUTH_POPUP_WIDTH = 500;
export const OAUTH_POPUP_HEIGHT = 600;
/** How long a message may trail the popup's closing (see watchPopup). */
const CLOSE_GRACE_MS = 1_000;

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

/**
 * Waits for the popup's message, its closing, or the time limit, whichever comes first. The popup
 * is closed on a message or a timeout; `cancel` stops waiting (the page is leaving).
 */
export function watchPopup(
  popup: Pick<Window, "closed" | "close">,
  { target, origin, pollMs = OAUTH_POLL_MS, timeoutMs = OAUTH_TIMEOUT_MS }: PopupWatchOptions,
): { outcome: Promise<PopupOutcome>; cancel: () => void } {
  let stop = () => {};
  const outcome = new Promise<PopupOutcome>((resolve) => {
    const finish = (result: PopupOutcome, closePopup: boolean) => {
      stop();
      if (closePopup && !popup.closed) popup.close();
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const message = parseOAuthMessage(event.data);
      if (!message) return;
      if (message.type === "OAUTH_TOKEN_SUCCESS") finish({ kind: "token", token: message.token }, true);
      else finish({ kind: "error", error: message.error }, true);
    };
    // The popup posts its message and closes itself at once; the message can reach this window a
    // moment after `closed` turns true, so a closed popup gets a short grace before counting as
    // closed by the person.
    let grace: ReturnType<typeof setTimeout> | undefined;
    const poll = setInterval(() => {
      if (!popup.closed || grace) return;
      clearInterval(poll);
      grace = setTimeout(() => finish({ kind: "closed" }, false), CLOSE_GRACE_MS);
    }, pollMs);
    const timeout = setTimeout(() => finish({ kind: "timeout" }, true), timeoutMs);
    target.addEventListener("message", onMessage as EventListener);
    stop = () => {
      clearInterval(poll);
      if (grace) clearTimeout(grace);
      clearTimeout(timeout);
      target.removeEventListener("message", onMessage as EventListener);
    };
  });
  return { outcome, cancel: () => stop() };
}
