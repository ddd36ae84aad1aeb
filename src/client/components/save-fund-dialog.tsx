import { Bookmark } from "lucide-react";
import { TEXTS } from "../../shared/texts.js";
import { PromptDialog, type PromptDialogProps } from "./prompt-dialog.js";

/** Shown to a logged-out visitor who tries to save a fund. */
export function SaveFundDialog(props: PromptDialogProps) {
  return (
    <PromptDialog
      {...props}
      icon={Bookmark}
      title={TEXTS.saveDialog.title}
      description="Create a free account to keep a shortlist of the funds you like and come back to it whenever you are ready to reach out."
      dismissLabel={TEXTS.saveDialog.dismiss}
      confirmLabel={TEXTS.saveDialog.confirm}
      confirmTo="/login"
    />
  );
}
