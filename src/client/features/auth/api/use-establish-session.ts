import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInResponse } from "../../../../shared/schemas/auth.js";
import { track } from "../../../lib/analytics.js";
import { apiPost } from "../../../lib/api-client.js";
import { setSessionUser } from "../../../lib/session.js";
import { useRedirectAfterSignIn } from "../use-redirect-home.js";

type EstablishSessionInput = { tempToken: string; provider: string; returnTo?: string; saveFundId?: number };

/** Trades the popup's one-time token for the session cookie. */
export function useEstablishSession() {
  const queryClient = useQueryClient();
  const redirectAfterSignIn = useRedirectAfterSignIn();
  return useMutation({
    mutationFn: ({ provider: _provider, ...body }: EstablishSessionInput) =>
      apiPost<SignInResponse>("/_api/auth/establish_session", body),
    onSuccess: (answer, { provider }) => {
      setSessionUser(queryClient, answer.user);
      track({ event: "login", method: provider });
      redirectAfterSignIn(answer);
    },
  });
}
