import { LoaderCircle } from "lucide-react";
import { type RefObject, useId } from "react";
import { Link } from "react-router";
import { CHECKOUT_FORM_ACTION } from "../../../../shared/checkout-form.js";
import { premiumHoldings } from "../../../../shared/data-claims.js";
import { formatUsd, PLANS, type PlanId } from "../../../../shared/plans.js";
import { SUBSCRIBE_TEXTS } from "../../../../shared/subscribe-texts.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardFooter, CardHeader } from "../../../components/ui/card.js";
import { useFundStats } from "../../../lib/use-fund-stats.js";
import { cn } from "../../../lib/utils.js";
import { CHECKOUT_POPUP_NAME } from "../checkout-popup.js";
import type { CheckoutTarget } from "../use-checkout.js";
import { CheckList } from "./check-list.js";

type GuestEmail = {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
};

type PlanPickerProps = {
  /** Present for a visitor who is not signed in. */
  guestEmail: GuestEmail | null;
  /** The plan whose checkout is starting or open. */
  busy: CheckoutTarget | null;
  /** A checkout is under way, or a payment is being confirmed: no second one meanwhile. */
  locked: boolean;
  opening: boolean;
  onChoose: (plan: PlanId) => void;
  onShowCheckout: () => void;
};

/**
 * Subscribe: 'Choose Your Plan' with the monthly and the lifetime plan. A form as plain HTML too
 * (issue 38, ADR 0066): before the app starts, a plan's button posts it into the checkout window
 * (the popup's own name), and the API's form route sends that window to the checkout. Once the
 * app runs, the buttons' handler opens the popup itself and the form's own submit is cancelled.
 */
export function PlanPicker({ guestEmail, busy, locked, opening, onChoose, onShowCheckout }: PlanPickerProps) {
  const monthly = PLANS.monthly;
  const lifetime = PLANS.lifetime;
  const counts = useFundStats().data;
  return (
    <section aria-labelledby="choose-plan-title" className="flex flex-col gap-8">
      <div className="text-center">
        <h2 id="choose-plan-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {SUBSCRIBE_TEXTS.choosePlan}
        </h2>
        <p className="mt-1.5 text-sm text-slate-600">{SUBSCRIBE_TEXTS.choosePlanHint}</p>
      </div>

      <form
        method="post"
        action={CHECKOUT_FORM_ACTION}
        target={CHECKOUT_POPUP_NAME}
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-col gap-8"
      >
        {guestEmail && <GuestEmailField {...guestEmail} disabled={locked} />}

        <div className="mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2">
          <PlanCard
            name={monthly.name}
            price={formatUsd(monthly.priceUsd)}
            period={SUBSCRIBE_TEXTS.perMonth}
            notes={[
              `${formatUsd(monthly.yearlyEquivalentUsd)} ${SUBSCRIBE_TEXTS.perYear}`,
              SUBSCRIBE_TEXTS.cancelAnytime,
            ]}
            features={premiumFeatures(counts ? premiumHoldings(counts) : undefined)}
            action={SUBSCRIBE_TEXTS.subscribeMonthly}
            highlighted
            busy={busy}
            locked={locked}
            plan="monthly"
            opening={opening}
            onChoose={onChoose}
          />
          <PlanCard
            name={lifetime.name}
            price={formatUsd(lifetime.priceUsd)}
            period={SUBSCRIBE_TEXTS.oneTime}
            notes={[SUBSCRIBE_TEXTS.lifetimeNote]}
            features={[SUBSCRIBE_TEXTS.everythingInPremium, SUBSCRIBE_TEXTS.excelExport]}
            action={SUBSCRIBE_TEXTS.getLifetime}
            busy={busy}
            locked={locked}
            plan="lifetime"
            opening={opening}
            onChoose={onChoose}
          />
        </div>
      </form>

      {busy && busy !== "upgrade" && !opening && <CheckoutPendingNote onShowCheckout={onShowCheckout} />}
    </section>
  );
}

/** While the popup is open: where the payment happens, and a way back to a window gone behind. */
export function CheckoutPendingNote({ onShowCheckout }: { onShowCheckout: () => void }) {
  return (
    <div
      role="status"
      className="mx-auto flex w-full max-w-4xl flex-wrap items-center justify-center gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900"
    >
      <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <span>{SUBSCRIBE_TEXTS.checkoutPending}</span>
      <Button variant="link" size="sm" className="h-auto p-0" onClick={onShowCheckout}>
        {SUBSCRIBE_TEXTS.showCheckout}
      </Button>
    </div>
  );
}

function GuestEmailField({ value, error, onChange, onBlur, inputRef, disabled }: GuestEmail & { disabled: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <FormField
        ref={inputRef}
        id="guest-email"
        name="email"
        label={SUBSCRIBE_TEXTS.guestEmailLabel}
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        aria-required="true"
        value={value}
        error={error ?? undefined}
        hint={SUBSCRIBE_TEXTS.guestEmailHint}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <p className="text-sm text-slate-600">
        {SUBSCRIBE_TEXTS.guestHaveAccount}{" "}
        <Link
          to="/login"
          className="rounded-sm font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
        >
          {SUBSCRIBE_TEXTS.signInInstead}
        </Link>
      </p>
    </div>
  );
}

/**
 * Premium's list, selling what the data holds (issue 36): the contact details and criteria as
 * counted ("Cheque ranges for 182 funds"), in place of the general line, once the counts are here.
 */
function premiumFeatures(holdings: string[] | undefined): readonly string[] {
  if (!holdings || holdings.length === 0) return SUBSCRIBE_TEXTS.features;
  return SUBSCRIBE_TEXTS.features.flatMap((feature) =>
    feature === SUBSCRIBE_TEXTS.contactFeature ? holdings : [feature],
  );
}

type PlanCardProps = {
  plan: PlanId;
  name: string;
  price: string;
  period: string;
  notes: readonly string[];
  features: readonly string[];
  action: string;
  highlighted?: boolean;
  busy: CheckoutTarget | null;
  locked: boolean;
  opening: boolean;
  onChoose: (plan: PlanId) => void;
};

function PlanCard({
  plan,
  name,
  price,
  period,
  notes,
  features,
  action,
  highlighted = false,
  busy,
  locked,
  opening,
  onChoose,
}: PlanCardProps) {
  const titleId = useId();
  const mine = busy === plan;
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      className={cn("flex flex-col", highlighted && "border-indigo-300 ring-2 ring-indigo-600/15")}
    >
      <CardHeader className="gap-3">
        <h3 id={titleId} className="text-lg font-semibold tracking-tight text-slate-900">
          {name}
        </h3>
        <p className="flex items-baseline gap-1.5">
          <span className="text-4xl font-bold tracking-tight text-slate-900">{price}</span>
          <span className="text-sm font-medium text-slate-600">{period}</span>
        </p>
        <ul className="flex flex-col gap-0.5 text-sm text-slate-600">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </CardHeader>
      <CardContent className="flex-1">
        <CheckList items={features} className="border-t border-slate-100 pt-5" />
      </CardContent>
      <CardFooter>
        <Button
          type="submit"
          name="plan"
          value={plan}
          size="lg"
          variant={highlighted ? "default" : "outline"}
          className="w-full"
          disabled={locked}
          aria-busy={mine || undefined}
          onClick={() => onChoose(plan)}
        >
          {mine && <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
          {mine && opening ? SUBSCRIBE_TEXTS.openingCheckout : action}
        </Button>
      </CardFooter>
    </Card>
  );
}
