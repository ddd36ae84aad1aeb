import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import { SAVED_SEARCHES_LINK, savedSearchAlertsSummary } from "../../../../shared/email-texts.js";
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
import { emailPreferencesQueryKey, savedSearchesQueryKey } from "../../../lib/saved-searches.js";

/**
 * A switch per optional kind of e-mail, each saved the moment it is flipped. Saved search alerts
 * switch every saved search's own weekly e-mail (the one truth, which the profile shows too).
 */
export function EmailPreferencesCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: emailPreferencesQueryKey,
    queryFn: ({ signal }) => apiGet<EmailPreferences>("/_api/user/email-preferences", { signal }),
    retry: retryUnlessClientError,
  });
  const save = useMutation({
    mutationFn: (update: Partial<Pick<EmailPreferences, EmailKind>>) =>
      apiPut<EmailPreferences>("/_api/user/email-preferences", update),
    onSuccess: (saved, update) => {
      queryClient.setQueryData(emailPreferencesQueryKey, saved);
      if (update.saved_search_alerts !== undefined)
        void queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey });
    },
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
            // Without a saved search there is nothing for alerts to be on for.
            disabled={save.isPending || (kind === "saved_search_alerts" && preferences.data.saved_searches.total === 0)}
            onChange={(on) => save.mutate({ [kind]: on })}
            state={
              kind === "saved_search_alerts" ? (
                <>
                  {savedSearchAlertsSummary(preferences.data.saved_searches)}
                  {preferences.data.saved_searches.total > 1 && (
                    <>
                      {" "}
                      <Link to="/profile" className="font-medium text-indigo-700 underline underline-offset-2">
                        {SAVED_SEARCHES_LINK}
                      </Link>
                      .
                    </>
                  )}
                </>
              ) : null
            }
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

function KindSwitch(props: {
  kind: EmailKind;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  /** What the switch stands for now, under its description. */
  state: ReactNode;
}) {
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
        {props.state && <p className="mt-1 text-sm text-slate-600">{props.state}</p>}
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
