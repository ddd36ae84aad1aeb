import {
  BellRing,
  Bookmark,
  Contact,
  FileSpreadsheet,
  Infinity as InfinityIcon,
  SlidersHorizontal,
} from "lucide-react";
import { premiumCoverageText } from "../../../shared/data-claims.js";
import { canExportFunds, seesAllResults } from "../../../shared/entitlements.js";
import { formatUsd, PLANS } from "../../../shared/plans.js";
import { useFundStats } from "../../lib/use-fund-stats.js";
import { useSessionQuery } from "../../lib/use-session-query.js";

const FEATURES = [
  {
    icon: InfinityIcon,
    title: "Unlimited fund access",
    text: "See every fund that matches your search, not just the top three, ranked by how well each one fits.",
  },
  {
    icon: SlidersHorizontal,
    title: "Advanced filtering",
    text: "Narrow down by country, funding stage and industry focus to get to a shortlist you can actually work through.",
  },
  {
    icon: Contact,
    title: "Contact information and criteria",
    text: "The website, cheque range, round role and portfolio we know for each fund, in one place.",
  },
  {
    icon: Bookmark,
    title: "Saved favourites",
    text: "Keep the funds you want to pitch in one list and come back to it as your raise moves forward.",
  },
  {
    icon: BellRing,
    title: "Early access to new features",
    text: "Premium members get new tools first, as we build them with founders who are raising right now.",
  },
  {
    icon: FileSpreadsheet,
    title: "Excel export (Lifetime)",
    text: "Lifetime members can download every fund in the database as a spreadsheet for their own pipeline.",
  },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="below-fold py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Premium</p>
          <h2
            id="features-title"
            className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            Everything you need to build an investor shortlist
          </h2>
          <PlanLine />
          <CoverageLine />
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs">
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 ring-1 ring-indigo-100">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-base font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** What Premium shows, measured: for how many funds each detail is known (nothing while the counts are missing). */
function CoverageLine() {
  const counts = useFundStats().data;
  if (!counts) return null;
  return (
    <p data-testid="premium-coverage" className="mt-3 text-base text-slate-600">
      {premiumCoverageText(counts)}
    </p>
  );
}

/**
 * Visitors and members without a plan read the offer; a subscriber reads what their plan gives them.
 * The server renders this with the session it read: a signed-in page is private, never cached for
 * others, so the shared cached copy is always the visitor's.
 */
function PlanLine() {
  const user = useSessionQuery().data?.user;
  const className = "mt-4 text-lg text-slate-600";
  if (canExportFunds(user)) {
    return (
      <p className={className}>
        Your Lifetime membership gives you every match for every search, the advanced filters, your saved funds and the
        Excel export.
      </p>
    );
  }
  if (seesAllResults(user)) {
    return (
      <p className={className}>
        Your Premium plan gives you every match for every search, the advanced filters and your saved funds.
      </p>
    );
  }
  return (
    <p className={className}>
      Start free with your top three matches for every search. Premium is {formatUsd(PLANS.monthly.priceUsd)} a month,
      or {formatUsd(PLANS.lifetime.priceUsd)} once for lifetime access.
    </p>
  );
}
