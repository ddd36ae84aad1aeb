import { ADMIN_TEXTS } from "../../../../shared/admin-texts.js";
import type { AdminUser, UserAction } from "../../../../shared/schemas/admin.js";
import { reactivationBillingText } from "../user-rows.js";
import { ConfirmDialog } from "./confirm-dialog.js";

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
    <ConfirmDialog
      open={target !== null}
      pending={pending}
      title={texts?.title}
      description={texts?.description}
      confirmLabel={texts?.confirm}
      destructive={destructive}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {billing && <p className="text-sm text-slate-700">{billing}</p>}
      {target && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 px-4 py-3 text-sm">
          <dt className="text-slate-600">Display Name</dt>
          <dd className="min-w-0 font-medium break-words text-slate-900">{target.user.displayName}</dd>
          <dt className="text-slate-600">Email</dt>
          <dd className="min-w-0 font-medium break-words text-slate-900">{target.user.email}</dd>
        </dl>
      )}
    </ConfirmDialog>
  );
}
