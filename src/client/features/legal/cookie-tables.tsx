import type { ReactNode } from "react";
import { ANALYTICS_COOKIES, COOKIE_DURATIONS } from "../../../shared/consent.js";

const CATEGORIES = [
  {
    category: "Essential",
    examples: "Session cookie",
    purpose: "Keeps you signed in and protects your account and our forms against abuse.",
    duration: COOKIE_DURATIONS.essential,
  },
  {
    category: "Functional",
    examples: "Your cookie choice (kept in local storage, not a cookie)",
    purpose: "Remembers whether you allowed analytics and marketing, so we do not ask on every visit.",
    duration: COOKIE_DURATIONS.functional,
  },
  {
    category: "Analytics (only with consent)",
    examples: ANALYTICS_COOKIES.map((cookie) => cookie.name).join(", "),
    purpose:
      "Google Analytics, loaded through Google Tag Manager: counts visits and searches so we can improve FundMatch.",
    duration: COOKIE_DURATIONS.analytics,
  },
  {
    category: "Marketing (only with consent)",
    examples: "None set today",
    purpose: "Would measure advertising campaigns. If we ever add them, they will stay off until you allow them.",
    duration: "Not applicable",
  },
] as const;

/**
 * A wide table scrolls sideways on a phone; the wrapper is focusable so keyboard users can scroll
 * it too, and named so they know what they are in.
 */
function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="not-prose relative mt-5 overflow-x-auto rounded-xl border border-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-600"
    >
      {children}
    </section>
  );
}

const TH = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase";
const TD = "px-4 py-3 align-top text-sm";

export function CookieCategoriesTable() {
  return (
    <>
      <p className="mt-4 text-xs text-slate-500 sm:hidden">Scroll the table sideways to see every column.</p>
      <TableScroller label="Cookie categories">
        <table className="w-full min-w-[40rem] table-fixed border-collapse">
          <caption className="sr-only">Cookie categories, examples, purposes and durations</caption>
          <colgroup>
            <col className="w-[22%]" />
            <col className="w-[22%]" />
            <col className="w-[36%]" />
            <col className="w-[20%]" />
          </colgroup>
          <thead className="bg-slate-50">
            <HeaderRow columns={["Category", "Examples", "Purpose", "Duration"]} />
          </thead>
          <tbody className="divide-y divide-slate-200">
            {CATEGORIES.map((row) => (
              <tr key={row.category}>
                <th scope="row" className={`${TD} text-left font-semibold text-slate-900`}>
                  {row.category}
                </th>
                <td className={`${TD} [overflow-wrap:anywhere] text-slate-700`}>{row.examples}</td>
                <td className={`${TD} text-slate-700`}>{row.purpose}</td>
                <td className={`${TD} text-slate-900`}>{row.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </>
  );
}

function HeaderRow({ columns }: { columns: string[] }) {
  return (
    <tr>
      {columns.map((column) => (
        <th key={column} scope="col" className={TH}>
          {column}
        </th>
      ))}
    </tr>
  );
}

/** '_ga_<container-id>' may wrap before its placeholder rather than mid-word. */
function cookieName(name: string) {
  const at = name.indexOf("<");
  if (at <= 0) return name;
  return (
    <>
      {name.slice(0, at)}
      <wbr />
      {name.slice(at)}
    </>
  );
}

/** Three short columns fit a phone, so this one needs no scrolling wrapper. */
export function AnalyticsCookiesTable() {
  return (
    <div className="not-prose mt-5 overflow-hidden rounded-xl border border-slate-200">
      <table className="w-full border-collapse">
        <caption className="sr-only">Analytics cookies, set only with your consent</caption>
        <thead className="bg-slate-50">
          <HeaderRow columns={["Cookie", "Purpose", "Duration"]} />
        </thead>
        <tbody className="divide-y divide-slate-200">
          {ANALYTICS_COOKIES.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row" className={`${TD} text-left font-mono text-[0.8125rem] font-medium text-slate-900`}>
                {cookieName(cookie.name)}
              </th>
              <td className={`${TD} text-slate-700`}>{cookie.purpose}</td>
              <td className={`${TD} whitespace-nowrap text-slate-900`}>{cookie.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
