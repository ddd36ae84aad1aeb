import { Component, type ErrorInfo, type ReactNode, Suspense, useState } from "react";
import { useConsent, useCookiePreferencesOpen } from "../lib/consent.js";
import { lazyPart } from "../lib/lazy-part.js";
import { useHydrated } from "../lib/use-hydrated.js";

// Most visits already have a stored choice and never open the dialog: the consent UI's code is
// fetched only when the banner or the dialog is actually needed.
const ConsentUi = lazyPart("features/consent/consent-ui.tsx", () =>
  import("../features/consent/consent-ui.js").then((module) => module.ConsentUi),
);

/** The banner and the preferences dialog, once per app. */
export function ConsentMount() {
  const consent = useConsent();
  const preferencesOpen = useCookiePreferencesOpen();
  // The stored choice is in the browser only: the server's page carries the banner for everyone,
  // shown before the app only where the page's first script found no choice (styles.css,
  // after-paint.js); once hydrated, the app keeps it for a visitor without a choice and drops it
  // for the others.
  const beforeApp = !useHydrated();
  // Once loaded it stays mounted, so the dialog can animate out and hand focus back.
  const [wanted, setWanted] = useState(false);
  if (!wanted && !beforeApp && (consent === null || preferencesOpen)) setWanted(true);
  if (!wanted && !beforeApp) return null;
  return (
    <ConsentErrorBoundary>
      <Suspense fallback={null}>
        <ConsentUi beforeApp={beforeApp} />
      </Suspense>
    </ConsentErrorBoundary>
  );
}

/** A consent UI that fails to load (a deploy replaced its chunk, a flaky network) must not take the page down. */
class ConsentErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn("The cookie consent UI could not be shown.", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
