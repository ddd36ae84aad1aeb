import { Bookmark } from "lucide-react";
import { useLocation } from "react-router";
import { signUpToSaveHref } from "../../shared/return-path.js";
import { TEXTS } from "../../shared/texts.js";
import { PromptDialog, type PromptDialogProps } from "./prompt-dialog.js";

/**
 * Shown to a logged-out visitor who tries to save a fund. "Sign Up Free" opens the sign-up form
 * with the fund and this page as the way back (issue 37): the sign-in saves the fund and leads back.
 */
export function SaveFundDialog({ fundId, ...props }: PromptDialogProps & { fundId?: number }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <PromptDialog
      {...props}
      icon={Bookmark}
      title={TEXTS.saveDialog.title}
      description="Create a free account to keep a shortlist of the funds you like and come back to it whenever you are ready to reach out."
      dismissLabel={TEXTS.saveDialog.dismiss}
      confirmLabel={TEXTS.saveDialog.confirm}
      confirmTo={fundId === undefined ? "/login?mode=signup" : signUpToSaveHref(fundId, here)}
    />
  );
}
