import { ArrowLeft, CircleCheck, Info, LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { PlanId } from "../../../shared/plans.js";
import type { SessionUser } from "../../../shared/schemas/auth.js";
import { SUBSCRIBE_TEXTS } from "../../../shared/subscribe-texts.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { useAccountStatus } from "../../lib/account-status.js";
import { appConfig } from "../../lib/app-config.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useSessionQuery } from "../../lib/use-session-query.js";
import { GuestPaidCard } from "./components/guest-paid-card.js";
import { PlanPicker } from "./components/plan-picker.js";
import { SubscriptionOverview } from "./components/subscription-overview.js";
import { guestEmailError } from "./guest-email.js";
import { type StripeScriptState, stripeScriptReady, useStripeScript } from "./stripe-script.js";
import {
  billingAvailability,
  currentSubscription,
  hasActiveSubscription,
  upgradeAvailability,
} from "./subscription-display.js";
import { useBillingPortal } from "./use-billing-portal.js";
import { useCheckout } from "./use-checkout.js";
import { useRefreshOnReturn } from "./use-refresh-on-return.js";

/** Subscribe (/subscribe): plans and checkout, or the subscriber's details. */
export function SubscribePage() {
  usePageMeta(PAGE_META["/subscribe"]);
  const config = appConfig();
  // The provider's script is loaded by this page only, when a key is configured.
  const stripe = useStripeScript(config.stripePublishableKey);
  const session = useSessionQuery();
  // Back from the billing portal's tab (or any other): the subscription is read again.
  useRefreshOnReturn();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {SUBSCRIBE_TEXTS.backHome}
        </Link>
      </Button>
      <header className="mx-auto mt-4 max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{SUBSCRIBE_TEXTS.title}</h1>
        <p className="mt-3 text-base text-slate-600 sm:text-lg">{SUBSCRIBE_TEXTS.intro}</p>
      </header>
      {config.paymentsMode === "demo" && <DemoNotice />}
      <div className="mt-10">
        {session.isPending ? (
          <SubscribeSkeleton />
        ) : (
          <Subscribe
            user={session.data?.user ?? null}
            demo={config.paymentsMode === "demo"}
            stripe={stripe.state}
            retryStripe={stripe.retry}
          />
        )}
      </div>
    </div>
  );
}

type SubscribeProps = {
  user: SessionUser | null;
  demo: boolean;
  stripe: StripeScriptState;
  retryStripe: () => void;
};

function Subscribe({ user, demo, stripe, retryStripe }: SubscribeProps) {
  const accountStatus = useAccountStatus(user !== null);
  const subscription = user ? currentSubscription(user, accountStatus.data) : null;
  const subscribed = hasActiveSubscription(subscription?.subscriptionStatus);

  const checkout = useCheckout({
    signedIn: user !== null,
    paymentsReady: stripeScriptReady(stripe),
    onPaymentsNotReady: stripe === "failed" ? retryStripe : undefined,
    openingText: SUBSCRIBE_TEXTS.openingCheckout,
  });
  const billing = billingAvailability(subscription);
  const portal = useBillingPortal(billing, SUBSCRIBE_TEXTS.openingBilling);

  // Guest checkout: only for a visitor who is not signed in.
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // What the visitor typed before the app started (the field is plain HTML until then) is kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useEffect(() => {
    const typed = emailRef.current?.value;
    if (typed && !email) setEmail(typed);
  }, []);

  const { state } = checkout;
  const busy = state.status === "opening" || state.status === "pending" ? state.target : null;
  const locked = busy !== null || state.status === "activating";

  const choosePlan = (plan: PlanId) => {
    let guestEmail: string | null = null;
    if (!user) {
      // The field's own value when the state has not caught up with typing done before hydration.
      const typed = email || emailRef.current?.value || "";
      const error = guestEmailError(typed);
      if (error) {
        setEmailError(error);
        emailRef.current?.focus();
        return;
      }
      guestEmail = typed.trim();
    }
    void checkout.start({ kind: "plan", plan, email: guestEmail });
  };

  const upgrade = () => {
    const allowed = upgradeAvailability(subscription);
    if (!allowed.available) {
      toast.error(allowed.reason);
      return;
    }
    void checkout.start({ kind: "upgrade" });
  };

  return (
    <div className="flex flex-col gap-8">
      {accountStatus.isError && (
        <p
          role="alert"
          className="mx-auto flex w-full max-w-4xl items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {SUBSCRIBE_TEXTS.statusLoadFailed}
        </p>
      )}

      {/* The refreshed session may show the subscription before the polling has seen it. */}
      {state.status === "activating" && !subscribed && (
        <p
          role="status"
          className="mx-auto flex w-full max-w-4xl items-center justify-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
        >
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {SUBSCRIBE_TEXTS.activating}
        </p>
      )}

      {/* Present from the start, so that the guest's confirmation is announced when it appears. */}
      <div aria-live="polite">{state.status === "guest-paid" && <GuestPaidCard email={state.email} demo={demo} />}</div>

      {state.status === "guest-paid" ? null : subscribed && subscription ? (
        <section aria-labelledby="all-set-title" className="flex flex-col gap-8">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100">
              <CircleCheck className="size-6" aria-hidden="true" />
            </span>
            <h2 id="all-set-title" className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
              {SUBSCRIBE_TEXTS.allSet}
            </h2>
            <p className="mt-1.5 max-w-lg text-sm text-slate-600">{SUBSCRIBE_TEXTS.allSetHint}</p>
          </div>
          <SubscriptionOverview
            subscription={subscription}
            billing={billing}
            billingPending={portal.pending}
            onManageBilling={() => void portal.open()}
            upgrade={busy === "upgrade" ? (state.status === "opening" ? "opening" : "pending") : null}
            checkoutBusy={locked}
            onUpgrade={upgrade}
            onShowCheckout={checkout.focusPopup}
          />
        </section>
      ) : (
        <PlanPicker
          guestEmail={
            user
              ? null
              : {
                  value: email,
                  error: emailError,
                  inputRef: emailRef,
                  // The error clears when the visitor types.
                  onChange: (value) => {
                    setEmail(value);
                    if (emailError) setEmailError(null);
                  },
                  // Forms in general: checked on blur too, once something is typed.
                  onBlur: () => {
                    if (email.trim()) setEmailError(guestEmailError(email));
                  },
                }
          }
          busy={busy}
          locked={locked}
          opening={state.status === "opening"}
          onChoose={choosePlan}
          onShowCheckout={checkout.focusPopup}
        />
      )}
    </div>
  );
}

/** Demo payments (docs/decisions/0009) are labelled as such wherever a checkout can start. */
function DemoNotice() {
  return (
    <div
      role="note"
      className="mx-auto mt-6 flex max-w-2xl items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{SUBSCRIBE_TEXTS.demoNotice}</p>
    </div>
  );
}

function SubscribeSkeleton() {
  return (
    <div role="status" aria-label={SUBSCRIBE_TEXTS.loading} className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      <Skeleton className="h-96 rounded-2xl" />
      <Skeleton className="h-96 rounded-2xl" />
    </div>
  );
}
