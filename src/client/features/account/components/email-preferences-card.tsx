import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import {
  EMAIL_KIND_TEXTS,
  EMAIL_KINDS,
  type EmailKind,
  type EmailPreferences,
} from "../../../../shared/schemas/email-preferences.js";
import { Skeleton } from "../../../components/ui/skeleton.js";
import { Switch } from "../../../components/ui/switch.js";
import { retryUnlessClientError } from "../../../lib/account-status.js";
import { ApiError, apiGet, apiPut } from "../../../lib/api-client.js";

const emailPreferencesKey = ["user", "email-preferences"] as const;

/** A switch per optional kind of e-mail, each saved the moment it is flipped. */
export function EmailPreferencesCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: emailPreferencesKey,
    queryFn: ({ signal }) => apiGet<EmailPreferences>("/_api/user/email-preferences", { signal }),
    retry: retryUnlessClientError,
  });
  const save = useMutation({
    mutationFn: (update: Partial<EmailPreferences>) => apiPut<EmailPreferences>("/_api/user/email-preferences", update),
    onSuccess: (saved) => queryClient.setQueryData(emailPreferencesKey, saved),
  });

  if (preferences.isPending) return <Skeleton className="h-24 w-full" />;
  if (preferences.isError) return <p className="text-sm text-red-700">{ACCOUNT_TEXTS.emailPreferencesLoadError}</p>;
  // What the person just chose shows at once; a failure puts the saved value back.
  const shown = { ...preferences.data, ...(save.isPending ? save.variables : {}) };
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">{ACCOUNT_TEXTS.emailPreferencesIntro}</p>
      <ul className="flex flex-col gap-4">
        {EMAIL_KINDS.map((kind) => (
          <KindSwitch
            key={kind}
            kind={kind}
            checked={shown[kind]}
            disabled={save.isPending}
            onChange={(on) => save.mutate({ [kind]: on })}
          />
        ))}
      </ul>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {save.isError ? (
          <span className="text-red-700">
            {save.error instanceof ApiError && save.error.serverMessage
              ? save.error.serverMessage
              : ACCOUNT_TEXTS.emailPreferencesError}
          </span>
        ) : save.isSuccess ? (
          <span className="text-emerald-700">{ACCOUNT_TEXTS.emailPreferencesSaved}</span>
        ) : null}
      </p>
    </div>
  );
}

function KindSwitch(props: { kind: EmailKind; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  const { label, description } = EMAIL_KIND_TEXTS[props.kind];
  return (
    <li className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
      />
    </li>
  );
}
