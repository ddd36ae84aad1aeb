import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import { track } from "../../../lib/analytics.js";
import { apiPost } from "../../../lib/api-client.js";
import { setSessionUser } from "../../../lib/session.js";
import { useRedirectHome } from "../use-redirect-home.js";

type EstablishSessionInput = { tempToken: string; provider: string };

/** Trades the popup's one-time token for the session cookie. */
export function useEstablishSession() {
  const queryClient = useQueryClient();
  const redirectHome = useRedirectHome();
  return useMutation({
    mutationFn: ({ tempToken }: EstablishSessionInput) =>
      apiPost<{ user: SessionUser }>("/_api/auth/establish_session", { tempToken }).then((response) => response.user),
    onSuccess: (user, { provider }) => {
      setSessionUser(queryClient, user);
      track({ event: "login", method: provider });
      redirectHome();
    },
  });
}
