import type { ReactNode } from "react";
import { Link } from "react-router";
import { SOCIAL_LINKS } from "../../../shared/site.js";

export type LegalSection = { id: string; title: string; content: ReactNode };

type LegalPageProps = {
  title: string;
  /** e.g. 'Last updated' (the two pages word it differently). */
  updatedLabel: string;
  /** ISO date for <time>, and the date as the page prints it. */
  updated: { iso: string; text: string };
  intro: ReactNode;
  sections: readonly LegalSection[];
};

/** Shared frame of the legal pages: one h1, the date, a table of contents and readable prose. */
export function LegalPage({ title, updatedLabel, updated, intro, sections }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="border-b border-slate-200 pb-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Legal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-600">
          {updatedLabel} <time dateTime={updated.iso}>{updated.text}</time>
        </p>
        <div className="legal-prose mt-2">{intro}</div>
      </header>

      <nav
        aria-labelledby="legal-contents-title"
        className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
      >
        <h2 id="legal-contents-title" className="text-sm font-semibold text-slate-900">
          On this page
        </h2>
        <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <Link
                to={{ hash: `#${section.id}` }}
                className="text-indigo-700 underline-offset-2 hover:text-indigo-900 hover:underline"
              >
                {section.title}
              </Link>
            </li>
          ))}
        </ol>
      </nav>

      <div className="legal-prose mt-4">
        {sections.map((section) => (
          <section key={section.id} id={section.id}>
            <h2>{section.title}</h2>
            {section.content}
          </section>
        ))}
      </div>
    </article>
  );
}

function findContactLink() {
  const link = SOCIAL_LINKS.find((candidate) => candidate.id === "email");
  if (!link) throw new Error("SOCIAL_LINKS has no contact e-mail address.");
  return link;
}

const CONTACT_LINK = findContactLink();

/** The contact address from the site's links, so the legal pages follow when it changes. */
export function ContactEmail() {
  return <a href={CONTACT_LINK.href}>{CONTACT_LINK.href.replace(/^mailto:/, "")}</a>;
}
