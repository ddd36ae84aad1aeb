import { useMemo } from "react";
import { seesAllResults } from "../../shared/entitlements.js";
import { useSessionQuery } from "./use-session-query.js";

/**
 * Who is looking at the page, as far as fund results and saving are concerned, from the session
 * user. "Subscribed" properly comes from the account-status call; until that call exists the
 * session user's own subscription fields stand in for it (the server gates results either way).
 */
export type Viewer = { status: "loading" } | { status: "anonymous" } | { status: "member"; isSubscriber: boolean };

const LOADING: Viewer = { status: "loading" };
const ANONYMOUS: Viewer = { status: "anonymous" };

export function useViewer(): Viewer {
  const session = useSessionQuery();
  const user = session.data?.user;
  const subscriber = seesAllResults(user);
  return useMemo<Viewer>(() => {
    if (session.isPending) return LOADING;
    // A failed session check leaves the visitor logged out.
    if (!user) return ANONYMOUS;
    return { status: "member", isSubscriber: subscriber };
  }, [session.isPending, user, subscriber]);
}

export function isSubscriber(viewer: Viewer): boolean {
  return viewer.status === "member" && viewer.isSubscriber;
}
