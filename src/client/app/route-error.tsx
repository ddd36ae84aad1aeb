import { RotateCcw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import type { PageMeta } from "../../shared/page-meta.js";
import { pageTitle } from "../../shared/site.js";
import { Button } from "../components/ui/button.js";
import { usePageMeta } from "../lib/use-page-meta.js";

const ERROR_META: PageMeta = {
  title: pageTitle("Something went wrong"),
  description: "This page could not be shown. Reloading usually helps.",
  robots: "noindex",
  inSitemap: false,
};

/** Last line of defence for a page that throws while rendering: keep the shell, offer a reload. */
export function RouteError() {
  usePageMeta(ERROR_META);
  return (
    <section aria-labelledby="route-error-title" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 id="route-error-title" className="text-3xl font-bold tracking-tight text-slate-900">
        Something went wrong
      </h1>
      <p className="mt-4 text-slate-600">This page could not be shown. Reloading usually helps.</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        <RotateCcw aria-hidden="true" />
        Reload page
      </Button>
    </section>
  );
}

/** Catches a page's render error; keyed by path in the layout so that navigating away resets it. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
