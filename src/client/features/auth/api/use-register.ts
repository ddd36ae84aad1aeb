import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RegisterRequest, SessionUser } from "../../../../shared/schemas/auth.js";
import { track } from "../../../lib/analytics.js";
import { apiPost } from "../../../lib/api-client.js";
import { setSessionUser } from "../../../lib/session.js";
import { useRedirectHome } from "../use-redirect-home.js";

export function useRegister(next?: string) {
  const queryClient = useQueryClient();
  // `next`: the login page's return address, already checked (safeReturnPath).
  const redirectHome = useRedirectHome(next);
  return useMutation({
    mutationFn: (values: RegisterRequest) =>
      apiPost<{ user: SessionUser }>("/_api/auth/register_with_password", values).then((response) => response.user),
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      track({ event: "sign_up", method: "password" });
      redirectHome();
    },
  });
}
