/**
 * The account area's query keys, hook-free: the pages' hooks and the profile's page queries
 * (profile-page-queries.ts, which the server answers before rendering /profile) use the same keys,
 * so the browser finds the server's answers in its cache.
 */
export const profileQueryKey = ["user", "profile"] as const;
export const myReportsQueryKey = ["user", "reports"] as const;
export const userPitchesQueryKey = ["user", "pitches"] as const;
export const startupProfileQueryKey = ["startup-profile"] as const;
