import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import { AccessDeniedScreen } from "../../../components/access-denied.js";
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

/** Account settings: what a visitor who is not logged in sees. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <AccessDeniedScreen title={ACCOUNT_TEXTS.accessDenied} message={message}>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <BackHomeButton />
        <Button asChild size="sm">
          <Link to="/login">Log In</Link>
        </Button>
      </div>
    </AccessDeniedScreen>
  );
}

/**
 * Holds the page's place while the session is checked; announced once, not per block. At least a
 * screen tall, so that the footer starts below the fold and the page moves nothing in view when it arrives.
 */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="mx-auto min-h-screen max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
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
