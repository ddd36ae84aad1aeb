import { LoaderCircle } from "lucide-react";
import { ADMIN_TEXTS } from "../../../../shared/admin-texts.js";
import type { AdminUser, UserAction } from "../../../../shared/schemas/admin.js";
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
import { reactivationBillingText } from "../user-rows.js";

type UserActionDialogProps = {
  target: { user: AdminUser; action: UserAction } | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Every row action is confirmed in a dialog naming the user. */
export function UserActionDialog({ target, pending, onConfirm, onClose }: UserActionDialogProps) {
  const texts = target ? ADMIN_TEXTS.actions[target.action] : null;
  const destructive = target?.action === "delete_user";
  // Reactivating also restarts a renewal the deactivation stopped: the admin is told before confirming.
  const billing = target?.action === "reactivate_account" ? reactivationBillingText(target.user) : null;
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        // Closing mid-request would hide the outcome's toast behind a list that has not changed yet.
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent>
        {target && texts && (
          <>
            <DialogHeader>
              <DialogTitle>{texts.title}</DialogTitle>
              <DialogDescription>{texts.description}</DialogDescription>
            </DialogHeader>
            {billing && <p className="text-sm text-slate-700">{billing}</p>}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 px-4 py-3 text-sm">
              <dt className="text-slate-600">Display Name</dt>
              <dd className="min-w-0 font-medium break-words text-slate-900">{target.user.displayName}</dd>
              <dt className="text-slate-600">Email</dt>
              <dd className="min-w-0 font-medium break-words text-slate-900">{target.user.email}</dd>
            </dl>
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
                {texts.confirm}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
