import type { Subscription, SubscriptionStatus, SubscriptionType } from "../../shared/entitlements.js";

/**
 * Who is asking: a visitor, or a signed-in user with their role and subscription as it stands
 * now. What each of them may do is decided by the shared rules in src/shared/entitlements.ts.
 */
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

/** The viewer's subscription for the entitlement rules; a visitor has none. */
export function subscriptionOf(viewer: Viewer): Subscription | null {
  return viewer.kind === "user" ? viewer : null;
}
