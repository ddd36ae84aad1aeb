import { Link } from "react-router";
import { TEXTS } from "../../shared/texts.js";
import { Button } from "../components/ui/button.js";

/**
 * The header's account area. Accounts do not exist yet, so it is always the Login link; the auth
 * feature replaces this component with the loading / avatar-menu / login states of spec section 2.
 */
export function HeaderAuth() {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to="/login">{TEXTS.auth.login}</Link>
    </Button>
  );
}
