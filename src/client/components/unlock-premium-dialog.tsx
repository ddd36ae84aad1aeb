import { Sparkles } from "lucide-react";
import { formatUsd, PLANS } from "../../shared/plans.js";
import { TEXTS } from "../../shared/texts.js";
import { BenefitList, PromptDialog, type PromptDialogProps } from "./prompt-dialog.js";

const SAVE_DESCRIPTION =
  "This fund is part of the Premium list. Upgrade to see its contact details and check size, and to save it to your favourites.";

/**
 * Shown to a logged-in free user who tries to save a premium (blurred) fund, or on a 402 from
 * save-fund; with its own description, to anyone reaching for the advanced filters or a fund's
 * premium details.
 */
export function UnlockPremiumDialog({
  description = SAVE_DESCRIPTION,
  ...props
}: PromptDialogProps & { description?: string }) {
  return (
    <PromptDialog
      {...props}
      icon={Sparkles}
      title={TEXTS.upgradeDialog.title}
      description={description}
      dismissLabel={TEXTS.upgradeDialog.dismiss}
      confirmLabel={TEXTS.upgradeDialog.confirm}
      confirmTo="/subscribe"
    >
      <BenefitList className="text-slate-700" iconClassName="text-indigo-600" />
      <p className="text-sm text-slate-600">
        {formatUsd(PLANS.monthly.priceUsd)}/month. {TEXTS.paywall.cancelAnytime}.
      </p>
    </PromptDialog>
  );
}
