/** Smooth scrolling, unless the visitor asked the system for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

export function scrollToElement(element: Element): void {
  element.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
}

/**
 * Whether the reader has tapped, typed or scrolled the page since it loaded (src/client/after-paint.js
 * marks it): a scroll the app would start on its own (on its first render) then stays undone, since
 * the page would move under the reader's finger and the tap would land elsewhere (issue 38).
 */
export function readerActedFirst(): boolean {
  return document.documentElement.hasAttribute("data-user-input");
}

let loadedKey: string | undefined;

/**
 * Whether this location is the one the page was loaded at (the first the app saw), not one the app
 * navigated to since: only there does the reader's early input hold the app's own scrolls back.
 */
export function isLoadedLocation(key: string): boolean {
  loadedKey ??= key;
  return key === loadedKey;
}
