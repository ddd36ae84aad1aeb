import { UserRoundCheck } from "lucide-react";
import { OAUTH_TEXTS } from "../../../../shared/auth-texts.js";
import { Button } from "../../../components/ui/button.js";

type AccountExistsCardProps = { message: string; email: string | null; onDismiss: () => void };

/** The popup reported account_linking_required: the e-mail already has a password account. */
export function AccountExistsCard({ message, email, onDismiss }: AccountExistsCardProps) {
  return (
    <div
      role="alert"
      aria-labelledby="account-exists-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <div className="flex items-start gap-3">
        <UserRoundCheck className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="account-exists-title" className="font-semibold">
            {OAUTH_TEXTS.accountExistsTitle}
          </h2>
          <p>{message}</p>
          {email && <p className="font-medium break-all">{email}</p>}
        </div>
      </div>
      <Button variant="outline" size="sm" className="self-end" onClick={onDismiss}>
        {OAUTH_TEXTS.accountExistsDismiss}
      </Button>
    </div>
  );
}
