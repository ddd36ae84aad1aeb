import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  ACCEPT_ALL,
  CONSENT_MAX_AGE_MS,
  CONSENT_VERSION,
  type ConsentPreferences,
  DEFAULT_CONSENT,
  REJECT_ALL,
} from "../../../shared/consent.js";
import { CONSENT_TEXTS } from "../../../shared/consent-texts.js";
import { Button } from "../../components/ui/button.js";
import { getConsent, saveConsent } from "../../lib/consent.js";
import { PreferenceRows } from "./preference-rows.js";

const HEIGHT_VARIABLE = "--consent-banner-height";

/**
 * Publishes the banner's height as a CSS variable: the page gets that much room at its end and
 * focus scrolling keeps clear of it (styles.css), so the fixed banner never hides the last content
 * or a focused control for good.
 */
function useReservedSpace() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(HEIGHT_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, []);
  return ref;
}

type View = "main" | "preferences";

/**
 * The first-visit banner. Deliberately not modal: the page stays usable while it
 * is open. It is early in the DOM, so keyboard users reach it before the page.
 */
export function CookieBanner() {
  const ref = useReservedSpace();
  const [view, setView] = useState<View>("main");
  const [draft, setDraft] = useState<ConsentPreferences>(DEFAULT_CONSENT);
  const manageRef = useRef<HTMLButtonElement>(null);
  const preferencesTitleRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);

  // The button that was pressed disappears with the view; put focus where the visitor continues.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (view === "main" ? manageRef.current : preferencesTitleRef.current)?.focus();
  }, [view]);

  const showView = (next: View) => {
    // Each visit to the preferences starts from what is stored; closing discards the draft.
    if (next === "preferences") setDraft(getConsent()?.preferences ?? DEFAULT_CONSENT);
    moveFocus.current = true;
    setView(next);
  };

  return (
    <section
      ref={ref}
      aria-label="Cookie consent"
      // What the page's first script needs to judge a stored choice before the app runs
      // (after-paint.js): the record's version and how long a choice holds.
      data-consent-banner=""
      data-consent-version={CONSENT_VERSION}
      data-consent-max-age={CONSENT_MAX_AGE_MS}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 p-2 sm:p-4"
    >
      {/* Never taller than the space below the sticky header, which stays usable; longer content scrolls. */}
      <div className="pointer-events-auto mx-auto max-h-[calc(100dvh-5rem)] max-w-5xl overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/20">
        {view === "main" ? (
          // On a phone the banner must leave the page usable above it: a title only for screen readers,
          // one short sentence with the policy link, and the three choices in one row.
          <div className="flex flex-col gap-2.5 p-3 sm:gap-3 sm:p-5 md:flex-row md:items-center md:gap-8">
            <div className="min-w-0 flex-1">
              <h2 className="sr-only text-sm font-semibold text-slate-900 sm:not-sr-only sm:text-base">
                {CONSENT_TEXTS.bannerTitle}
              </h2>
              <p className="text-sm leading-snug text-slate-600 sm:mt-1 sm:leading-relaxed">
                <span className="sm:hidden">We use analytics cookies only if you agree. See our </span>
                <span className="hidden sm:inline">
                  We use necessary cookies to run the site and, only if you agree, analytics cookies to improve it. See
                  our{" "}
                </span>
                <Link
                  to="/privacy-policy"
                  className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
                >
                  Privacy Policy
                </Link>
                .
              </p>
            </div>
            {/* Refusing is exactly as easy and as prominent as accepting. */}
            <div className="grid shrink-0 grid-cols-3 gap-2 sm:grid-cols-2 md:flex">
              {/* Tapped before the app runs, each is held and replayed once it does (data-replay,
                  after-paint.js); a choice hides the banner at once meanwhile (data-consent-choice). */}
              <Button
                ref={manageRef}
                id="consent-manage"
                data-replay=""
                variant="outline"
                className="h-auto min-h-9 px-2 leading-tight whitespace-normal sm:col-span-2 sm:h-9 sm:px-4 md:h-10"
                onClick={() => showView("preferences")}
              >
                {CONSENT_TEXTS.managePreferences}
              </Button>
              {[
                { id: "consent-reject", label: CONSENT_TEXTS.rejectAll, choice: REJECT_ALL },
                { id: "consent-accept", label: CONSENT_TEXTS.acceptAll, choice: ACCEPT_ALL },
              ].map(({ id, label, choice }) => (
                <Button
                  key={id}
                  id={id}
                  data-replay=""
                  data-consent-choice=""
                  className="h-auto min-h-9 px-2 sm:h-10 sm:px-4"
                  onClick={() => saveConsent(choice)}
                >
                  {label}
                </Button>
              ))}
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-3 p-4 sm:gap-4 sm:p-5">
            <div className="flex items-start justify-between gap-4">
              <div>
                <h2
                  ref={preferencesTitleRef}
                  tabIndex={-1}
                  className="text-base font-semibold text-slate-900 outline-hidden"
                >
                  {CONSENT_TEXTS.preferencesTitle}
                </h2>
                <p className="mt-1 text-sm text-slate-600">
                  Necessary cookies are always on; the others need your consent.
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={CONSENT_TEXTS.close}
                className="-mt-2 -mr-2 shrink-0"
                onClick={() => showView("main")}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            <PreferenceRows value={draft} onChange={setDraft} idPrefix="cookie-banner" className="md:grid-cols-3" />
            <div className="flex justify-end">
              <Button className="w-full sm:w-auto" onClick={() => saveConsent(draft)}>
                {CONSENT_TEXTS.savePreferences}
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
