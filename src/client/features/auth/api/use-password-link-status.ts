import { useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.js";

export type PasswordLinkPurpose = "set_password" | "reset_password";

/**
 * Whether an e-mailed link still works, asked once when its page opens, so that a used or expired
 * link says so before the person fills the form. The server does not spend the link to answer.
 * A failed check (offline, rate-limited) leaves `data` unset: the page shows the form, and the
 * submission gives the verdict.
 */
export function usePasswordLinkStatus(token: string, purpose: PasswordLinkPurpose) {
  return useQuery({
    queryKey: ["password-link-status", purpose, token],
    queryFn: () =>
      apiPost<{ usable: boolean }>("/_api/auth/password-link-status", { token, purpose }).then(
        (answer) => answer.usable,
      ),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
