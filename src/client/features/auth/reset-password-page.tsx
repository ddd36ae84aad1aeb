import { RESET_PASSWORD_TEXTS } from "../../../shared/auth-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useResetPassword } from "./api/use-reset-password.js";
import { PasswordLinkPage } from "./components/password-link-page.js";

/**
 * The e-mailed reset link (`?token=`): checks the link first (a used or expired one says so
 * before the form), then sets the new password, which signs out every other device.
 */
export function ResetPasswordPage() {
  usePageMeta(PAGE_META["/reset-password"]);
  const reset = useResetPassword();
  return (
    <PasswordLinkPage
      purpose="reset_password"
      mutation={reset}
      titleId="reset-password-title"
      title={RESET_PASSWORD_TEXTS.resetTitle}
      lead={RESET_PASSWORD_TEXTS.resetLead}
      texts={RESET_PASSWORD_TEXTS}
      submitLabel={RESET_PASSWORD_TEXTS.submit}
      pendingLabel={RESET_PASSWORD_TEXTS.pending}
    />
  );
}
