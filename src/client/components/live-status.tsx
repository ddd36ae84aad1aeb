import { type ReactNode, useCallback, useState } from "react";

/** Says `text` in the page's live region; the same text said again is announced again. */
export type Announce = (text: string) => void;

/**
 * A polite live region for what a search or a match found. Screen readers announce a change to a
 * live region that is already in the page; a region that arrives with its text in it (as the
 * results' count did) is usually not read at all. So the region is rendered empty, before anything
 * happens, and `announce` puts the text in. Each announcement is a new text node, so that a second
 * search with the same count is announced too. Empty in the server's HTML: nothing is said on load
 * until the app has run.
 */
export function useLiveStatus(testId: string): { region: ReactNode; announce: Announce } {
  const [message, setMessage] = useState({ text: "", id: 0 });
  const announce = useCallback<Announce>((text) => setMessage((current) => ({ text, id: current.id + 1 })), []);
  const region = (
    <p role="status" data-testid={testId} className="sr-only">
      <span key={message.id}>{message.text}</span>
    </p>
  );
  return { region, announce };
}
