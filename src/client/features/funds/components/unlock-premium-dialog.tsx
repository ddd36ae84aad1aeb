import { Check, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { formatUsd, PLANS } from "../../../../shared/plans.js";
import { TEXTS } from "../../../../shared/texts.js";
import { Button } from "../../../components/ui/button.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.js";
import { type PromptDialogProps, returnFocus } from "./save-fund-dialog.js";

const BENEFITS = [
  "Every matching fund, not just the top 3",
  "Contact details and investment criteria",
  "Saved favourites",
];

/** Shown to a logged-in free user who tries to save a premium (blurred) fund, or on a 402 from save-fund. */
export function UnlockPremiumDialog({ open, onOpenChange, returnFocusRef }: PromptDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus(returnFocusRef)}>
        <DialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 sm:mx-0">
            <Sparkles className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>{TEXTS.upgradeDialog.title}</DialogTitle>
          <DialogDescription>
            This fund is part of the Premium list. Upgrade to see its contact details and check size, and to save it to
            your favourites.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm text-slate-700">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden="true" />
              {benefit}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">
          {formatUsd(PLANS.monthly.priceUsd)}/month. {TEXTS.paywall.cancelAnytime}.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{TEXTS.upgradeDialog.dismiss}</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/subscribe">{TEXTS.upgradeDialog.confirm}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
