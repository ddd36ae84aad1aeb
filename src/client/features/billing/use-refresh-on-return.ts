import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { accountStatusQueryKey } from "../../lib/account-status.js";
import { sessionQueryKey } from "../../lib/session.js";

/**
 * The subscription may change in another tab: the billing portal opens in one (from this page or
 * from anywhere else), and a cancellation there must not leave this page saying 'Renews on'. Each
 * time the page becomes visible again, or its window gets the focus back, the session and the
 * account status are read again, however fresh they are. Both events come together on a return:
 * a fetch still on its way is joined rather than started again.
 */
export function useRefreshOnReturn(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      for (const queryKey of [sessionQueryKey, accountStatusQueryKey]) {
        void queryClient.refetchQueries({ queryKey, type: "active" }, { cancelRefetch: false });
      }
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [queryClient]);
}
