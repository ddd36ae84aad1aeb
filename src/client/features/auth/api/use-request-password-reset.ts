import { useMutation } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.js";

/** "Forgot password?": the server answers the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (values: { email: string }) =>
      apiPost<{ message: string }>("/_api/auth/request-password-reset", values).then((answer) => answer.message),
  });
}
