import { ArrowRight, BadgeCheck, Building2, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type DataCounts, fundsCountText, sourcedFactsSignal } from "../../../shared/data-claims.js";
import { TEXTS } from "../../../shared/texts.js";
import { useCachedFundStats } from "../../lib/fund-stats.js";

type TrustSignal = { icon: typeof Building2; text: string; href?: string };

/**
 * The number of funds and of facts with a public source and a date, counted (the server renders
 * them; without the counts they are left out), and how the data is kept: never more than is true
 * (issue 36: most facts are not yet sourced, so the hero does not say they all are).
 */
function trustSignals(counts: DataCounts | undefined): TrustSignal[] {
  const fundsCount = fundsCountText(counts);
  const sourced = sourcedFactsSignal(counts);
  return [
    ...(fundsCount ? [{ icon: Building2, text: fundsCount }] : []),
    ...(sourced ? [{ icon: BadgeCheck, text: sourced }] : []),
    // The claim links to how the data is kept (the About our data section, further down the page).
    { icon: RefreshCw, text: "How our data is sourced", href: "/#about-our-data" },
  ];
}

/** The page's h1, trust signals, and a slot for the search form (owned by the funds feature). */
export function HeroSection({ search }: { search: ReactNode }) {
  const signals = trustSignals(useCachedFundStats());
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-indigo-100),transparent),linear-gradient(to_bottom,var(--color-slate-50),var(--color-white))]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-112 bg-[linear-gradient(to_right,var(--color-slate-200)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-slate-200)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_top,black,transparent_70%)] bg-size-[3rem_3rem] opacity-40"
      />
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-20 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/80 px-3 py-1 text-xs font-semibold tracking-wide text-indigo-800 uppercase">
            Venture capital fund matching
          </p>
          <h1
            id="hero-title"
            className="text-[2rem] leading-tight font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            {TEXTS.home.title.replace("VC Match", "")}
            <span className="text-indigo-600">VC Match</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">
            Tell us where you are, what stage you are raising and what you build. We match you with venture capital
            funds that actually invest in companies like yours, and show you why each one fits.
          </p>
          <ul className="mt-7 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm font-medium text-slate-700">
            {signals.map((signal) => (
              <li key={signal.text} className="inline-flex items-center gap-2">
                <signal.icon className="size-4 text-indigo-600" aria-hidden="true" />
                {signal.href ? (
                  <Link
                    to={signal.href}
                    className="underline decoration-slate-300 underline-offset-4 hover:text-indigo-700"
                  >
                    {signal.text}
                  </Link>
                ) : (
                  signal.text
                )}
              </li>
            ))}
          </ul>
        </div>
        <div className="mx-auto mt-10 max-w-5xl">{search}</div>
        <p className="mt-6 text-center text-sm text-slate-700">
          Rather describe your startup?{" "}
          <Link
            to="/match"
            className="inline-flex items-center gap-1 font-semibold text-indigo-700 underline-offset-4 hover:underline"
          >
            Get a shortlist ranked by fit
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </div>
    </section>
  );
}
