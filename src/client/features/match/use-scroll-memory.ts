import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const KEY_PREFIX = "match-scroll:";

function remembered(key: string): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(KEY_PREFIX + key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    // Storage refused (a private mode): Back starts at the top, as before.
    return null;
  }
}

/**
 * Where the founder was on this history entry, kept for Back and a reload. The browser's own
 * restoration runs at the moment of the navigation, before the shortlist (a POST's answer) is on
 * the page, so it lands short; this keeps the position per history entry (React Router's
 * location.key, which survives a reload) and puts it back once `ready` (the cards are on screen).
 */
export function useScrollMemory(ready: boolean): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const restored = useRef<string | null>(null);

  // A layout effect's cleanup runs before the next page's layout effects (the layout's scroll to
  // the top on a new page), so the position written is the one the founder left.
  useLayoutEffect(() => {
    const key = location.key;
    let y = window.scrollY;
    const onScroll = () => {
      y = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      try {
        window.sessionStorage.setItem(KEY_PREFIX + key, String(Math.round(y)));
      } catch {
        // Nothing to keep it in: Back starts at the top.
      }
    };
  }, [location.key]);

  useEffect(() => {
    if (!ready || navigationType !== "POP" || restored.current === location.key) return;
    restored.current = location.key;
    const y = remembered(location.key);
    if (y !== null) window.scrollTo({ top: y, behavior: "instant" });
  }, [ready, navigationType, location.key]);
}
