import { contactEmail, contactHref, FAQ, type FaqItem } from "../../../shared/faq.js";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion.js";

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
        {/* Only one answer open at a time. */}
        <Accordion
          type="single"
          collapsible
          className="rounded-2xl border border-slate-200 bg-white px-5 shadow-xs sm:px-7"
        >
          {FAQ.map((item) => (
            <AccordionItem key={item.id} value={item.id}>
              <AccordionTrigger>{item.question}</AccordionTrigger>
              {/* Always in the page (hidden while closed): readers and crawlers get every answer. */}
              <AccordionContent forceMount>
                <Answer item={item} />
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
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
