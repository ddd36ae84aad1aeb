import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, BadgeCheck, LogIn, Pencil, TriangleAlert, Unlink } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { AUTH_TEXTS } from "../../../shared/auth-texts.js";
import { CLAIM_TEXTS, fundEditorPath } from "../../../shared/fund-claim-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { Button } from "../../components/ui/button.js";
import { ApiError, apiPost } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useViewer } from "../../lib/viewer.js";
import { fundMembershipsQueryKey } from "./api/use-fund-memberships.js";

type Verified = { fund: { id: number; name: string } };

/**
 * Where a claim's e-mailed link lands (`/claim/verify?token=`), rendered in the browser only: the
 * token never reaches the server in a URL. Opening it changes nothing (mail scanners open links);
 * the signed-in claimant confirms with the button, and the account joins the fund's team.
 */
export function ClaimVerifyPage() {
  usePageMeta(PAGE_META["/claim/verify"]);
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => apiPost<Verified>("/_api/funds/claims/verify", { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundMembershipsQueryKey }),
  });
  const error = confirm.error
    ? confirm.error instanceof ApiError && confirm.error.serverMessage
      ? confirm.error.serverMessage
      : CLAIM_TEXTS.verifyFailed
    : null;
  const unusable = confirm.error instanceof ApiError && confirm.error.serverMessage === CLAIM_TEXTS.linkInvalid;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:py-14">
      <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {AUTH_TEXTS.backHome}
        </Link>
      </Button>
      <section
        aria-labelledby="claim-verify-title"
        className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        {confirm.isSuccess ? (
          <div role="status" className="flex flex-col items-center gap-4 text-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <BadgeCheck className="size-5" aria-hidden="true" />
            </span>
            <h1 id="claim-verify-title" className="text-2xl font-bold tracking-tight text-slate-900">
              {CLAIM_TEXTS.verifiedTitle(confirm.data.fund.name)}
            </h1>
            <p className="text-sm text-slate-600">{CLAIM_TEXTS.verifiedText}</p>
            <Button asChild size="lg" className="w-full">
              <Link to={fundEditorPath(confirm.data.fund.id)}>
                <Pencil aria-hidden="true" />
                {CLAIM_TEXTS.editProfile}
              </Link>
            </Button>
          </div>
        ) : (
          <>
            <h1 id="claim-verify-title" className="text-2xl font-bold tracking-tight text-slate-900">
              {CLAIM_TEXTS.verifyTitle}
            </h1>
            {!token || unusable ? (
              <p role="alert" className="flex items-start gap-2 text-sm text-slate-800">
                <Unlink className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
                {token ? CLAIM_TEXTS.linkInvalid : CLAIM_TEXTS.missingToken}
              </p>
            ) : viewer.status === "loading" ? (
              <p role="status" className="text-sm text-slate-600">
                {CLAIM_TEXTS.verifyChecking}
              </p>
            ) : viewer.status === "anonymous" ? (
              <>
                <p className="text-sm text-slate-700">{CLAIM_TEXTS.verifySignIn}</p>
                <Button asChild size="lg" className="w-full">
                  <Link to="/login">
                    <LogIn aria-hidden="true" />
                    {CLAIM_TEXTS.signIn}
                  </Link>
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-slate-700">{CLAIM_TEXTS.verifyIntro}</p>
                {error && (
                  <p
                    role="alert"
                    className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
                  >
                    <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {error}
                  </p>
                )}
                <Button size="lg" className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
                  <BadgeCheck aria-hidden="true" />
                  {confirm.isPending ? CLAIM_TEXTS.verifying : CLAIM_TEXTS.verifyConfirm}
                </Button>
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}
