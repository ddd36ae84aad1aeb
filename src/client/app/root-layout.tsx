import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { ConsentMount } from "./consent-mount.js";
import { RouteErrorBoundary } from "./route-error.js";
import { SiteFooter } from "./site-footer.js";
import { SiteHeader } from "./site-header.js";
import { useHashScroll, useScrollToTopOnNavigate } from "./use-hash-scroll.js";

export function RootLayout() {
  const { pathname } = useLocation();
  useHashScroll();
  useScrollToTopOnNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* Before the header in the DOM, as a keyboard or screen reader user should meet it first. */}
      <ConsentMount />
      {/*
        The header and the footer in Suspense boundaries of their own, although neither suspends:
        React hydrates a boundary apart from the page around it, so a first tap in the page's content
        waits for the layout and that content, not for the header's menus and the footer's links too
        (selective hydration; issue 38, docs/performance.md).
      */}
      <Suspense fallback={null}>
        <SiteHeader />
      </Suspense>
      <main id="main" tabIndex={-1} className="flex-1 outline-hidden">
        <RouteErrorBoundary key={pathname}>
          {/* Lazy pages (legal) load here; navigations keep the old page on screen meanwhile (transitions). */}
          <Suspense fallback={<div className="min-h-screen" />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
