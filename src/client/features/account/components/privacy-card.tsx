import { Download, LoaderCircle, PauseCircle, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import { Button } from "../../../components/ui/button.js";
import { ApiError, messageOr } from "../../../lib/api-client.js";
import type { ConfirmPasswordValues } from "../account-form-schemas.js";
import {
  type CloseAccountKind,
  isCodeNeeded,
  useCloseAccount,
  useExportData,
  useForgetUser,
  useRefreshConfirmation,
} from "../api/use-account-actions.js";
import { useConfirmation, useCurrentUser } from "../api/use-account-queries.js";
import { deactivationBillingNote, deletionBillingNote } from "../deactivation-note.js";
import { PasswordConfirmDialog } from "./password-confirm-dialog.js";

const CLOSE_TEXTS: Record<
  CloseAccountKind,
  { description: string; confirmLabel: string; success: string; failure: string }
> = {
  deactivate: {
    description: ACCOUNT_TEXTS.deactivateConfirmText,
    confirmLabel: ACCOUNT_TEXTS.deactivateTitle,
    success: ACCOUNT_MESSAGES.deactivated,
    failure: ACCOUNT_MESSAGES.deactivateFailed,
  },
  delete: {
    description: ACCOUNT_TEXTS.deleteConfirmText,
    confirmLabel: ACCOUNT_TEXTS.deleteConfirm,
    success: ACCOUNT_MESSAGES.deleted,
    failure: ACCOUNT_MESSAGES.deleteFailed,
  },
};

function PrivacyRow({ title, description, action }: { title: string; description: string; action: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div>
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </div>
      {action}
    </li>
  );
}

/** Account settings: export, deactivate and delete. */
export function PrivacyActions() {
  const exportData = useExportData();
  const [dialog, setDialog] = useState<CloseAccountKind | null>(null);

  const startExport = () =>
    exportData.mutate(undefined, {
      onSuccess: () => toast.success(ACCOUNT_MESSAGES.exportStarted),
      onError: () => toast.error(ACCOUNT_MESSAGES.exportFailed),
    });

  return (
    <>
      <ul className="flex flex-col divide-y divide-slate-200">
        <PrivacyRow
          title={ACCOUNT_TEXTS.exportTitle}
          description={ACCOUNT_TEXTS.exportHint}
          action={
            <Button variant="outline" disabled={exportData.isPending} onClick={startExport} className="self-start">
              {exportData.isPending ? (
                <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
              ) : (
                <Download aria-hidden="true" />
              )}
              Export Data
            </Button>
          }
        />
        <PrivacyRow
          title={ACCOUNT_TEXTS.deactivateTitle}
          description={ACCOUNT_TEXTS.deactivateHint}
          action={
            <Button
              variant="outline"
              aria-haspopup="dialog"
              onClick={() => setDialog("deactivate")}
              className="self-start border-amber-300 text-amber-900 hover:bg-amber-50 hover:text-amber-950"
            >
              <PauseCircle aria-hidden="true" />
              Deactivate
            </Button>
          }
        />
        <PrivacyRow
          title={ACCOUNT_TEXTS.deleteTitle}
          description={ACCOUNT_TEXTS.deleteHint}
          action={
            <Button
              aria-haspopup="dialog"
              onClick={() => setDialog("delete")}
              className="self-start bg-red-600 hover:bg-red-700"
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
        />
      </ul>
      <CloseAccountDialog kind="deactivate" open={dialog === "deactivate"} onOpenChange={() => setDialog(null)} />
      <CloseAccountDialog kind="delete" open={dialog === "delete"} onOpenChange={() => setDialog(null)} />
    </>
  );
}

function CloseAccountDialog({
  kind,
  open,
  onOpenChange,
}: {
  kind: CloseAccountKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = useCloseAccount(kind);
  const forgetUser = useForgetUser();
  const navigate = useNavigate();
  const texts = CLOSE_TEXTS[kind];
  const current = useCurrentUser();
  const confirmation = useConfirmation();
  const refreshConfirmation = useRefreshConfirmation();
  const kindOfConfirmation = confirmation.status === "ready" ? confirmation.kind : "password";
  const note =
    current.status !== "authenticated"
      ? null
      : kind === "deactivate"
        ? deactivationBillingNote(current.user)
        : deletionBillingNote(current.user);

  const confirm = async (values: ConfirmPasswordValues): Promise<string | undefined> => {
    try {
      await close.mutateAsync(values);
    } catch (error) {
      // A wrong password or code belongs at the field; anything else is a toast.
      if (error instanceof ApiError && error.status === 401 && error.serverMessage) return error.serverMessage;
      toast.error(messageOr(error, texts.failure));
      // The recent sign-in's window has closed: the dialog asks for a code instead.
      if (isCodeNeeded(error)) void refreshConfirmation();
      return undefined;
    }
    // Leave first, then forget the user: this page would otherwise flash its Access Denied screen.
    navigate("/", { replace: true });
    forgetUser();
    toast.success(texts.success);
    return undefined;
  };

  return (
    <PasswordConfirmDialog
      key={kindOfConfirmation}
      confirmation={kindOfConfirmation}
      recentSignInUntil={confirmation.status === "ready" ? confirmation.recentSignInUntil : null}
      open={open}
      onOpenChange={(next) => {
        if (!next) onOpenChange(false);
      }}
      description={texts.description}
      note={note}
      confirmLabel={texts.confirmLabel}
      onConfirm={confirm}
    />
  );
}
