import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { SessionUser } from "../../shared/schemas/auth.js";
import { SESSION_URL } from "../../shared/server-render.js";
import { jsonOf, type PageQuery } from "./page-data.js";

/**
 * The signed-in user from the session call. It lives here rather than in the
 * auth feature because the funds feature needs it too (who may save, who is subscribed), and
 * features never import each other; the auth feature builds its auth state on top of it.
 * The hook is in use-session-query.ts: this module is part of the entry chunk and must not pull in
 * useQuery's observer (docs/decisions/0006).
 */

/** The session call's answer: a user, or none with the server's reason. */
export type SessionData = { user: SessionUser; error?: undefined } | { user: null; error?: string | undefined };

export const sessionQueryKey = ["session"] as const;

const SIGNED_OUT: SessionData = { user: null };

function errorField(payload: unknown): string | undefined {
  const error = payload && typeof payload === "object" ? (payload as { error?: unknown }).error : undefined;
  return typeof error === "string" && error ? error : undefined;
}

/** The session call's answer as the app keeps it; a failure other than "signed out" throws. */
export function sessionFromAnswer(status: number, payload: unknown): SessionData {
  // A 401 is the normal answer for a visitor, not a failure: nothing to retry, nothing to show.
  if (status === 401) return { user: null, error: errorField(payload) };
  if (status < 200 || status >= 300) throw new Error(errorField(payload) ?? `Request failed with status ${status}`);
  const user = payload && typeof payload === "object" ? (payload as { user?: SessionUser | null }).user : null;
  return user ? { user } : SIGNED_OUT;
}

/**
 * Plain fetch rather than the API client: this runs from the entry chunk, where every byte counts
 * (docs/decisions/0006), and it needs none of the client's error mapping.
 */
async function fetchSession(signal: AbortSignal): Promise<SessionData> {
  const response = await fetch(SESSION_URL, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    signal,
  });
  const payload: unknown = await response.json().catch(() => null);
  return sessionFromAnswer(response.status, payload);
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  // Retried once, and "never stale": fetched once per page load, then changed only
  // by this app (log-in, log-out, profile update, each of which sets or refetches it).
  retry: 1,
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Starts the session call with the page rather than with the header's (lazy) account area, so the
 * answer is usually there by the time the area renders.
 */
export function prefetchSession(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(sessionQueryOptions);
}

/**
 * Puts the user (or nobody) in the cache at once, and marks everything else fetched for the
 * previous viewer as stale: search gating and saved funds depend on who is asking.
 */
export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData<SessionData>(sessionQueryKey, user ? { user } : SIGNED_OUT);
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

/** The session as every server-rendered page starts with it (see page-data.ts). */
export const sessionPageQuery: PageQuery = {
  queryKey: sessionQueryKey,
  url: SESSION_URL,
  toData: (answer) => sessionFromAnswer(answer.status, jsonOf(answer)),
};
