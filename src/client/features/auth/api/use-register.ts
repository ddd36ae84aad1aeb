import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RegisterRequest, SignInResponse } from "../../../../shared/schemas/auth.js";
import { track } from "../../../lib/analytics.js";
import { apiPost } from "../../../lib/api-client.js";
import { setSessionUser } from "../../../lib/session.js";
import { useRedirectAfterSignIn } from "../use-redirect-home.js";

export function useRegister() {
  const queryClient = useQueryClient();
  const redirectAfterSignIn = useRedirectAfterSignIn();
  return useMutation({
    mutationFn: (values: RegisterRequest) => apiPost<SignInResponse>("/_api/auth/register_with_password", values),
    onSuccess: (answer) => {
      setSessionUser(queryClient, answer.user);
      track({ event: "sign_up", method: "password" });
      redirectAfterSignIn(answer);
    },
  });
}
