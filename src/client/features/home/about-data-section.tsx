import { CalendarClock, Flag, History, ShieldCheck } from "lucide-react";

const POINTS = [
  {
    icon: ShieldCheck,
    title: "Curated from the source",
    text: "Every fund is a real venture capital firm, entered by our data team from what the firm publishes itself: its website, fund announcements and filings. We do not copy other databases.",
  },
  {
    icon: CalendarClock,
    title: "Updated bi-weekly",
    text: "Every two weeks we add new funds and correct what has changed, such as fund sizes, stages, focus areas and check sizes.",
  },
  {
    icon: History,
    title: "Dated and sourced",
    text: "Each fund shows when its record was last reviewed and where it came from, for example “Reviewed Nov 2026 · curated”. Where a fact is unknown we say so instead of guessing.",
  },
  {
    icon: Flag,
    title: "Corrected by founders",
    text: "Spotted something out of date? Use “Report outdated info” on the fund's page. Every report is reviewed by our team before the next update.",
  },
] as const;

/** How the fund data is kept; the hero's 'Updated bi-weekly' claim links here (/#about-our-data). */
export function AboutDataSection() {
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
                <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
