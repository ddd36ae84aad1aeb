import { Bookmark } from "lucide-react";
import type { RefObject } from "react";
import { Link } from "react-router";
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

export type PromptDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog is opened programmatically, so Radix has no trigger to give focus back to. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

export function returnFocus(ref: RefObject<HTMLElement | null> | undefined) {
  return (event: Event) => {
    if (!ref?.current) return;
    event.preventDefault();
    ref.current.focus();
  };
}

/** Shown to a logged-out visitor who tries to save a fund (spec section 4). */
export function SaveFundDialog({ open, onOpenChange, returnFocusRef }: PromptDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus(returnFocusRef)}>
        <DialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 sm:mx-0">
            <Bookmark className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>{TEXTS.saveDialog.title}</DialogTitle>
          <DialogDescription>
            Create a free account to keep a shortlist of the funds you like and come back to it whenever you are ready
            to reach out.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{TEXTS.saveDialog.dismiss}</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/login">{TEXTS.saveDialog.confirm}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
