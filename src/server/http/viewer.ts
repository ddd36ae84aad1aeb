/**
 * Who is asking, as far as gating is concerned. Every gate in the product is a function of the
 * viewer; the accounts and billing work only change how a request's viewer is resolved.
 */
export type SubscriptionStatus = "active" | "trialing" | "canceled" | "past_due" | "unpaid" | "paused" | "none";
export type SubscriptionType = "monthly" | "lifetime";

export type Viewer =
  | { kind: "visitor" }
  | {
      kind: "user";
      userId: number;
      role: string;
      subscriptionStatus: SubscriptionStatus | null;
      subscriptionType: SubscriptionType | null;
    };

export const VISITOR: Viewer = Object.freeze({ kind: "visitor" });

/** Results gating (spec section 4): subscribed only when status is active and a type is set. */
export function seesAllResults(viewer: Viewer): boolean {
  return viewer.kind === "user" && viewer.subscriptionStatus === "active" && viewer.subscriptionType !== null;
}

/** Saving favourites (spec sections 4 and 6): a subscription that is active or trialing. */
export function canSaveFunds(viewer: Viewer): boolean {
  return viewer.kind === "user" && (viewer.subscriptionStatus === "active" || viewer.subscriptionStatus === "trialing");
}

/** The Excel export (spec section 1): only the Lifetime plan adds it. */
export function canExportFunds(viewer: Viewer): boolean {
  return viewer.kind === "user" && viewer.subscriptionStatus === "active" && viewer.subscriptionType === "lifetime";
}
