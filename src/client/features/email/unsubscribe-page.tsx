import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, CircleCheck, TriangleAlert } from "lucide-react";
import type { FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { AUTH_TEXTS } from "../../../shared/auth-texts.js";
import {
  UNSUBSCRIBE_RESULT_KEY,
  UNSUBSCRIBE_TEXTS,
  unsubscribeMessage,
  unsubscribeOutcomeOf,
} from "../../../shared/email-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { Button } from "../../components/ui/button.js";
import { usePageMeta } from "../../lib/use-page-meta.js";

type Answer = { kind: string; message: string };

/**
 * Posts the one-click form of RFC 8058, as a mail client would: the token in the URL, the body
 * `List-Unsubscribe=One-Click`. The API's JSON helpers send JSON, so this one call is its own.
 */
async function unsubscribe(token: string): Promise<Answer> {
  const response = await fetch(`/_api/email/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: "POST",
    credentials: "omit",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  const payload: unknown = await response.json().catch(() => null);
  const error = (payload as { error?: unknown } | null)?.error;
  if (!response.ok) throw new Error(typeof error === "string" ? error : UNSUBSCRIBE_TEXTS.failed);
  return payload as Answer;
}

/**
 * Where the unsubscribe link in an optional e-mail's footer lands (and the List-Unsubscribe URL,
 * opened in a browser). Opening it changes nothing (mail scanners open links); the button does.
 * Rendered on the server and working before the script runs: the form has no action, so the
 * browser posts it to this page's own address, token and all, and the server leads it back here
 * with the outcome in `result`. The render reads only whether there is a token, never the token.
 */
export function UnsubscribePage() {
  usePageMeta(PAGE_META["/unsubscribe"]);
  const [searchParams] = useSearchParams();
  const hasToken = searchParams.has("token");
  const ledBack = unsubscribeOutcomeOf(searchParams.get(UNSUBSCRIBE_RESULT_KEY));
  const confirm = useMutation({ mutationFn: unsubscribe });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(searchParams.get("token")?.trim() ?? "");
  };
  const done = confirm.isSuccess ? confirm.data.message : ledBack?.ok ? unsubscribeMessage(ledBack) : null;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:py-14">
      <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {AUTH_TEXTS.backHome}
        </Link>
      </Button>
      <section
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        aria-labelledby="unsubscribe-title"
      >
        <h1 id="unsubscribe-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {UNSUBSCRIBE_TEXTS.title}
        </h1>
        {done ? (
          <p role="status" className="mt-4 flex items-start gap-2 text-sm text-emerald-800">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {done}
          </p>
        ) : ledBack ? (
          <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-red-700">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {unsubscribeMessage(ledBack)}
          </p>
        ) : !hasToken ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {UNSUBSCRIBE_TEXTS.missingToken}
          </p>
        ) : (
          <form method="post" onSubmit={submit}>
            <p className="mt-4 text-sm text-slate-700">{UNSUBSCRIBE_TEXTS.intro}</p>
            {confirm.isError && (
              <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-red-700">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {confirm.error.message}
              </p>
            )}
            {/* RFC 8058's one-click body, for the post the browser makes before the script runs. */}
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit" className="mt-6 w-full" disabled={confirm.isPending}>
              {confirm.isPending ? UNSUBSCRIBE_TEXTS.working : UNSUBSCRIBE_TEXTS.confirm}
            </Button>
          </form>
        )}
        <p className="mt-6 text-sm">
          <Link to="/account-settings#email" className="font-medium text-indigo-700 underline underline-offset-2">
            {UNSUBSCRIBE_TEXTS.settingsLink}
          </Link>
        </p>
      </section>
    </div>
  );
}
