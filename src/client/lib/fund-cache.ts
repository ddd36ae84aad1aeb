import type { QueryClient } from "@tanstack/react-query";

/**
 * After an import or an admin's edit, every cached view of fund data is stale: search results,
 * the countries list, and saved funds (a deleted fund leaves users' lists). Keys by prefix, so that
 * features need not import each other.
 */
export function invalidateFundData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["funds"] }),
    queryClient.invalidateQueries({ queryKey: ["countries"] }),
    queryClient.invalidateQueries({ queryKey: ["saved-funds"] }),
  ]);
}
