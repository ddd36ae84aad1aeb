import { Check, Lock } from "lucide-react";
import { Link } from "react-router";
import { formatUsd, PLANS } from "../../shared/plans.js";
import { hiddenCountText, TEXTS } from "../../shared/texts.js";
import { cn } from "../lib/utils.js";
import { Button } from "./ui/button.js";

const BENEFITS = [
  "Unlimited fund access",
  "Fund contact information and investment criteria",
  "Advanced filtering and saved favourites",
];

/** Tells a non-subscriber how many matches are hidden and how to see them. */
export function PaywallCard({ hiddenCount, className }: { hiddenCount: number; className?: string }) {
  return (
    <section
      aria-labelledby="paywall-title"
      className={cn(
        "relative overflow-hidden rounded-2xl bg-linear-to-br from-indigo-700 via-indigo-700 to-indigo-900 p-6 text-white shadow-lg sm:p-8",
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-indigo-400/20 blur-3xl"
      />
      <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl">
          <span className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-white/15">
            <Lock className="size-5" aria-hidden="true" />
          </span>
          <h3 id="paywall-title" className="text-2xl font-semibold tracking-tight">
            {hiddenCountText(hiddenCount)}
          </h3>
          <p className="mt-2 text-indigo-100">
            You are seeing the top 3. Premium shows every match, with the details you need to reach out.
          </p>
          <ul className="mt-4 grid gap-2 text-sm text-indigo-50">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-indigo-200" aria-hidden="true" />
                {benefit}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col items-stretch gap-2 text-center md:min-w-72">
          <Button
            asChild
            size="lg"
            className="h-auto min-h-12 bg-white py-3 text-center text-indigo-800 whitespace-normal hover:bg-indigo-50 focus-visible:ring-white focus-visible:ring-offset-indigo-800"
          >
            <Link to="/subscribe">{TEXTS.paywall.upgrade}</Link>
          </Button>
          <p className="text-sm text-indigo-100">{TEXTS.paywall.cancelAnytime}</p>
          <p className="text-xs text-indigo-200">or {formatUsd(PLANS.lifetime.priceUsd)} once for lifetime access</p>
        </div>
      </div>
    </section>
  );
}
