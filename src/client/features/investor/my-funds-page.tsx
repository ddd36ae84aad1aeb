import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { fundPath } from "../../../shared/fund-page.js";
import { INVESTOR_TEXTS } from "../../../shared/investor-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { AccessDeniedScreen } from "../../components/access-denied.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { useMyFunds } from "../../lib/my-funds.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useSessionQuery } from "../../lib/use-session-query.js";

/** /investor/funds: the funds the signed-in account is on the team of, each with Edit (issue 24). */
export function MyFundsPage() {
  usePageMeta(PAGE_META["/investor/funds"]);
  const session = useSessionQuery();
  const signedIn = Boolean(session.data?.user);
  const funds = useMyFunds(signedIn);
  if (!session.isPending && !signedIn) {
    return (
      <AccessDeniedScreen title="Access Denied" message="Please log in to see your funds.">
        <Button asChild className="mt-8">
          <Link to="/login">Log In</Link>
        </Button>
      </AccessDeniedScreen>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{INVESTOR_TEXTS.myFundsTitle}</h1>
      <p className="mt-2 text-sm text-slate-600">{INVESTOR_TEXTS.myFundsIntro}</p>
      {session.isPending || funds.isPending ? (
        <div className="mt-6 flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading your funds">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : funds.isError ? (
        <p className="mt-6 text-sm text-red-700">{INVESTOR_TEXTS.loadFailed}</p>
      ) : funds.data.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
          {INVESTOR_TEXTS.noFunds}
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {funds.data.map((fund) => (
            <li
              key={fund.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="min-w-0">
                <Link to={fundPath(fund)} className="font-semibold break-words text-slate-900 hover:underline">
                  {fund.name}
                </Link>
                {fund.vehicleName && <p className="text-sm text-slate-600">{fund.vehicleName}</p>}
              </div>
              <Button asChild size="sm">
                <Link to={`/investor/funds/${fund.id}`} aria-label={`${INVESTOR_TEXTS.edit} ${fund.name}`}>
                  <Pencil aria-hidden="true" />
                  {INVESTOR_TEXTS.edit}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
