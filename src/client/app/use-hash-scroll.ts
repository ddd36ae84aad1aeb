import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { isLoadedLocation, readerActedFirst, scrollToElement } from "../lib/scroll.js";

const RETRY_MS = 100;
const GIVE_UP_MS = 3000;
/** Content loading above the target can push it down after the first scroll; re-aim once it settles. */
const SETTLE_CHECKS_MS = [700, 1500];

function targetId(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * A location hash scrolls smoothly to the element with that id, on first load and
 * after client navigation. The element may not exist yet (lazy or async content), so keep looking
 * briefly; stop as soon as the visitor scrolls on their own.
 */
export function useHashScroll(): void {
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per navigation (location.key).
  useEffect(() => {
    // Asked on every navigation, from the first: the shell's hook sees the location the page was
    // loaded at before any page's component can ask (lib/scroll.ts).
    const loaded = isLoadedLocation(location.key);
    const id = targetId(location.hash);
    if (!id) return;
    // On the page as loaded (no navigation in the app yet) the browser has scrolled to the hash
    // itself; once the reader has tapped or scrolled, the app does not move the page under them (issue 38).
    if (loaded && readerActedFirst()) return;

    const timers: number[] = [];
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    const userEvents = ["wheel", "touchstart", "keydown", "mousedown"] as const;
    for (const type of userEvents) window.addEventListener(type, stop, { once: true, passive: true });

    const settle = (element: HTMLElement) => {
      for (const delay of SETTLE_CHECKS_MS) {
        timers.push(
          window.setTimeout(() => {
            if (stopped || !element.isConnected) return;
            const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
            if (Math.abs(element.getBoundingClientRect().top - margin) > 24) scrollToElement(element);
          }, delay),
        );
      }
    };

    const started = performance.now();
    const attempt = () => {
      if (stopped) return;
      const element = document.getElementById(id);
      if (element) {
        scrollToElement(element);
        settle(element);
        return;
      }
      if (performance.now() - started < GIVE_UP_MS) timers.push(window.setTimeout(attempt, RETRY_MS));
    };
    // Let the route render and lay out before measuring.
    const frame = requestAnimationFrame(attempt);

    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const timer of timers) window.clearTimeout(timer);
      for (const type of userEvents) window.removeEventListener(type, stop);
    };
  }, [location.key]);
}

/** A new page starts at the top; Back/Forward and #hash targets manage their own position. */
export function useScrollToTopOnNavigate(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of page (pathname) resets scrolling.
  useLayoutEffect(() => {
    if (navigationType !== "POP" && !location.hash) window.scrollTo(0, 0);
  }, [location.pathname]);
}
