import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { BILLING_TEXTS } from "../../../shared/billing-texts.js";
import { accountStatusQueryKey } from "../../lib/account-status.js";
import { apiPost } from "../../lib/api-client.js";
import { sessionQueryKey } from "../../lib/session.js";
import { billingErrorMessage } from "./api/billing-api.js";

/**
 * The member's Resume of a monthly plan set to end at the period's end: the server undoes the
 * cancellation at Stripe, and the page reads the session again to show the renewal date.
 */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ message: string }>("/_api/stripe/resume-subscription", {}),
    onSuccess: (response) => toast.success(response.message),
    onError: (error) => toast.error(billingErrorMessage(error, BILLING_TEXTS.resumeFallback)),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountStatusQueryKey }),
      ]);
    },
  });
}
