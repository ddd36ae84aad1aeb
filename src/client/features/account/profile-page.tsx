import { Cookie, Crown, LogOut, Search, Settings, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS } from "../../../shared/account-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { SessionUser } from "../../../shared/schemas/auth.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader } from "../../components/ui/card.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { useAccountStatus } from "../../lib/account-status.js";
import { openCookiePreferences } from "../../lib/consent.js";
import {
  BADGE_TONE_CLASS,
  isProfilePremium,
  subscriptionStatusLabel,
  subscriptionStatusTone,
} from "../../lib/subscription-status.js";
import { useLogout } from "../../lib/use-logout.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { cn } from "../../lib/utils.js";
import { useCurrentUser, useProfile, useSavedFundDetails, useUnsaveFund } from "./api/use-account-queries.js";
import { BackHomeButton, PageSkeleton } from "./components/page-states.js";
import { SavedFundCard } from "./components/saved-fund-card.js";

/** Profile. */
export function ProfilePage() {
  usePageMeta(PAGE_META["/profile"]);
  const current = useCurrentUser();
  if (current.status === "loading") return <PageSkeleton label="Loading your profile" />;
  // Nothing here is for a visitor; the login page is where they can do something about it.
  if (current.status === "anonymous") return <Navigate to="/login" replace />;
  return <Profile user={current.user} />;
}

function Profile({ user }: { user: SessionUser }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{ACCOUNT_TEXTS.profileTitle}</h1>
        <BackHomeButton />
      </div>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[20rem_1fr] lg:gap-8">
        <aside aria-label="Account" className="flex flex-col gap-6">
          <UserInformationCard />
          <SubscriptionCard />
          <AccountActionsCard />
        </aside>
        <SavedFundsSection key={user.id} />
      </div>
    </div>
  );
}

function CardHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-lg font-semibold tracking-tight text-slate-900">{children}</h2>;
}

function ErrorNote({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex items-start gap-2 text-sm text-red-700">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

function UserInformationCard() {
  const profile = useProfile(true);
  const rows = profile.data
    ? [
        { label: ACCOUNT_TEXTS.displayName, value: profile.data.displayName, className: undefined },
        { label: ACCOUNT_TEXTS.email, value: profile.data.email, className: undefined },
        // 'user' or 'admin' as stored; shown as a word in a sentence would be ('User').
        { label: ACCOUNT_TEXTS.role, value: profile.data.role, className: "capitalize" },
      ]
    : null;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardHeading>{ACCOUNT_TEXTS.userInformation}</CardHeading>
      </CardHeader>
      <CardContent>
        {rows ? (
          <dl className="flex flex-col gap-3 text-sm">
            {rows.map((row) => (
              <div key={row.label}>
                <dt className="text-xs font-medium text-slate-600">{row.label}</dt>
                <dd className={cn("mt-0.5 font-medium break-words text-slate-900", row.className)}>{row.value}</dd>
              </div>
            ))}
          </dl>
        ) : profile.isError ? (
          <ErrorNote>{ACCOUNT_MESSAGES.profileLoadFailed}</ErrorNote>
        ) : (
          <div className="flex flex-col gap-3" aria-hidden="true">
            <Skeleton className="h-9 w-3/4" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-1/3" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function SubscriptionCard() {
  const status = useAccountStatus(true);
  const subscriptionStatus = status.data?.subscriptionStatus ?? null;
  const premium = isProfilePremium(subscriptionStatus);
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardHeading>{ACCOUNT_TEXTS.subscription}</CardHeading>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.data ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex items-center gap-2 text-base font-semibold text-slate-900">
                {premium && <Crown className="size-4 text-amber-500" aria-hidden="true" />}
                {premium ? ACCOUNT_TEXTS.premium : ACCOUNT_TEXTS.freeTier}
              </p>
              <Badge variant="outline" className={BADGE_TONE_CLASS[subscriptionStatusTone(subscriptionStatus)]}>
                {subscriptionStatusLabel(subscriptionStatus)}
              </Badge>
            </div>
            <Button asChild variant={premium ? "outline" : "default"} className="w-full">
              <Link to="/subscribe">{premium ? ACCOUNT_TEXTS.manageSubscription : ACCOUNT_TEXTS.upgradeToPremium}</Link>
            </Button>
          </>
        ) : status.isError ? (
          <ErrorNote>{ACCOUNT_MESSAGES.statusLoadFailed}</ErrorNote>
        ) : (
          <div className="flex flex-col gap-4" aria-hidden="true">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-10 w-full rounded-lg" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AccountActionsCard() {
  const signOut = useLogout();
  const navigate = useNavigate();
  const logOut = async () => {
    await signOut.mutateAsync();
    navigate("/login", { replace: true });
  };
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardHeading>{ACCOUNT_TEXTS.accountActions}</CardHeading>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Button asChild variant="outline" className="w-full justify-start">
          <Link to="/account-settings">
            <Settings aria-hidden="true" />
            {ACCOUNT_TEXTS.accountSettings}
          </Link>
        </Button>
        <Button
          variant="outline"
          className="w-full justify-start"
          aria-haspopup="dialog"
          onClick={openCookiePreferences}
        >
          <Cookie aria-hidden="true" />
          {ACCOUNT_TEXTS.cookiePreferences}
        </Button>
        <Button
          variant="ghost"
          className="w-full justify-start text-red-700 hover:bg-red-50 hover:text-red-800"
          disabled={signOut.isPending}
          onClick={() => void logOut()}
        >
          <LogOut aria-hidden="true" />
          {ACCOUNT_TEXTS.logOut}
        </Button>
      </CardContent>
    </Card>
  );
}

function SavedFundsSection() {
  const savedFunds = useSavedFundDetails(true);
  const unsave = useUnsaveFund();
  const funds = savedFunds.data;

  return (
    <section aria-labelledby="saved-funds-title" className="flex min-w-0 flex-col gap-5">
      <div className="flex items-center gap-3">
        <h2 id="saved-funds-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {ACCOUNT_TEXTS.savedFunds}
        </h2>
        {funds && funds.length > 0 && (
          <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-sm font-semibold text-indigo-700">
            <span className="sr-only">(</span>
            {funds.length}
            <span className="sr-only">)</span>
          </span>
        )}
      </div>

      {funds ? (
        funds.length > 0 ? (
          <ul className="grid gap-4 md:grid-cols-2">
            {funds.map((fund) => (
              <li key={fund.id}>
                <SavedFundCard
                  fund={fund}
                  removing={unsave.isPending && unsave.variables === fund.id}
                  onRemove={() => unsave.mutate(fund.id)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <EmptySavedFunds />
        )
      ) : savedFunds.isError ? (
        <div className="rounded-2xl border border-red-200 bg-red-50 p-5">
          <ErrorNote>{ACCOUNT_MESSAGES.savedFundsLoadFailed}</ErrorNote>
        </div>
      ) : (
        <div role="status" aria-label="Loading saved funds" className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-48 rounded-2xl" />
          ))}
        </div>
      )}
    </section>
  );
}

function EmptySavedFunds() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 ring-1 ring-indigo-100">
        <Search className="size-6" aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{ACCOUNT_TEXTS.noSavedFundsTitle}</h3>
      <p className="mt-1.5 max-w-sm text-sm text-slate-600">{ACCOUNT_TEXTS.noSavedFundsHint}</p>
      <Button asChild className="mt-6">
        <Link to="/#find-investors">
          <Search aria-hidden="true" />
          {ACCOUNT_TEXTS.findInvestors}
        </Link>
      </Button>
    </div>
  );
}
