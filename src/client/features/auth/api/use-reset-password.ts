import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { RESET_PASSWORD_TEXTS } from "../../../../shared/auth-texts.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import { apiPost } from "../../../lib/api-client.js";
import { setSessionUser } from "../../../lib/session.js";

/** Spends the e-mailed reset token: the server sets the password, ends other sessions and signs this browser in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (values: { token: string; password: string }) =>
      apiPost<{ user: SessionUser }>("/_api/auth/reset-password", values).then((response) => response.user),
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      toast.success(RESET_PASSWORD_TEXTS.success);
      navigate("/", { replace: true });
    },
  });
}
