/**
 * Who is looking at the page, as far as fund results and saving are concerned. Accounts do not
 * exist yet, so everyone is an anonymous visitor; the auth feature will replace `useViewer` with
 * one backed by the session and account-status calls (spec section 4, "Subscribed").
 */
export type Viewer = { status: "loading" } | { status: "anonymous" } | { status: "member"; isSubscriber: boolean };

const ANONYMOUS: Viewer = { status: "anonymous" };

export function useViewer(): Viewer {
  return ANONYMOUS;
}

export function isSubscriber(viewer: Viewer): boolean {
  return viewer.status === "member" && viewer.isSubscriber;
}
