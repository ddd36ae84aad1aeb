import {
  CHECKOUT_CANCELLED_TYPE,
  CHECKOUT_ERROR_TYPE,
  CHECKOUT_SUCCESS_MESSAGE,
  CHECKOUT_SUCCESS_TYPE,
} from "../../../shared/checkout-constants.js";
import { watchPopupMessages } from "../../lib/popup.js";

/**
 * The checkout popup, as plain functions over the browser objects they
 * are given, so that the flow can be tested with stand-ins for window and popup. Watching it is
 * lib/popup.ts, shared with the sign-in popup.
 */

export const CHECKOUT_POPUP_WIDTH = 500;
export const CHECKOUT_POPUP_HEIGHT = 800;
/** The popup is checked every second for having been closed. */
export const CHECKOUT_POLL_MS = 1000;

export const CHECKOUT_POPUP_NAME = "fundmatch-checkout";

type ScreenArea = { availWidth: number; availHeight: number; availLeft?: number; availTop?: number };

/** window.open features for a popup of the given size centred on the screen. */
export function centredPopupFeatures(
  screen: ScreenArea,
  width = CHECKOUT_POPUP_WIDTH,
  height = CHECKOUT_POPUP_HEIGHT,
): string {
  const left = Math.max(0, Math.round((screen.availLeft ?? 0) + (screen.availWidth - width) / 2));
  const top = Math.max(0, Math.round((screen.availTop ?? 0) + (screen.availHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export type CheckoutMessage =
  | { kind: "success"; guest: boolean; email: string | null }
  | { kind: "error"; message: string | null }
  | { kind: "cancelled" };

/**
 * The shapes the checkout callback posts: the plain string 'stripe-checkout-success',
 * `{type: 'CHECKOUT_SUCCESS', guest?, email?}`, `{type: 'stripe-checkout-error', message}`, or
 * `{type: 'stripe-checkout-cancelled'}` (the checkout's Cancel). Anything else posted is ignored.
 */
export function parseCheckoutMessage(data: unknown): CheckoutMessage | null {
  if (data === CHECKOUT_SUCCESS_MESSAGE) return { kind: "success", guest: false, email: null };
  if (!data || typeof data !== "object") return null;
  const { type, guest, email, message } = data as Record<string, unknown>;
  if (type === CHECKOUT_SUCCESS_TYPE) {
    return {
      kind: "success",
      guest: guest === true,
      email: typeof email === "string" && email.trim() ? email.trim() : null,
    };
  }
  if (type === CHECKOUT_ERROR_TYPE) {
    return { kind: "error", message: typeof message === "string" && message.trim() ? message : null };
  }
  if (type === CHECKOUT_CANCELLED_TYPE) return { kind: "cancelled" };
  return null;
}

export type CheckoutOutcome = CheckoutMessage | { kind: "closed" };

type WatchOptions = {
  /** The opener, where the popup posts its message. */
  target: Pick<Window, "addEventListener" | "removeEventListener">;
  /** Messages from any other origin are ignored (they could be anyone's). */
  origin: string;
  pollMs?: number;
};

/**
 * Waits for the popup's message or its closing, whichever comes first. A cancelled checkout just
 * closes the popup, without a message. The popup is closed after a message in case it has not
 * closed itself; `cancel` stops waiting (the page is leaving, or the checkout could not start).
 */
export function watchCheckoutPopup(
  popup: Pick<Window, "closed" | "close">,
  { target, origin, pollMs = CHECKOUT_POLL_MS }: WatchOptions,
): { outcome: Promise<CheckoutOutcome>; cancel: () => void } {
  // No time limit, unlike sign-in: paying may take a while. A timeout cannot happen here.
  const watch = watchPopupMessages(popup, { target, origin, parse: parseCheckoutMessage, pollMs });
  return { outcome: watch.outcome as Promise<CheckoutOutcome>, cancel: watch.cancel };
}
