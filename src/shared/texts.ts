import { countOf, plural } from "./inflect.js";
import { FREE_RESULTS_LIMIT, formatUsd, PLANS } from "./plans.js";

/**
 * The product's own words from the specification (sections 2, 8 and 9). Screens and tests read them
 * from here so that a wording change happens in one place; they are not to be paraphrased.
 */
export const TEXTS = {
  home: {
    title: "Find Your Perfect VC Match",
    resultsTitle: "Your VC Matches",
    anyCountry: "Any Country",
    anyStage: "Any Stage",
    anyIndustry: "Any Industry",
  },
  search: {
    errorTitle: "An Error Occurred",
    errorFallback: "Could not fetch results. Please try again later.",
    emptyTitle: "No Matching Funds Found",
    emptyHint: "Try adjusting your search criteria to find more results.",
  },
  paywall: {
    upgrade: `Upgrade to Premium - ${formatUsd(PLANS.monthly.priceUsd)}/month`,
    cancelAnytime: "Cancel anytime",
  },
  saveDialog: {
    title: "Save Your Favorite Funds",
    dismiss: "Maybe Later",
    confirm: "Sign Up Free",
  },
  upgradeDialog: {
    title: "Unlock Premium Funds",
    dismiss: "Not Now",
    confirm: "Upgrade to Premium",
  },
  saveFund: {
    saveFailed: "Failed to save fund",
    unsaveFailed: "Failed to unsave fund",
    unknownError: "An unknown error occurred",
  },
  notFound: {
    title: "Page Not Found",
    backHome: "Back to Home",
  },
  /** The header's account area; the login page's own texts are in auth-texts.ts. */
  auth: {
    login: "Login",
    loading: "Loading...",
  },
} as const;

/** Results a non-subscriber does not see: totalCount minus the free top 3. */
export function hiddenResultsCount(totalCount: number): number {
  return Math.max(0, totalCount - FREE_RESULTS_LIMIT);
}

export function matchCountText(totalCount: number): string {
  return `${countOf(totalCount, "fund", "funds")} ${plural(totalCount, "matches", "match")} your search`;
}

export function hiddenCountText(hidden: number): string {
  return `${countOf(hidden, "more fund", "more funds")} ${plural(hidden, "matches", "match")} your search`;
}
