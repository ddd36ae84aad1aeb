import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "./api-client.js";
import { sessionQueryKey, setSessionUser } from "./session.js";

/**
 * The cached user goes first (the page shows the visitor state at once), then the
 * server is told, then the session is asked again. A failed logout is only logged: the refetch
 * shows whether the session is really gone.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      setSessionUser(queryClient, null);
      try {
        await apiPost<{ ok: boolean }>("/_api/auth/logout", {});
      } catch (error) {
        console.error("Logout failed.", error);
      }
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
    },
  });
}
