import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginRequest, SignInResponse } from "../../../../shared/schemas/auth.js";
import { track } from "../../../lib/analytics.js";
import { apiPost } from "../../../lib/api-client.js";
import { setSessionUser } from "../../../lib/session.js";
import { useRedirectAfterSignIn } from "../use-redirect-home.js";

export function useLogin() {
  const queryClient = useQueryClient();
  const redirectAfterSignIn = useRedirectAfterSignIn();
  return useMutation({
    mutationFn: (values: LoginRequest) => apiPost<SignInResponse>("/_api/auth/login_with_password", values),
    onSuccess: (answer) => {
      setSessionUser(queryClient, answer.user);
      track({ event: "login", method: "password" });
      redirectAfterSignIn(answer);
    },
  });
}
