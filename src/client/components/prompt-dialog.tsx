import { Check, type LucideIcon } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { cn } from "../lib/utils.js";
import { Button } from "./ui/button.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog.js";

export type PromptDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog is opened programmatically, so Radix has no trigger to give focus back to. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

type Props = PromptDialogProps & {
  icon: LucideIcon;
  title: string;
  description: string;
  dismissLabel: string;
  confirmLabel: string;
  confirmTo: string;
  children?: ReactNode;
};

/** The save button's prompts: a reason, a way out, and one link onwards. */
export function PromptDialog({
  open,
  onOpenChange,
  returnFocusRef,
  icon: Icon,
  title,
  description,
  dismissLabel,
  confirmLabel,
  confirmTo,
  children,
}: Props) {
  const returnFocus = (event: Event) => {
    if (!returnFocusRef?.current) return;
    event.preventDefault();
    returnFocusRef.current.focus();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 sm:mx-0">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{dismissLabel}</Button>
          </DialogClose>
          <Button asChild>
            <Link to={confirmTo}>{confirmLabel}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

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
