import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";

/** After signing in, the user goes to / (or the page's return address) after about 200 ms. */
export const POST_LOGIN_REDIRECT_MS = 200;

/** Schedules the move to the home page; leaving the page first cancels it. */
export function useRedirectHome(to = "/"): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(to, { replace: true }), POST_LOGIN_REDIRECT_MS);
  }, [navigate, to]);
}
