/** Results a non-subscriber sees, and the number of skeleton cards while a search loads. */
export const FREE_RESULTS_LIMIT = 3;

/** Largest page a subscriber may ask for in one search call. */
export const MAX_SEARCH_LIMIT = 100;

export const PLANS = {
  monthly: {
    id: "monthly",
    name: "Premium",
    priceUsd: 9.99,
    yearlyEquivalentUsd: 119.88,
    interval: "month",
  },
  lifetime: {
    id: "lifetime",
    name: "Lifetime",
    priceUsd: 149,
    interval: "one-time",
  },
} as const;

export type PlanId = keyof typeof PLANS;

export function formatUsd(amount: number): string {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}
