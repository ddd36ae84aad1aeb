import {
  CalendarX,
  CreditCard,
  ExternalLink,
  Infinity as InfinityIcon,
  LoaderCircle,
  RotateCcw,
  Search,
} from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { formatUsd, PLANS } from "../../../../shared/plans.js";
import { SUBSCRIBE_TEXTS } from "../../../../shared/subscribe-texts.js";
import { Badge } from "../../../components/ui/badge.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardHeader } from "../../../components/ui/card.js";
import {
  BADGE_TONE_CLASS,
  subscriptionStatusLabel,
  subscriptionStatusTone,
  subscriptionTypeLabel,
} from "../../../lib/subscription-status.js";
import {
  type Availability,
  formatLongUsDate,
  isEnding,
  type SubscriptionFields,
  subscriptionDateLine,
  upgradeAvailability,
} from "../subscription-display.js";
import { useResumeSubscription } from "../use-resume-subscription.js";
import { CheckList } from "./check-list.js";
import { CheckoutPendingNote } from "./plan-picker.js";

type SubscriptionOverviewProps = {
  subscription: SubscriptionFields;
  billing: Availability;
  billingPending: boolean;
  onManageBilling: () => void;
  /** The upgrade's checkout: starting ('opening'), open ('pending'), or neither (null). */
  upgrade: "opening" | "pending" | null;
  checkoutBusy: boolean;
  onUpgrade: () => void;
  onShowCheckout: () => void;
};

/** Subscribe, for a subscriber: the subscription details card and the benefits. */
export function SubscriptionOverview({
  subscription,
  billing,
  billingPending,
  onManageBilling,
  upgrade,
  checkoutBusy,
  onUpgrade,
  onShowCheckout,
}: SubscriptionOverviewProps) {
  const canUpgrade = upgradeAvailability(subscription).available;
  return (
    <div className="flex flex-col gap-6">
      <div className="mx-auto grid w-full max-w-4xl items-start gap-6 md:grid-cols-2">
        <SubscriptionDetailsCard
          subscription={subscription}
          billing={billing}
          billingPending={billingPending}
          onManageBilling={onManageBilling}
          canUpgrade={canUpgrade}
          upgrade={upgrade}
          checkoutBusy={checkoutBusy}
          onUpgrade={onUpgrade}
        />
        <BenefitsCard lifetime={subscription.subscriptionType === "lifetime"} />
      </div>
      {upgrade === "pending" && <CheckoutPendingNote onShowCheckout={onShowCheckout} />}
    </div>
  );
}

function SubscriptionDetailsCard({
  subscription,
  billing,
  billingPending,
  onManageBilling,
  canUpgrade,
  upgrade,
  checkoutBusy,
  onUpgrade,
}: Omit<SubscriptionOverviewProps, "onShowCheckout"> & { canUpgrade: boolean }) {
  const reasonId = useId();
  const upgradeHintId = useId();
  const status = subscription.subscriptionStatus;
  const dateLine = subscriptionDateLine(subscription);
  const rows = [
    {
      label: SUBSCRIBE_TEXTS.status,
      value: (
        <Badge variant="outline" className={BADGE_TONE_CLASS[subscriptionStatusTone(status)]}>
          {subscriptionStatusLabel(status)}
        </Badge>
      ),
    },
    { label: SUBSCRIBE_TEXTS.type, value: subscriptionTypeLabel(subscription.subscriptionType) },
    ...(dateLine ? [{ label: dateLine.label, value: dateLine.value }] : []),
  ];

  return (
    <Card>
      <CardHeader className="pb-4">
        <h3 className="flex items-center gap-2 text-lg font-semibold tracking-tight text-slate-900">
          <CreditCard className="size-5 text-indigo-600" aria-hidden="true" />
          {SUBSCRIBE_TEXTS.subscriptionDetails}
        </h3>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="flex flex-col divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
              <dt className="font-medium text-slate-600">{row.label}</dt>
              <dd className="font-semibold text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>

        {isEnding(subscription) && <EndingNotice endDate={subscription.subscriptionEndDate} />}

        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            className="w-full"
            disabled={!billing.available || billingPending}
            aria-describedby={billing.available ? undefined : reasonId}
            onClick={onManageBilling}
          >
            {billingPending ? (
              <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <ExternalLink aria-hidden="true" />
            )}
            {billing.available ? SUBSCRIBE_TEXTS.manageBilling : SUBSCRIBE_TEXTS.billingUnavailable}
            {billing.available && <span className="sr-only"> (opens in a new tab)</span>}
          </Button>
          {!billing.available && (
            <p id={reasonId} className="text-xs text-slate-600">
              {billing.reason}
            </p>
          )}
        </div>

        {canUpgrade && (
          <div className="flex flex-col gap-2 rounded-xl border border-indigo-100 bg-indigo-50/60 p-4">
            <p id={upgradeHintId} className="text-sm text-slate-700">
              {SUBSCRIBE_TEXTS.upgradeHint(formatUsd(PLANS.lifetime.priceUsd))}
            </p>
            <Button
              className="w-full"
              disabled={checkoutBusy}
              aria-busy={upgrade !== null || undefined}
              aria-describedby={upgradeHintId}
              onClick={onUpgrade}
            >
              {upgrade ? (
                <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <InfinityIcon aria-hidden="true" />
              )}
              {upgrade === "opening" ? SUBSCRIBE_TEXTS.openingCheckout : SUBSCRIBE_TEXTS.upgradeToLifetime}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * After 'Cancel at period end' in the billing portal: the plan ends on its end date instead of
 * renewing, and the member can take that back here, as the portal itself allows until then.
 */
function EndingNotice({ endDate }: { endDate: string | null }) {
  const resume = useResumeSubscription();
  const hintId = useId();
  return (
    <div role="note" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <div className="flex items-start gap-2.5">
        <CalendarX className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="text-sm text-amber-950">
          <p className="font-semibold">{SUBSCRIBE_TEXTS.endingTitle}</p>
          <p className="mt-1">{SUBSCRIBE_TEXTS.endingText(formatLongUsDate(endDate))}</p>
          <p id={hintId} className="mt-1 text-amber-900">
            {SUBSCRIBE_TEXTS.resumeHint}
          </p>
        </div>
      </div>
      <Button
        className="w-full"
        disabled={resume.isPending}
        aria-busy={resume.isPending || undefined}
        aria-describedby={hintId}
        onClick={() => resume.mutate()}
      >
        {resume.isPending ? (
          <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <RotateCcw aria-hidden="true" />
        )}
        {resume.isPending ? SUBSCRIBE_TEXTS.resuming : SUBSCRIBE_TEXTS.resume}
      </Button>
    </div>
  );
}

function BenefitsCard({ lifetime }: { lifetime: boolean }) {
  const benefits = lifetime ? [...SUBSCRIBE_TEXTS.features, SUBSCRIBE_TEXTS.excelExport] : SUBSCRIBE_TEXTS.features;
  return (
    <Card>
      <CardHeader className="pb-4">
        <h3 className="text-lg font-semibold tracking-tight text-slate-900">{SUBSCRIBE_TEXTS.yourBenefits}</h3>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <CheckList items={benefits} />
        <Button asChild className="self-start">
          <Link to="/#find-investors">
            <Search aria-hidden="true" />
            {SUBSCRIBE_TEXTS.findInvestors}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
