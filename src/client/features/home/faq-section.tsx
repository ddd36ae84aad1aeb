import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { contactEmail, contactHref, type FaqItem, faqItems } from "../../../shared/faq.js";
import { useFundStats } from "../../lib/use-fund-stats.js";

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="below-fold bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_2fr] lg:gap-16 lg:px-8">
        <div>
          <h2 id="faq-title" className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            Frequently Asked Questions
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Can't find your answer?{" "}
            <a
              href={contactHref}
              className="font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-800"
            >
              Write to us
            </a>
            .
          </p>
        </div>
        <FaqList />
      </div>
    </section>
  );
}

/**
 * The questions as an accordion where one answer at most is open: a button per question
 * (aria-expanded, aria-controls) and its answer, always in the page and hidden while closed, so
 * readers and crawlers get every answer. One piece of state and no effects: the Radix accordion it
 * replaces set state from layout effects in every item on hydration, which made the home page's
 * hydration one long task of cascading synchronous re-renders.
 */
function FaqList() {
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  // The same answers as the page's structured data, counted from the same call.
  const stats = useFundStats();
  const FAQ = faqItems(stats.data);
  const buttonId = (item: FaqItem) => `${baseId}-q-${item.id}`;
  // The arrow keys, Home and End move between the questions (the keyboard pattern of an accordion).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: FAQ.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = FAQ[(target + FAQ.length) % FAQ.length];
    if (next) document.getElementById(buttonId(next))?.focus();
  };
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-5 shadow-xs sm:px-7">
      {FAQ.map((item, index) => {
        const expanded = open === item.id;
        const answerId = `${baseId}-a-${item.id}`;
        return (
          <div key={item.id} className="border-b border-slate-200 last:border-b-0">
            <h3 className="flex">
              <button
                type="button"
                id={buttonId(item)}
                aria-expanded={expanded}
                aria-controls={answerId}
                onClick={() => setOpen(expanded ? null : item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="group flex flex-1 items-center justify-between gap-4 rounded-md py-5 text-left text-base font-semibold text-slate-900 transition-colors outline-hidden hover:text-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2"
              >
                {item.question}
                <ChevronDown
                  className="size-5 shrink-0 text-slate-500 motion-safe:transition-transform motion-safe:duration-200 group-aria-expanded:rotate-180"
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div
              id={answerId}
              hidden={!expanded}
              className="pb-5 leading-relaxed text-slate-600 motion-safe:animate-answer-in"
            >
              <Answer item={item} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The answer's text, with the contact address as a link. */
function Answer({ item }: { item: FaqItem }) {
  const at = item.id === "contact" ? item.answer.indexOf(contactEmail) : -1;
  if (at === -1) return item.answer;
  return (
    <>
      {item.answer.slice(0, at)}
      <a href={contactHref} className="font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-800">
        {contactEmail}
      </a>
      {item.answer.slice(at + contactEmail.length)}
    </>
  );
}
