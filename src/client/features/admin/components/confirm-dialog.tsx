import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { ADMIN_TEXTS } from "../../../../shared/admin-texts.js";
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

type ConfirmDialogProps = {
  open: boolean;
  /** The confirmed request is under way: both buttons wait, and the dialog stays open. */
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** A red confirm button, for what cannot be undone. */
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What the admin should see before confirming, between the description and the buttons. */
  children?: ReactNode;
};

/** An admin's confirmation of one action (a delete, a user action), with Cancel and the action's button. */
export function ConfirmDialog({
  open,
  pending,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-request would hide the outcome's toast behind a list that has not changed yet.
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {ADMIN_TEXTS.cancel}
            </Button>
          </DialogClose>
          <Button
            disabled={pending}
            onClick={onConfirm}
            className={destructive ? "bg-red-600 hover:bg-red-700" : undefined}
          >
            {pending && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
