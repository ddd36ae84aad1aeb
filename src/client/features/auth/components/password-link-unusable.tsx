import { Unlink } from "lucide-react";
import { Link } from "react-router";
import { PASSWORD_LINK_TEXTS } from "../../../../shared/auth-texts.js";
import { Button } from "../../../components/ui/button.js";

/**
 * What /set-password and /reset-password show instead of their form when the link no longer works
 * (used, expired, or not a link at all), with the way forward: a new link by e-mail.
 */
export function PasswordLinkUnusable() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <Unlink className="size-5" aria-hidden="true" />
      </span>
      <p className="font-semibold text-slate-900">{PASSWORD_LINK_TEXTS.usedOrExpired}</p>
      <div className="flex w-full flex-col gap-2">
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">{PASSWORD_LINK_TEXTS.requestNew}</Link>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to="/login">{PASSWORD_LINK_TEXTS.toLogin}</Link>
        </Button>
      </div>
    </div>
  );
}

/** While the link is checked: a line in the form's place, so the card does not jump. */
export function PasswordLinkChecking() {
  return (
    <p role="status" className="py-6 text-center text-sm text-slate-600">
      {PASSWORD_LINK_TEXTS.checking}
    </p>
  );
}
