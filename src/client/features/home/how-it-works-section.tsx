const STEPS = [
  {
    title: "Set your criteria",
    text: "Pick your country, the stage you are raising and your industry. Leave any of them on “Any” to cast a wider net.",
  },
  {
    title: "Review your matches",
    text: "Funds are ranked by how closely they fit, and every card tells you why it matched: stage, sector, location.",
  },
  {
    title: "Reach out with confidence",
    text: "Shortlist the right funds and go in prepared, knowing their check size, focus and whether they lead rounds.",
  },
] as const;

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="below-fold bg-slate-900 py-20 text-white sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-it-works-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            How It Works
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            From a blank list to a focused investor pipeline in three steps.
          </p>
        </div>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-indigo-500 text-base font-semibold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
