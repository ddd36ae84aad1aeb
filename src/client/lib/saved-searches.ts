import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  SavedSearch,
  SavedSearchCreateRequest,
  SavedSearchUpdateRequest,
} from "../../shared/schemas/saved-searches.js";
import { ApiError, apiDelete, apiGet, apiPatch, apiPost } from "./api-client.js";

/**
 * The signed-in user's saved searches (issue 23). Shared: the results offer to save the search
 * shown, and the profile lists, renames, switches and deletes them.
 */
export type { SavedSearch };

export const savedSearchesQueryKey = ["saved-searches"] as const;

/**
 * Settings' e-mail switches: their "Saved search alerts" is on while a saved search alerts, so a
 * search's own switch changes it too.
 */
export const emailPreferencesQueryKey = ["user", "email-preferences"] as const;

const URL = "/_api/user/saved-searches";

/** Only for a signed-in user; a visitor has nothing saved and the call would answer 401. */
export function useSavedSearches(enabled: boolean) {
  return useQuery({
    queryKey: savedSearchesQueryKey,
    queryFn: async ({ signal }) => (await apiGet<{ savedSearches: SavedSearch[] }>(URL, { signal })).savedSearches,
    enabled,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SavedSearchCreateRequest) =>
      (await apiPost<{ savedSearch: SavedSearch }>(URL, body)).savedSearch,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: emailPreferencesQueryKey });
      return queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey });
    },
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...changes }: SavedSearchUpdateRequest & { id: number }) =>
      (await apiPatch<{ savedSearch: SavedSearch }>(`${URL}/${id}`, changes)).savedSearch,
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchesQueryKey, (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      );
      void queryClient.invalidateQueries({ queryKey: emailPreferencesQueryKey });
    },
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ deleted: true; id: number }>(`${URL}/${id}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchesQueryKey, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: emailPreferencesQueryKey });
    },
  });
}

/** The server's words for a failed call, else the fallback. */
export function savedSearchError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
