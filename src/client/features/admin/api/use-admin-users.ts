import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUser, UserActionRequest } from "../../../../shared/schemas/admin.js";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client.js";

const adminUsersQueryKey = ["admin", "users"] as const;

export function useAdminUsers() {
  return useQuery({
    queryKey: adminUsersQueryKey,
    queryFn: ({ signal }) =>
      apiGet<{ users: AdminUser[] }>("/_api/admin/users", { signal }).then((response) => response.users),
    // A 401 or 403 will not fix itself; a 5xx or a dropped connection gets one more try.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

/** After an action, successful or not, the list is fetched again. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UserActionRequest) => apiPost<{ message: string }>("/_api/admin/user-action", request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
