import { Cookie, Crown, Kanban, List, LogOut, Search, Settings, TriangleAlert } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS, PIPELINE_TEXTS } from "../../../shared/account-texts.js";
import { loginHref } from "../../../shared/auth-form-post.js";
import { canExportPipeline, canSaveSearches } from "../../../shared/entitlements.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import { PIPELINE_STATUS_LABELS, PIPELINE_STATUSES } from "../../../shared/pipeline.js";
import type { SessionUser } from "../../../shared/schemas/auth.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader } from "../../components/ui/card.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { useAccountStatus } from "../../lib/account-status.js";
import { openCookiePreferences } from "../../lib/consent.js";
import { lazyPart } from "../../lib/lazy-part.js";
import type { SavedFund } from "../../lib/saved-funds.js";
import {
  BADGE_TONE_CLASS,
  isProfilePremium,
  subscriptionStatusLabel,
  subscriptionStatusTone,
} from "../../lib/subscription-status.js";
import { useHydrated } from "../../lib/use-hydrated.js";
import { useLogout } from "../../lib/use-logout.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { cn } from "../../lib/utils.js";
import { useCurrentUser, useProfile, useSavedFundDetails, useUnsaveFund } from "./api/use-account-queries.js";
import { BackHomeButton, PageSkeleton } from "./components/page-states.js";
import { PipelineExportButtons, RoundProgress } from "./components/round-progress.js";
import { SavedFundCard } from "./components/saved-fund-card.js";
import { SavedSearchesCard } from "./components/saved-searches-card.js";
import { YourReportsCard } from "./components/your-reports-card.js";
import {
  filterByStatus,
  localToday,
  type PipelineLayout,
  parseLayout,
  parseStatusFilter,
  STATUS_FILTER_PARAM,
  type StatusCounts,
  type StatusFilter,
  statusCounts,
  VIEW_PARAM,
} from "./pipeline-view.js";

// dnd-kit and the board load only when the board is shown (ADR 0006's entry budget).
const PitchesSection = lazyPart("features/account/components/pitches-section.tsx", () =>
  import("./components/pitches-section.js").then((module) => module.PitchesSection),
);
const PipelineBoard = lazyPart("features/account/components/pipeline-board.tsx", () =>
  import("./components/pipeline-board.js").then((module) => module.PipelineBoard),
);

/** Profile. */
export function ProfilePage() {
  usePageMeta(PAGE_META["/profile"]);
  const current = useCurrentUser();
  if (current.status === "loading") return <PageSkeleton label="Loading your profile" />;
  // Nothing here is for a visitor; the login page is where they can do something about it, and it
  // brings them back here (as the server's own redirect does before the app runs).
  if (current.status === "anonymous") return <Navigate to={loginHref({ next: "/profile" })} replace />;
  return <Profile user={current.user} />;
}

function Profile({ user }: { user: SessionUser }) {
  const [searchParams] = useSearchParams();
  // The board needs the page's whole width for its five columns: on a wide screen it comes first
  // and the account cards line up beneath it.
  const board = parseLayout(searchParams.get(VIEW_PARAM)) === "board";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{ACCOUNT_TEXTS.profileTitle}</h1>
        <BackHomeButton />
      </div>
      <div className={cn("mt-8 grid items-start gap-6 lg:gap-8", !board && "lg:grid-cols-[20rem_1fr]")}>
        <aside
          aria-label="Account"
          className={cn("flex flex-col gap-6", board && "lg:order-last lg:grid lg:grid-cols-3")}
        >
          <UserInformationCard />
          <SubscriptionCard user={user} />
          <SavedSearchesCard subscribed={canSaveSearches(user)} />
          <YourReportsCard />
          <AccountActionsCard />
        </aside>
        <div className="flex min-w-0 flex-col gap-10">
          <PitchesSection key={`pitches-${user.id}`} />
          <SavedFundsSection key={user.id} />
        </div>
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

function SubscriptionCard({ user }: { user: SessionUser }) {
  const status = useAccountStatus(true);
  const subscriptionStatus = status.data?.subscriptionStatus ?? null;
  const premium = isProfilePremium(subscriptionStatus);
  // Cancelled at the period's end: Premium still, but it will not renew.
  // In the reader's time zone once the app runs; the server (and the render that takes its HTML
  // over) says the day in UTC, the only zone both know.
  const hydrated = useHydrated();
  const endsOn =
    premium && user.subscriptionCancelAtPeriodEnd && user.subscriptionEndDate
      ? new Date(user.subscriptionEndDate).toLocaleDateString("en-US", {
          year: "numeric",
          month: "long",
          day: "numeric",
          ...(hydrated ? {} : { timeZone: "UTC" }),
        })
      : null;
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
            {endsOn && <p className="text-sm text-amber-900">{ACCOUNT_TEXTS.endsOn(endsOn)}</p>}
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
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseStatusFilter(searchParams.get(STATUS_FILTER_PARAM));
  const layout = parseLayout(searchParams.get(VIEW_PARAM));
  const status = useAccountStatus(true);
  // Read once per visit: a card does not flip to overdue at midnight while being edited. The
  // reader's own day, which the server does not know: no card is overdue in the server's render
  // and the browser's first one (they must match), then the reader's day decides.
  const [localDay] = useState(() => localToday());
  const today = useHydrated() ? localDay : "";

  const chooseFilter = (next: StatusFilter) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === "all") params.delete(STATUS_FILTER_PARAM);
        else params.set(STATUS_FILTER_PARAM, next);
        return params;
      },
      { preventScrollReset: true },
    );

  const chooseLayout = (next: PipelineLayout) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === "list") params.delete(VIEW_PARAM);
        else params.set(VIEW_PARAM, next);
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <section aria-labelledby="saved-funds-title" className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
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
        {funds && funds.length > 0 && (
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {canExportPipeline(status.data) && <PipelineExportButtons />}
            <LayoutToggle selected={layout} onSelect={chooseLayout} />
          </div>
        )}
      </div>

      {funds ? (
        funds.length > 0 ? (
          <>
            <RoundProgress funds={funds} />
            {layout === "board" ? (
              <Suspense
                fallback={
                  <div role="status" aria-label="Loading the board" className="flex gap-3 overflow-hidden">
                    {[0, 1, 2].map((index) => (
                      <Skeleton key={index} className="h-64 w-[17rem] shrink-0 rounded-2xl" />
                    ))}
                  </div>
                }
              >
                <PipelineBoard funds={funds} />
              </Suspense>
            ) : (
              <>
                <StatusFilterBar counts={statusCounts(funds)} selected={filter} onSelect={chooseFilter} />
                <FilteredFunds
                  funds={filterByStatus(funds, filter)}
                  filter={filter}
                  today={today}
                  removingId={unsave.isPending ? unsave.variables : undefined}
                  onRemove={(fundId) => unsave.mutate(fundId)}
                  onShowAll={() => chooseFilter("all")}
                />
              </>
            )}
          </>
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

/** List or board; the choice lives in the URL (?view=board), like the status filter. */
function LayoutToggle({
  selected,
  onSelect,
}: {
  selected: PipelineLayout;
  onSelect: (layout: PipelineLayout) => void;
}) {
  const options = [
    { value: "list" as const, label: PIPELINE_TEXTS.viewList, Icon: List },
    { value: "board" as const, label: PIPELINE_TEXTS.viewBoard, Icon: Kanban },
  ];
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      <legend className="sr-only">{PIPELINE_TEXTS.viewLabel}</legend>
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={value === selected}
          onClick={() => onSelect(value)}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium outline-hidden focus-visible:ring-2 focus-visible:ring-indigo-600",
            value === selected ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-50",
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/** One button per status with its count; the choice lives in the URL (shareable, Back works). */
function StatusFilterBar({
  counts,
  selected,
  onSelect,
}: {
  counts: StatusCounts;
  selected: StatusFilter;
  onSelect: (filter: StatusFilter) => void;
}) {
  const options: { value: StatusFilter; label: string }[] = [
    { value: "all", label: PIPELINE_TEXTS.all },
    ...PIPELINE_STATUSES.map((status) => ({ value: status, label: PIPELINE_STATUS_LABELS[status] })),
  ];
  return (
    <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1 [scrollbar-width:thin] sm:flex-wrap sm:overflow-visible">
      <legend className="sr-only">{PIPELINE_TEXTS.filterLabel}</legend>
      {options.map((option) => {
        const active = option.value === selected;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            // One name for the label and its count: "Contacted (2)".
            aria-label={`${option.label} (${counts[option.value]})`}
            onClick={() => onSelect(option.value)}
            className={cn(
              "inline-flex h-9 shrink-0 items-center gap-2 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors outline-hidden focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2",
              active
                ? "border-indigo-600 bg-indigo-600 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
            )}
          >
            {option.label}
            <span
              className={cn(
                "rounded-full px-1.5 text-xs font-semibold tabular-nums",
                // A solid pill: white at 20% over indigo-600 left white text at 4.39:1.
                active ? "bg-white text-indigo-700" : "bg-slate-100 text-slate-700",
              )}
            >
              {counts[option.value]}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

function FilteredFunds({
  funds,
  filter,
  today,
  removingId,
  onRemove,
  onShowAll,
}: {
  funds: SavedFund[];
  filter: StatusFilter;
  today: string;
  removingId: number | undefined;
  onRemove: (fundId: number) => void;
  onShowAll: () => void;
}) {
  if (funds.length === 0 && filter !== "all") {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-6">
        <p className="text-sm text-slate-700">{PIPELINE_TEXTS.noneWithStatus(PIPELINE_STATUS_LABELS[filter])}</p>
        <Button variant="outline" size="sm" onClick={onShowAll}>
          {PIPELINE_TEXTS.showAll}
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {funds.map((fund) => (
        <li key={fund.id}>
          <SavedFundCard
            fund={fund}
            today={today}
            removing={removingId === fund.id}
            onRemove={() => onRemove(fund.id)}
          />
        </li>
      ))}
    </ul>
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
