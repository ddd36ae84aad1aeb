import { CalendarClock, Flag, History, ShieldCheck } from "lucide-react";
import { coverageText, type DataCounts, factSourcesText, fundsCountText } from "../../../shared/data-claims.js";
import { useFundStats } from "../../lib/use-fund-stats.js";

const POINTS = [
  {
    icon: ShieldCheck,
    title: "Sourced where we can, and honest where we cannot yet",
    // The counted line comes from the data (see countedSources); this is what shows without counts.
    text: "Every fund is a real venture capital firm from FundMatch's curated list. A fact we found in a public source (a fund announcement, the firm's own site, a filing) names that source and its date; a fact we have no public source for yet says so. We do not copy other databases.",
  },
  {
    icon: CalendarClock,
    title: "Counted, not estimated",
    // The counted line comes from the data (see CountedPoint); this is what shows without counts.
    text: "We add new funds and correct what has changed, such as fund sizes, stages, focus areas and check sizes. Every number we give about our data is counted from it.",
  },
  {
    icon: History,
    title: "Where each fact comes from",
    text: "Each fact shows its source and its date, linked, for example “techcrunch.com · Mar 2024”: the fact's own date, or the day we read the source. Each fund says when it was listed and, once a person has checked it, when it was reviewed. Where a fact is unknown it reads “Not disclosed”, never a guess.",
  },
  {
    icon: Flag,
    title: "Corrected by founders",
    text: "Spotted something out of date? Use “Report outdated info” on the fund's page. Every report is reviewed by our team before the next update.",
  },
] as const;

/** "Of our 1,204 funds, 812 have a fund size, …": the data as measured, or nothing without the counts. */
function countedText(counts: DataCounts | undefined): string | undefined {
  return counts
    ? `Of our ${fundsCountText(counts)}, ${coverageText(counts)}. Where a fact is unknown, it reads “Not disclosed”.`
    : undefined;
}

/** How the fund data is kept; the hero's 'How our data is sourced' signal links here (/#about-our-data). */
export function AboutDataSection() {
  const counts = useFundStats().data;
  const counted = countedText(counts);
  const countedSources = factSourcesText(counts);
  return (
    <section id="about-our-data" aria-labelledby="about-our-data-title" className="below-fold py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="about-our-data-title" className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            About our data
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            A match is only as good as the facts behind it. This is how we keep them right.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-slate-600">
                  {title === "Counted, not estimated" && counted ? counted : text}
                </p>
                {title === POINTS[0].title && countedSources && (
                  <p data-testid="fact-sources" className="mt-2 text-sm leading-relaxed text-slate-600">
                    {countedSources}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
