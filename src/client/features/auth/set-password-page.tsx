import { SET_PASSWORD_TEXTS } from "../../../shared/auth-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useSetPassword } from "./api/use-set-password.js";
import { PasswordLinkPage } from "./components/password-link-page.js";

/** Set a password through the single-use link e-mailed after a guest checkout (`?token=`). */
export function SetPasswordPage() {
  usePageMeta(PAGE_META["/set-password"]);
  const setPassword = useSetPassword();
  return (
    <PasswordLinkPage
      purpose="set_password"
      mutation={setPassword}
      titleId="set-password-title"
      title={SET_PASSWORD_TEXTS.title}
      lead={SET_PASSWORD_TEXTS.lead}
      texts={SET_PASSWORD_TEXTS}
      errorLink={{ to: "/login", label: SET_PASSWORD_TEXTS.toLogin }}
    />
  );
}
