import { ArrowLeft, ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import { Button } from "../../../components/ui/button.js";
import { Skeleton } from "../../../components/ui/skeleton.js";

export function BackHomeButton() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/">
        <ArrowLeft aria-hidden="true" />
        {ACCOUNT_TEXTS.backHome}
      </Link>
    </Button>
  );
}

/** Spec section 2, Account settings: what a visitor who is not logged in sees. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <section
      aria-labelledby="access-denied-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-700 ring-1 ring-red-100">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 id="access-denied-title" className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        {ACCOUNT_TEXTS.accessDenied}
      </h1>
      <p className="mt-3 text-lg text-slate-600">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <BackHomeButton />
        <Button asChild size="sm">
          <Link to="/login">Log In</Link>
        </Button>
      </div>
    </section>
  );
}

/** Holds the page's place while the session is checked; announced once, not per block. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Skeleton className="h-9 w-56" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-44 rounded-2xl" />
          <Skeleton className="h-36 rounded-2xl" />
        </div>
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    </div>
  );
}
