import { Check } from "lucide-react";
import { lazyDialog } from "../lib/lazy-dialog.js";
import { cn } from "../lib/utils.js";
import type { PromptDialogBodyProps } from "./prompt-dialog-body.js";

export type { PromptDialogProps } from "./prompt-dialog-body.js";

/**
 * The save button's prompts: a reason, a way out, and one link onwards. Every fund card carries
 * two, closed; the dialog's code (Radix's layers) loads when one first opens.
 */
export const PromptDialog = lazyDialog<PromptDialogBodyProps>(() =>
  import("./prompt-dialog-body.js").then((module) => module.PromptDialogBody),
);

export const PREMIUM_BENEFITS = [
  "Every matching fund, not just the top 3",
  "Contact details and investment criteria",
  "Saved favourites",
] as const;

export function BenefitList({ className, iconClassName }: { className?: string; iconClassName?: string }) {
  return (
    <ul className={cn("grid gap-2 text-sm", className)}>
      {PREMIUM_BENEFITS.map((benefit) => (
        <li key={benefit} className="flex items-start gap-2">
          <Check className={cn("mt-0.5 size-4 shrink-0", iconClassName)} aria-hidden="true" />
          {benefit}
        </li>
      ))}
    </ul>
  );
}
