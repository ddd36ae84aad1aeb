/**
 * Watching a popup that reports back with postMessage: the identity-provider sign-in and the
 * checkout both wait for the popup's message, its closing, or (sign-in only) a time limit.
 */

/** How long a message may trail the popup's closing (the last page posts, then closes itself). */
const CLOSE_GRACE_MS = 1_000;

export type PopupEnd = { kind: "closed" } | { kind: "timeout" };

type WatchOptions<T> = {
  /** The opener, where the popup posts its message. */
  target: Pick<Window, "addEventListener" | "removeEventListener">;
  /** Messages from any other origin are ignored (they could be anyone's). */
  origin: string;
  /** The message the caller waits for, or null for anything else posted to the window. */
  parse: (data: unknown) => T | null;
  /** How often `closed` is checked. */
  pollMs: number;
  /** No limit when absent. */
  timeoutMs?: number;
};

/**
 * Resolves with the first message `parse` accepts, the popup's closing, or the time limit. The popup
 * is closed on a message or a timeout; `cancel` stops waiting (the page is leaving).
 */
export function watchPopupMessages<T>(
  popup: Pick<Window, "closed" | "close">,
  { target, origin, parse, pollMs, timeoutMs }: WatchOptions<T>,
): { outcome: Promise<T | PopupEnd>; cancel: () => void } {
  let stop = () => {};
  const outcome = new Promise<T | PopupEnd>((resolve) => {
    const finish = (result: T | PopupEnd, closePopup: boolean) => {
      stop();
      if (closePopup && !popup.closed) popup.close();
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const message = parse(event.data);
      if (message !== null) finish(message, true);
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
    const timeout =
      timeoutMs === undefined ? undefined : setTimeout(() => finish({ kind: "timeout" }, true), timeoutMs);
    target.addEventListener("message", onMessage as EventListener);
    stop = () => {
      clearInterval(poll);
      if (grace) clearTimeout(grace);
      if (timeout) clearTimeout(timeout);
      target.removeEventListener("message", onMessage as EventListener);
    };
  });
  return { outcome, cancel: () => stop() };
}
