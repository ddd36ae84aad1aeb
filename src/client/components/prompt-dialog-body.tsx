import type { LucideIcon } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
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

export type PromptDialogBodyProps = PromptDialogProps & {
  icon: LucideIcon;
  title: string;
  description: string;
  dismissLabel: string;
  confirmLabel: string;
  confirmTo: string;
  children?: ReactNode;
};

/** The Radix dialog behind PromptDialog (prompt-dialog.tsx), loaded when a prompt first opens. */
export function PromptDialogBody({
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
}: PromptDialogBodyProps) {
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
